import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ChannelConversationSummary, ChannelTranscript } from '@agentry/core/sms';
import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { channelConnection, channelContact, channelConversation, channelMessage } from './channels.tables';

const LIST_LIMIT = 200;

const summaryColumns = {
  id: channelConversation.id,
  connectionId: channelConversation.connectionId,
  connectionName: channelConnection.name,
  subaccountId: channelConnection.subaccountId,
  channel: channelConversation.channel,
  contactAddress: channelContact.address,
  contactName: channelContact.displayName,
  optedOutAt: channelContact.optedOutAt,
  lastMessage: channelConversation.lastMessage,
  lastMessageTime: channelConversation.lastMessageTime,
  totalMessages: channelConversation.totalMessages,
  unreadCount: channelConversation.unreadCount,
  status: channelConversation.status,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
};

function toSummary(row: SummaryRow): ChannelConversationSummary {
  return {
    id: row.id!,
    connectionId: row.connectionId!,
    connectionName: row.connectionName!,
    channel: row.channel === 'whatsapp' ? 'whatsapp' : 'sms',
    contactAddress: row.contactAddress!,
    contactName: row.contactName,
    optedOut: row.optedOutAt !== null,
    lastMessage: row.lastMessage!,
    lastMessageTime: row.lastMessageTime!.toISOString(),
    totalMessages: row.totalMessages!,
    unreadCount: row.unreadCount!,
    status: row.status!,
  };
}

/** A sub account's SMS and WhatsApp conversations, newest message first. */
export async function listChannelConversations(options: {
  db: Database;
  subaccountId: string;
}): Promise<ChannelConversationSummary[]> {
  const rows = await options.db
    .select(summaryColumns)
    .from(channelConversation)
    .innerJoin(channelConnection, eq(channelConnection.id, channelConversation.connectionId))
    .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
    .where(
      and(
        eq(channelConnection.subaccountId, options.subaccountId),
        inArray(channelConversation.channel, ['sms', 'whatsapp']),
      ),
    )
    .orderBy(desc(channelConversation.lastMessageTime), desc(channelConversation.id))
    .limit(LIST_LIMIT);
  return rows.map(toSummary);
}

/** One conversation for a member allowed `action` in its sub account (404 for anyone else). */
export async function getChannelConversationForMemberOrThrow(options: {
  db: Database;
  conversationId: string;
  userId: string;
  action: Action;
}) {
  const [row] = await options.db
    .select(summaryColumns)
    .from(channelConversation)
    .innerJoin(channelConnection, eq(channelConnection.id, channelConversation.connectionId))
    .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
    // An SMS or WhatsApp conversation: an Instagram or Messenger one is read through its own routes.
    .where(
      and(
        eq(channelConversation.id, options.conversationId),
        inArray(channelConversation.channel, ['sms', 'whatsapp']),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Conversation not found',
  });
  return toSummary(row);
}

/** Every message of a conversation, oldest first; opening it marks it read. */
export async function getChannelTranscript(options: {
  db: Database;
  summary: ChannelConversationSummary;
}): Promise<ChannelTranscript> {
  const { db, summary } = options;
  await db.update(channelConversation).set({ unreadCount: 0 }).where(eq(channelConversation.id, summary.id));
  const messages = await db
    .select()
    .from(channelMessage)
    .where(eq(channelMessage.conversationId, summary.id))
    .orderBy(asc(channelMessage.position));
  return {
    conversation: { ...summary, unreadCount: 0 },
    messages: messages.map((message) => ({
      id: message.id,
      direction: message.direction,
      role: message.role,
      content: message.content,
      status: message.status,
      errorCode: message.errorCode,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
