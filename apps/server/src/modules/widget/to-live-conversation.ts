import { widgetLimits, type LiveConversation } from '@agentry/core/widget';

export type LiveConversationRow = {
  id: string;
  lastMessage: string;
  lastMessageTime: Date;
  totalMessages: number;
  unreadCount: number;
  status: 'live' | 'closed';
  customerNumber: number;
  name: string | null;
  email: string | null;
};

/**
 * A conversation as the dashboard and the widget list it. Its threadId is the
 * widgetConversationThreadId. It reads 'closed' once nobody wrote for a widget session's
 * length (one hour), as the visitor's widget archives it then.
 */
export function toLiveConversation(row: LiveConversationRow, now = Date.now()): LiveConversation {
  const isStale = now - row.lastMessageTime.getTime() > widgetLimits.sessionMs;
  return {
    threadId: row.id,
    lastMessage: row.lastMessage,
    lastMessageTime: row.lastMessageTime.toISOString(),
    totalMessages: row.totalMessages,
    customerNumber: row.customerNumber,
    contactName: row.name,
    contactEmail: row.email,
    unreadCount: row.unreadCount,
    status: row.status === 'closed' || isStale ? 'closed' : 'live',
  };
}
