import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { metaServiceTypes, type MetaConversation } from '@agentry/core/meta-dms';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { channelConnection, channelContact, channelConversation, channelMessage } from '../channels/channels.tables';

const LIST_LIMIT = 200;

/** The sub account's Instagram and Messenger conversations, newest first. */
export async function listMetaConversations(options: {
  db: Database;
  subaccountId: string;
}): Promise<MetaConversation[]> {
  const rows = await options.db
    .select({ conversation: channelConversation, contact: channelContact })
    .from(channelConversation)
    .innerJoin(channelConnection, eq(channelConnection.id, channelConversation.connectionId))
    .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
    .where(
      and(
        eq(channelConnection.subaccountId, options.subaccountId),
        inArray(channelConnection.serviceType, [...metaServiceTypes]),
      ),
    )
    .orderBy(desc(channelConversation.lastMessageTime))
    .limit(LIST_LIMIT);
  return rows.map(({ conversation, contact }) => ({
    conversationId: conversation.id,
    connectionId: conversation.connectionId,
    channel: conversation.channel === 'instagram' ? 'instagram' : 'messenger',
    contact: contact.displayName ?? contact.address,
    lastMessage: conversation.lastMessage,
    lastMessageTime: conversation.lastMessageTime.toISOString(),
    totalMessages: conversation.totalMessages,
    pausedUntil: conversation.pausedUntil?.toISOString() ?? null,
  }));
}

export const MetaTranscriptReply = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['user', 'assistant', 'human', 'campaign']),
      content: z.string(),
      status: z.string(),
      errorCode: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export async function loadMetaTranscript(options: { db: Database; connectionId: string; conversationId: string }) {
  const [conversation] = await options.db
    .select({ id: channelConversation.id })
    .from(channelConversation)
    .where(
      and(
        eq(channelConversation.id, options.conversationId),
        eq(channelConversation.connectionId, options.connectionId),
      ),
    )
    .limit(1);
  if (!conversation) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  const messages = await options.db
    .select()
    .from(channelMessage)
    .where(eq(channelMessage.conversationId, conversation.id))
    .orderBy(asc(channelMessage.position));
  return {
    messages: messages.map((message) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      status: message.status,
      errorCode: message.errorCode,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
