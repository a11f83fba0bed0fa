import { createChatModel } from './chat-completions';
import type { ChatModel, ProviderConnection } from './language-model';

/**
 * The one place that picks the client for a connection. Every provider the product talks to
 * (OpenAI, OpenRouter, OpenAI-compatible servers) speaks Chat Completions, so all use the same
 * client (chat-completions.ts); a provider with another API would get its own implementation here.
 */
export function createLanguageModel(connection: ProviderConnection, modelId: string): ChatModel {
  return createChatModel(connection, modelId);
}
