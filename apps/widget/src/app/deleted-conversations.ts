import { readItem, storageKeys, writeItem, type StorageLike } from './widget-storage';

/**
 * Deleting in Previous Conversations hides a conversation from this visitor's list; the server's
 * copy stays (the dashboard keeps it), so its list of the visitor's conversations still names it.
 * The thread ids of deleted conversations are kept per widget beside the saved ones, so it stays
 * hidden on the next refresh and after a reload. The newest ids are kept, a bounded number.
 */
export const MAX_DELETED_THREAD_IDS = 200;

export function readDeletedThreadIds(storage: StorageLike | null, widgetId: string): string[] {
  const raw = readItem(storage, storageKeys.deletedConversations(widgetId));
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds thread ids to the deleted ones; returns them all, newest first. */
export function rememberDeletedThreadIds(
  storage: StorageLike | null,
  widgetId: string,
  threadIds: readonly string[],
): string[] {
  const added = threadIds.filter((threadId) => threadId !== '');
  const kept = readDeletedThreadIds(storage, widgetId).filter((threadId) => !added.includes(threadId));
  const next = [...new Set(added), ...kept].slice(0, MAX_DELETED_THREAD_IDS);
  writeItem(storage, storageKeys.deletedConversations(widgetId), JSON.stringify(next));
  return next;
}
