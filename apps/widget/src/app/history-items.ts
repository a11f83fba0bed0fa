import type { LiveConversation } from '@agentry/core/widget';
import type { SavedConversation } from '@agentry/core/widget-rules';
import type { ChatWidgetHistoryItem } from '@agentry/widget-ui/chat-widget';

export const LIVE_ID_PREFIX = 'live:';

/**
 * The previous-conversations list: the locally saved chats (they can be reopened) plus the live
 * conversations the server knows for this visitor that are not saved here and that the visitor
 * did not delete here (`deletedThreadIds`; shown with the visitor's name or 'Anonymous'; they
 * carry no messages, so choosing one returns to the chat). Newest first.
 */
export function buildHistoryItems(
  saved: readonly SavedConversation[],
  live: readonly LiveConversation[] | null,
  current: { openAIThreadId: string | null; dbThreadId: string | null },
  deletedThreadIds: Iterable<string> = [],
): ChatWidgetHistoryItem[] {
  const items: ChatWidgetHistoryItem[] = saved.map((conversation) => ({
    id: conversation.id,
    timestamp: conversation.timestamp,
    lastMessage: conversation.lastMessage,
    messageCount: conversation.messageCount,
  }));
  const knownThreads = new Set<string>(deletedThreadIds);
  for (const thread of [
    current.openAIThreadId,
    current.dbThreadId,
    ...saved.flatMap((conversation) => [conversation.openAIThreadId, conversation.dbThreadId]),
  ]) {
    if (thread) knownThreads.add(thread);
  }
  for (const conversation of live ?? []) {
    if (knownThreads.has(conversation.threadId)) continue;
    const timestamp = Date.parse(conversation.lastMessageTime);
    items.push({
      id: `${LIVE_ID_PREFIX}${conversation.threadId}`,
      timestamp: Number.isFinite(timestamp) ? timestamp : 0,
      lastMessage: conversation.lastMessage,
      messageCount: conversation.totalMessages,
      hasUnread: conversation.unreadCount > 0,
      label: conversation.contactName ?? 'Anonymous',
    });
  }
  return items.sort((a, b) => b.timestamp - a.timestamp);
}
