import type { WidgetHistoryEntry } from '@agentry/core/widget';

export const GREETING_ID_PREFIX = 'greeting-';
const maxMessages = 50;
const maxChars = 32_000;

type HistorySource = { id: string; content: string; sender: 'user' | 'agent'; isError?: boolean };

/**
 * The history sent with a message (docs/product/widget.md#in-the-visitors-browser): role user/assistant + content, the initial greeting
 * and failed-send bubbles left out, empty contents dropped, trimmed to the server's caps
 * (50 messages, 32,000 characters) by dropping the oldest.
 */
export function buildChatHistory(messages: readonly HistorySource[]): WidgetHistoryEntry[] {
  const entries = messages
    .filter(
      (message) => !message.id.startsWith(GREETING_ID_PREFIX) && !message.isError && message.content.trim() !== '',
    )
    .map((message): WidgetHistoryEntry => ({
      role: message.sender === 'user' ? 'user' : 'assistant',
      content: message.content,
    }));
  const kept: WidgetHistoryEntry[] = [];
  let total = 0;
  for (let index = entries.length - 1; index >= 0 && kept.length < maxMessages; index -= 1) {
    const entry = entries[index];
    if (!entry || total + entry.content.length > maxChars) break;
    total += entry.content.length;
    kept.unshift(entry);
  }
  return kept;
}
