import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows-of';
import { channelConversation, channelMessage } from '../channels/channels.tables';
import type { SentMessage } from '../channels/messaging-provider';
import { applyEarlyStatuses } from '../channels/record-message-status';
import type { campaign, campaignRecipient } from './campaigns.tables';

export type CampaignSend = {
  recipient: Pick<typeof campaignRecipient.$inferSelect, 'id' | 'contactId'>;
  sent: SentMessage;
  body: string;
  sentAt: Date;
};

/**
 * Sends the provider accepted, written in one transaction: each recipient becomes 'sent'
 * (only from 'claimed', so a reconciled claim is recorded once) and its message joins the
 * contact's conversation, where the agent sees it when the contact replies. A batch keeps the
 * database work per message small at 100 messages a second.
 */
export async function recordCampaignSends(options: {
  db: Database;
  campaign: Pick<typeof campaign.$inferSelect, 'id' | 'connectionId' | 'channel' | 'agentId'>;
  sends: CampaignSend[];
  logger: FastifyBaseLogger;
}): Promise<void> {
  const { db, sends } = options;
  if (sends.length === 0) return;
  const rows = sends.map((entry) => ({
    id: entry.recipient.id,
    pid: entry.sent.providerMessageId,
    body: entry.body,
    sent_at: entry.sentAt.toISOString(),
  }));
  await db.transaction(async (tx) => {
    const updated = await tx.execute(sql`
      update campaign_recipient r
      set state = 'sent', provider_message_id = v.pid, body = v.body, sent_at = v.sent_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, pid text, body text, sent_at timestamptz)
      where r.id = v.id and r.state = 'claimed'
      returning r.id, r.contact_id`);
    const recorded = new Set(rowsOf<{ id: string }>(updated).map((row) => row.id));
    const fresh = sends.filter((entry) => recorded.has(entry.recipient.id));
    if (fresh.length === 0) return;
    const contactIds = fresh.map((entry) => entry.recipient.contactId);
    await tx
      .insert(channelConversation)
      .values(
        fresh.map((entry) => ({
          id: randomUUID(),
          connectionId: options.campaign.connectionId,
          contactId: entry.recipient.contactId,
          channel: options.campaign.channel,
          // No gateway thread yet ('' as the channels module does): it starts with the contact's first reply.
          threadId: '',
          agentId: options.campaign.agentId,
          lastMessage: entry.body,
          lastMessageTime: entry.sentAt,
        })),
      )
      .onConflictDoNothing();
    const conversations = await tx
      .select({ id: channelConversation.id, contactId: channelConversation.contactId })
      .from(channelConversation)
      .where(inArray(channelConversation.contactId, contactIds));
    const conversationOf = new Map(conversations.map((row) => [row.contactId, row.id]));
    const messages = fresh.flatMap((entry) => {
      const conversationId = conversationOf.get(entry.recipient.contactId);
      return conversationId
        ? [
            {
              id: randomUUID(),
              conversationId,
              direction: 'outbound' as const,
              role: 'campaign' as const,
              content: entry.body,
              providerMessageId: entry.sent.providerMessageId,
              status: entry.sent.status,
              campaignId: options.campaign.id,
              createdAt: entry.sentAt,
            },
          ]
        : [];
    });
    await tx.insert(channelMessage).values(messages).onConflictDoNothing();
    const touched = messages.map((message) => ({
      id: message.conversationId,
      body: message.content,
      at: message.createdAt.toISOString(),
    }));
    await tx.execute(sql`
      update channel_conversation c
      set last_message = v.body, last_message_time = greatest(c.last_message_time, v.at), total_messages = c.total_messages + 1
      from jsonb_to_recordset(${JSON.stringify(touched)}::jsonb) as v(id text, body text, at timestamptz)
      where c.id = v.id`);
  });
  // Delivery callbacks that came while the batch waited to be written.
  await applyEarlyStatuses({
    db,
    connectionId: options.campaign.connectionId,
    providerMessageIds: sends.map((entry) => entry.sent.providerMessageId),
    logger: options.logger,
  });
}
