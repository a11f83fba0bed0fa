import { isSessionValid, WIDGET_SESSION_VERSION, type WidgetChatMessage } from '@agentry/core/widget-rules';
import { readItem, storageKeys, writeItem, type StorageLike } from './widget-storage';

/** docs/product/widget.md#in-the-visitors-browser, Widget session (browser storage, per widget, version 1). */
export type WidgetSession = {
  version: number;
  widgetId: string;
  contactIdentifier: string | null;
  openAIThreadId: string | null;
  dbThreadId: string | null;
  activeChat: { id: string; messages: WidgetChatMessage[]; lastActivity: number };
  isOpen: boolean;
  showMessages: boolean;
  showChatList: boolean;
  scrollPosition: number;
  widgetTitle: string;
  aiName: string;
  sessionStarted: number;
  lastUpdated: number;
};

export type SessionReadResult =
  { status: 'valid'; session: WidgetSession } | { status: 'expired'; session: WidgetSession } | { status: 'none' };

function isMessage(value: unknown): value is WidgetChatMessage {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.content === 'string' &&
    (record.sender === 'user' || record.sender === 'agent' || record.sender === 'ai')
  );
}

/** Old sessions stored the agent as 'ai': mapped to 'agent' on load (docs/product/widget.md#in-the-visitors-browser, Message). */
function normalizeMessages(messages: unknown[]): WidgetChatMessage[] {
  return messages.filter(isMessage).map((message) => ({
    id: message.id,
    content: message.content,
    sender: message.sender === 'user' ? 'user' : 'agent',
    timestamp: typeof message.timestamp === 'number' ? message.timestamp : Date.now(),
  }));
}

export function parseSession(raw: string | null, widgetId: string): WidgetSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WidgetSession> | null;
    if (!value || value.version !== WIDGET_SESSION_VERSION || value.widgetId !== widgetId) return null;
    const chat = value.activeChat;
    if (!chat || typeof chat.id !== 'string' || !Array.isArray(chat.messages)) return null;
    return {
      ...(value as WidgetSession),
      activeChat: { id: chat.id, messages: normalizeMessages(chat.messages), lastActivity: Number(chat.lastActivity) },
    };
  } catch {
    return null;
  }
}

export function readSession(storage: StorageLike | null, widgetId: string, now: number): SessionReadResult {
  const session = parseSession(readItem(storage, storageKeys.session(widgetId)), widgetId);
  if (!session) return { status: 'none' };
  return isSessionValid(session.activeChat.lastActivity, now)
    ? { status: 'valid', session }
    : { status: 'expired', session };
}

export function writeSession(storage: StorageLike | null, session: WidgetSession): void {
  writeItem(storage, storageKeys.session(session.widgetId), JSON.stringify(session));
}

export function clearSession(storage: StorageLike | null, widgetId: string): void {
  writeItem(storage, storageKeys.session(widgetId), null);
}
