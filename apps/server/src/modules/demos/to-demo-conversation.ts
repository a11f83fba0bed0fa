import type { DemoHistoryEntry } from '@agentry/core/demos';
import type { ConversationMessage } from '../llm/generate-reply';

/**
 * The conversation a new demo thread starts from (docs/product/demos.md#settings): the client's history with empty
 * contents dropped and the welcome message left out (a leading assistant turn equal to one of
 * the welcome texts), then the new message. Null when there is no usable history.
 */
export function toDemoConversation(options: {
  history: readonly DemoHistoryEntry[] | undefined;
  message: string;
  welcomeMessages: readonly string[];
}): ConversationMessage[] | null {
  const welcomes = new Set(options.welcomeMessages.map((text) => text.trim()).filter(Boolean));
  const turns: ConversationMessage[] = [];
  for (const entry of options.history ?? []) {
    const content = entry.content.trim();
    if (!content) continue;
    if (turns.length === 0 && entry.role === 'assistant' && welcomes.has(content)) continue;
    turns.push({ role: entry.role, content });
  }
  // The client may already have put the new message at the end of its history.
  const last = turns.at(-1);
  if (last?.role === 'user' && last.content === options.message.trim()) turns.pop();
  if (turns.length === 0) return null;
  return [...turns, { role: 'user', content: options.message }];
}
