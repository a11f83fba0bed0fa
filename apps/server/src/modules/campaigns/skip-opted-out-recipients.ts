import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { hasOptedOut } from '../channels/contact-consent';
import { campaignRecipient } from './campaigns.tables';

/**
 * Claimed recipients whose contact opted out since the claim (a STOP while their batch waited)
 * become 'skipped' ('opted_out'), as at the claim; one statement for the rest of a batch.
 * Returns their ids: they are never sent.
 */
export async function skipOptedOutRecipients(options: { db: Database; recipientIds: string[] }): Promise<Set<string>> {
  if (options.recipientIds.length === 0) return new Set();
  const skipped = await options.db
    .update(campaignRecipient)
    .set({ state: 'skipped', error: 'opted_out' })
    .where(
      and(
        inArray(campaignRecipient.id, options.recipientIds),
        eq(campaignRecipient.state, 'claimed'),
        hasOptedOut(campaignRecipient.contactId),
      ),
    )
    .returning({ id: campaignRecipient.id });
  return new Set(skipped.map((row) => row.id));
}
