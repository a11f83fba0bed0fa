import { and, desc, eq } from 'drizzle-orm';
import type { LiveConversation } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { toLiveConversation } from './to-live-conversation';
import { widgetConversation, widgetVisitor } from './widget.tables';

/** The most conversations one list answers; older ones stay stored. */
export const CONVERSATION_LIST_LIMIT = 200;

export const liveConversationColumns = {
  id: widgetConversation.id,
  lastMessage: widgetConversation.lastMessage,
  lastMessageTime: widgetConversation.lastMessageTime,
  totalMessages: widgetConversation.totalMessages,
  unreadCount: widgetConversation.unreadCount,
  visitorReadMessages: widgetConversation.visitorReadMessages,
  status: widgetConversation.status,
  customerNumber: widgetVisitor.customerNumber,
  name: widgetVisitor.name,
  email: widgetVisitor.email,
};

/**
 * A widget's conversations, newest message first: all of them for the dashboard, or one
 * visitor's (by contactIdentifier) for the widget's history list. A visitor sees their own unread
 * count (answers stored that their widget never showed them), not the dashboard's, and not the
 * stored e-mail.
 */
export async function listConversations(options: {
  db: Database;
  connectionId: string;
  contactIdentifier?: string;
  limit?: number;
}): Promise<LiveConversation[]> {
  const { db, connectionId, contactIdentifier } = options;
  const rows = await db
    .select(liveConversationColumns)
    .from(widgetConversation)
    .innerJoin(widgetVisitor, eq(widgetVisitor.id, widgetConversation.visitorId))
    .where(
      contactIdentifier === undefined
        ? eq(widgetConversation.connectionId, connectionId)
        : and(
            eq(widgetConversation.connectionId, connectionId),
            eq(widgetVisitor.connectionId, connectionId),
            eq(widgetVisitor.contactIdentifier, contactIdentifier),
          ),
    )
    .orderBy(desc(widgetConversation.lastMessageTime), desc(widgetConversation.id))
    .limit(options.limit ?? CONVERSATION_LIST_LIMIT);
  const now = Date.now();
  return rows.map((row) => {
    const conversation = toLiveConversation(row, now);
    if (contactIdentifier === undefined) return conversation;
    return { ...conversation, unreadCount: visitorUnreadCount(row), contactEmail: null };
  });
}

/** Messages of a conversation the visitor has not seen in their widget. */
export function visitorUnreadCount(row: { totalMessages: number; visitorReadMessages: number }): number {
  return Math.max(0, row.totalMessages - row.visitorReadMessages);
}
