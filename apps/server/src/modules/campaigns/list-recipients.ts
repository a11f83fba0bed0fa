import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CampaignRecipient } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { channelContact, channelConversation, channelMessage } from '../channels/channels.tables';
import { campaignRecipient, type campaign } from './campaigns.tables';

/** A page of the campaign's recipients in sending order, with delivery and reply state. */
export async function listRecipients(options: {
  db: Database;
  campaignId: string;
  offset: number;
  limit: number;
}): Promise<{ recipients: CampaignRecipient[]; total: number }> {
  const { db } = options;
  const rows = await db
    .select({
      row: campaignRecipient,
      deliveryStatus: channelMessage.status,
      repliedAt: sql<
        string | null
      >`(select min(im.created_at) from ${channelMessage} im join ${channelConversation} cv on cv.id = im.conversation_id where cv.contact_id = ${campaignRecipient.contactId} and im.direction = 'inbound' and im.created_at >= ${campaignRecipient.sentAt})`,
    })
    .from(campaignRecipient)
    .leftJoin(channelMessage, eq(channelMessage.providerMessageId, campaignRecipient.providerMessageId))
    .where(eq(campaignRecipient.campaignId, options.campaignId))
    .orderBy(asc(campaignRecipient.position))
    .offset(options.offset)
    .limit(options.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignRecipient)
    .where(eq(campaignRecipient.campaignId, options.campaignId));
  return {
    total: total?.count ?? 0,
    recipients: rows.map(({ row, deliveryStatus, repliedAt }) => ({
      id: row.id,
      contactId: row.contactId,
      address: row.address,
      variables: row.variables,
      state: row.state,
      error: row.error,
      sentAt: row.sentAt?.toISOString() ?? null,
      deliveryStatus: deliveryStatus ?? null,
      repliedAt: repliedAt ? new Date(repliedAt).toISOString() : null,
    })),
  };
}

/**
 * The campaign's view of its replies: each recipient who wrote back after the send, with the
 * conversation since the campaign message (the contact's words and the agent's answers).
 */
export async function listCampaignReplies(options: { db: Database; row: typeof campaign.$inferSelect }) {
  const { db, row } = options;
  const replied = await db
    .select({
      contactId: campaignRecipient.contactId,
      address: campaignRecipient.address,
      firstName: channelContact.displayName,
      conversationId: channelConversation.id,
      sentAt: campaignRecipient.sentAt,
    })
    .from(campaignRecipient)
    .innerJoin(channelContact, eq(channelContact.id, campaignRecipient.contactId))
    .innerJoin(channelConversation, eq(channelConversation.contactId, campaignRecipient.contactId))
    .where(
      and(
        eq(campaignRecipient.campaignId, row.id),
        eq(campaignRecipient.state, 'sent'),
        sql`exists (select 1 from ${channelMessage} im where im.conversation_id = ${channelConversation.id} and im.direction = 'inbound' and im.created_at >= ${campaignRecipient.sentAt})`,
      ),
    )
    .orderBy(desc(channelConversation.lastMessageTime))
    .limit(100);
  if (replied.length === 0) return { replies: [] };
  const messages = await db
    .select({
      conversationId: channelMessage.conversationId,
      role: channelMessage.role,
      content: channelMessage.content,
      createdAt: channelMessage.createdAt,
      campaignId: channelMessage.campaignId,
    })
    .from(channelMessage)
    .where(
      and(
        inArray(
          channelMessage.conversationId,
          replied.map((entry) => entry.conversationId),
        ),
        gte(channelMessage.createdAt, new Date(Math.min(...replied.map((entry) => entry.sentAt?.getTime() ?? 0)))),
      ),
    )
    .orderBy(asc(channelMessage.position));
  return {
    replies: replied.map((entry) => ({
      contactId: entry.contactId,
      address: entry.address,
      firstName: entry.firstName,
      messages: messages
        .filter(
          (message) =>
            message.conversationId === entry.conversationId &&
            message.createdAt.getTime() >= (entry.sentAt?.getTime() ?? 0) - 1000,
        )
        .slice(-50)
        .map((message) => ({
          role: message.role,
          content: message.content,
          createdAt: message.createdAt.toISOString(),
        })),
    })),
  };
}
