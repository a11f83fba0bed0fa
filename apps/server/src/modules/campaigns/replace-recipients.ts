import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { campaignLimits, type ImportReport } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { channelContact } from '../channels/channels.tables';
import { campaign, campaignRecipient } from './campaigns.tables';

export type RecipientInput = {
  address: string;
  variables: Record<string, string>;
  displayName: string | null;
  /** The CSV row, for the report. */
  row?: number;
};

const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/**
 * Makes `recipients` the draft's recipient list, in one transaction: opted-out contacts are
 * left out (and counted), the others are created or updated as contacts of the connection
 * (their CSV columns kept as attributes) and queued once each.
 */
export async function replaceRecipients(options: {
  db: Database;
  campaign: typeof campaign.$inferSelect;
  recipients: RecipientInput[];
  variables: string[];
  report: ImportReport;
}): Promise<ImportReport> {
  const { db, report } = options;
  const row = options.campaign;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: campaign.status })
      .from(campaign)
      .where(eq(campaign.id, row.id))
      .for('update')
      .limit(1);
    if (locked?.status !== 'draft') throw new AppError('CONFLICT', { message: 'Only a draft campaign can be changed' });

    const optedOut = new Set<string>();
    for (const part of chunks(options.recipients)) {
      const found = await tx
        .select({ address: channelContact.address })
        .from(channelContact)
        .where(
          and(
            eq(channelContact.connectionId, row.connectionId),
            eq(channelContact.channel, row.channel),
            inArray(
              channelContact.address,
              part.map((entry) => entry.address),
            ),
            isNotNull(channelContact.optedOutAt),
          ),
        );
      for (const entry of found) optedOut.add(entry.address);
    }
    const kept = options.recipients.filter((entry) => {
      if (!optedOut.has(entry.address)) return true;
      report.optedOut += 1;
      if (report.optedOutRows.length < campaignLimits.reportRowsMax)
        report.optedOutRows.push({ row: entry.row ?? 0, value: entry.address });
      return false;
    });

    await tx.delete(campaignRecipient).where(eq(campaignRecipient.campaignId, row.id));
    for (const part of chunks(kept)) {
      const contacts = await tx
        .insert(channelContact)
        .values(
          part.map((entry) => ({
            id: randomUUID(),
            connectionId: row.connectionId,
            channel: row.channel,
            address: entry.address,
            displayName: entry.displayName,
            attributes: entry.variables,
          })),
        )
        .onConflictDoUpdate({
          target: [channelContact.connectionId, channelContact.channel, channelContact.address],
          set: {
            attributes: sql`${channelContact.attributes} || excluded.attributes`,
            displayName: sql`coalesce(excluded.display_name, ${channelContact.displayName})`,
          },
        })
        .returning({ id: channelContact.id, address: channelContact.address });
      const idOf = new Map(contacts.map((contact) => [contact.address, contact.id]));
      await tx
        .insert(campaignRecipient)
        .values(
          part.map((entry) => ({
            id: randomUUID(),
            campaignId: row.id,
            contactId: idOf.get(entry.address) ?? '',
            address: entry.address,
            variables: entry.variables,
          })),
        )
        .onConflictDoNothing();
    }
    report.added = kept.length;
    await tx
      .update(campaign)
      .set({ variables: options.variables, importReport: report, updatedAt: new Date() })
      .where(eq(campaign.id, row.id));
    return report;
  });
}
