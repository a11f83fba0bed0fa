import { eq, inArray, sql } from 'drizzle-orm';
import type { CampaignCounts } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { channelContact, channelConversation, channelMessage } from '../channels/channels.tables';
import { campaignRecipient } from './campaigns.tables';

export const emptyCounts: CampaignCounts = {
  total: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  replied: 0,
  optedOut: 0,
};

/**
 * The counts of each campaign: queued (claims in flight included), sent, delivered (the
 * provider's status callback), failed, replied (the contact wrote after the send) and opted
 * out (skipped, or STOP after the send).
 */
export async function countRecipients(db: Database, campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
  if (campaignIds.length === 0) return new Map();
  const count = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const replied = sql`${campaignRecipient.state} = 'sent' and exists (select 1 from ${channelMessage} im join ${channelConversation} cv on cv.id = im.conversation_id where cv.contact_id = ${campaignRecipient.contactId} and im.direction = 'inbound' and im.created_at >= ${campaignRecipient.sentAt})`;
  const rows = await db
    .select({
      campaignId: campaignRecipient.campaignId,
      total: sql<number>`count(*)::int`,
      queued: count(sql`${campaignRecipient.state} in ('queued', 'claimed')`),
      sent: count(sql`${campaignRecipient.state} = 'sent'`),
      delivered: count(sql`${channelMessage.status} in ('delivered', 'read')`),
      failed: count(sql`${campaignRecipient.state} = 'failed'`),
      replied: count(replied),
      optedOut: count(
        sql`${campaignRecipient.state} = 'skipped' or (${campaignRecipient.state} = 'sent' and ${channelContact.optedOutAt} > ${campaignRecipient.sentAt})`,
      ),
    })
    .from(campaignRecipient)
    .innerJoin(channelContact, eq(channelContact.id, campaignRecipient.contactId))
    .leftJoin(channelMessage, eq(channelMessage.providerMessageId, campaignRecipient.providerMessageId))
    .where(inArray(campaignRecipient.campaignId, campaignIds))
    .groupBy(campaignRecipient.campaignId);
  return new Map(rows.map(({ campaignId, ...counts }) => [campaignId, counts]));
}
