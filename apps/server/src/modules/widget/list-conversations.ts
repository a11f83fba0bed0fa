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
  status: widgetConversation.status,
  customerNumber: widgetVisitor.customerNumber,
  name: widgetVisitor.name,
  email: widgetVisitor.email,
};

/**
 * A widget's conversations, newest message first: all of them for the dashboard, or one
 * visitor's (by contactIdentifier) for the widget's history list. A visitor sees neither the
 * dashboard's unread counts nor the stored e-mail.
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
    return contactIdentifier === undefined ? conversation : { ...conversation, unreadCount: 0, contactEmail: null };
  });
}
