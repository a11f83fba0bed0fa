import {
  parseConversationsEnvelope,
  shouldArchiveChat,
  storedPreview,
  upsertConversation,
  type SavedConversation,
  type WidgetChatMessage,
} from '@agentry/core/widget-rules';
import { readItem, storageKeys, writeItem, type StorageLike } from './widget-storage';

export type ArchivableChat = {
  id: string;
  messages: WidgetChatMessage[];
  openAIThreadId: string | null;
  dbThreadId: string | null;
};

export function readSavedConversations(storage: StorageLike | null, widgetId: string): SavedConversation[] {
  return parseConversationsEnvelope(readItem(storage, storageKeys.conversations(widgetId))).conversations;
}

/**
 * Saves (or updates) a chat in the history when the archive rule allows it: more than one
 * message and at least one from the visitor. Returns whether it was saved.
 */
export function archiveChat(
  storage: StorageLike | null,
  widgetId: string,
  chat: ArchivableChat,
  labels: { widgetTitle: string; aiName: string },
  now: number,
): boolean {
  if (!shouldArchiveChat(chat.messages)) return false;
  const last = chat.messages[chat.messages.length - 1];
  const entry: SavedConversation = {
    id: chat.id,
    timestamp: now,
    lastMessage: storedPreview(last?.content ?? ''),
    messageCount: chat.messages.length,
    messages: chat.messages,
    widgetTitle: labels.widgetTitle,
    aiName: labels.aiName,
    openAIThreadId: chat.openAIThreadId,
    dbThreadId: chat.dbThreadId,
  };
  const envelope = parseConversationsEnvelope(readItem(storage, storageKeys.conversations(widgetId)));
  writeItem(storage, storageKeys.conversations(widgetId), JSON.stringify(upsertConversation(envelope, entry)));
  return true;
}

export function deleteSavedConversation(
  storage: StorageLike | null,
  widgetId: string,
  id: string,
): SavedConversation[] {
  const envelope = parseConversationsEnvelope(readItem(storage, storageKeys.conversations(widgetId)));
  const next = { ...envelope, conversations: envelope.conversations.filter((conversation) => conversation.id !== id) };
  writeItem(storage, storageKeys.conversations(widgetId), JSON.stringify(next));
  return next.conversations;
}
