import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { KeyedLlmProvider } from '@agentry/core/llm';
import type { ChatModel } from './language-model';

/** How to reach a provider: which one, with which key, at which address. */
export type ProviderConnection = {
  provider: KeyedLlmProvider;
  apiKey: string | undefined;
  baseUrl: string;
  /** A guarded fetch for addresses users gave us; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** Sent to OpenRouter as HTTP-Referer (its app attribution). */
  appUrl?: string;
};

/** The one place that picks the AI SDK provider for a connection. All speak chat completions. */
export function createLanguageModel(connection: ProviderConnection, modelId: string): ChatModel {
  switch (connection.provider) {
    case 'openai':
      // .chat(): the Chat Completions API, which OpenAI-compatible servers and our fakes speak too.
      return createOpenAI({ apiKey: connection.apiKey, baseURL: connection.baseUrl, fetch: connection.fetch }).chat(modelId);
    case 'openrouter':
      return createOpenAICompatible({
        name: 'openrouter',
        apiKey: connection.apiKey,
        baseURL: connection.baseUrl,
        includeUsage: true,
        fetch: connection.fetch,
        headers: connection.appUrl ? { 'HTTP-Referer': connection.appUrl, 'X-Title': 'Agentry' } : undefined,
      }).chatModel(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        apiKey: connection.apiKey,
        baseURL: connection.baseUrl,
        includeUsage: true,
        fetch: connection.fetch,
      }).chatModel(modelId);
  }
}
