import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { channelConversation, channelMessage } from '../channels/channels.tables';
import type { SentMessage } from '../channels/messaging-provider';
import { campaignRecipient, type campaign } from './campaigns.tables';

/**
 * A send the provider accepted: the recipient becomes 'sent' (only from 'claimed', so a
 * reconciled claim is recorded once) and the message joins the contact's conversation, where
 * the agent sees it when the contact replies.
 */
export async function recordCampaignSend(options: {
  db: Database;
  campaign: Pick<typeof campaign.$inferSelect, 'id' | 'connectionId' | 'channel' | 'agentId'>;
  recipient: Pick<typeof campaignRecipient.$inferSelect, 'id' | 'contactId'>;
  sent: SentMessage;
  body: string;
  sentAt?: Date;
}): Promise<void> {
  const { db, sent } = options;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(campaignRecipient)
      .set({
        state: 'sent',
        providerMessageId: sent.providerMessageId,
        body: options.body,
        sentAt: options.sentAt ?? new Date(),
      })
      .where(and(eq(campaignRecipient.id, options.recipient.id), eq(campaignRecipient.state, 'claimed')))
      .returning({ id: campaignRecipient.id });
    if (!updated) return;
    const conversationId = await ensureConversation(tx, options);
    await tx
      .insert(channelMessage)
      .values({
        id: randomUUID(),
        conversationId,
        direction: 'outbound',
        role: 'campaign',
        content: options.body,
        providerMessageId: sent.providerMessageId,
        status: sent.status,
        campaignId: options.campaign.id,
      })
      .onConflictDoNothing();
    await tx
      .update(channelConversation)
      .set({
        lastMessage: options.body,
        lastMessageTime: new Date(),
        totalMessages: sql`${channelConversation.totalMessages} + 1`,
      })
      .where(eq(channelConversation.id, conversationId));
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function ensureConversation(tx: Transaction, options: Parameters<typeof recordCampaignSend>[0]): Promise<string> {
  const [created] = await tx
    .insert(channelConversation)
    .values({
      id: randomUUID(),
      connectionId: options.campaign.connectionId,
      contactId: options.recipient.contactId,
      channel: options.campaign.channel,
      // The gateway's thread starts with the contact's first reply; this id is reserved for it.
      threadId: randomUUID(),
      agentId: options.campaign.agentId,
    })
    .onConflictDoNothing()
    .returning({ id: channelConversation.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: channelConversation.id })
    .from(channelConversation)
    .where(eq(channelConversation.contactId, options.recipient.contactId))
    .limit(1);
  if (!existing) throw new Error('conversation vanished');
  return existing.id;
}
