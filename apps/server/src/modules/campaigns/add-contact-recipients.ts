import { and, eq, isNull } from 'drizzle-orm';
import type { ImportReport } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { channelContact } from '../channels/channels.tables';
import type { campaign } from './campaigns.tables';
import { replaceRecipients } from './replace-recipients';

/** Recipients from the connection's earlier contacts on the campaign's channel (opted-out ones left out). */
export async function addContactRecipients(options: {
  db: Database;
  row: typeof campaign.$inferSelect;
}): Promise<ImportReport> {
  const { db, row } = options;
  const contacts = await db
    .select()
    .from(channelContact)
    .where(
      and(
        eq(channelContact.connectionId, row.connectionId),
        eq(channelContact.channel, row.channel),
        isNull(channelContact.optedOutAt),
      ),
    )
    .limit(50_000);
  const columns = new Set<string>(['firstName']);
  for (const contact of contacts) for (const key of Object.keys(contact.attributes)) columns.add(key);
  return replaceRecipients({
    db,
    campaign: row,
    recipients: contacts.map((contact) => ({
      address: contact.address,
      displayName: contact.displayName,
      variables: { ...contact.attributes, firstName: contact.attributes.firstName ?? contact.displayName ?? '' },
    })),
    variables: [...columns],
    report: {
      totalRows: contacts.length,
      added: 0,
      invalid: 0,
      duplicates: 0,
      optedOut: 0,
      invalidRows: [],
      duplicateRows: [],
      optedOutRows: [],
    },
  });
}
