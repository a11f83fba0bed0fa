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

/** Models kept for reuse: building one compiles the adapter's response schemas, which costs more than a call's own work. */
const MAX_CACHED_MODELS = 500;
const cachedModels = new Map<string, ChatModel>();
const fetchIds = new WeakMap<typeof globalThis.fetch, number>();
let nextFetchId = 1;

function fetchIdOf(fetch: typeof globalThis.fetch | undefined): number {
  if (!fetch) return 0;
  let id = fetchIds.get(fetch);
  if (id === undefined) {
    id = nextFetchId;
    nextFetchId += 1;
    fetchIds.set(fetch, id);
  }
  return id;
}

/**
 * The one place that picks the AI SDK provider for a connection. All speak chat completions.
 * A model holds no per-call state, so one is kept per connection (provider, key, address,
 * app URL, fetch) and model id, the least recently used dropped past MAX_CACHED_MODELS.
 */
export function createLanguageModel(connection: ProviderConnection, modelId: string): ChatModel {
  const key = JSON.stringify([
    connection.provider,
    connection.apiKey ?? null,
    connection.baseUrl,
    connection.appUrl ?? null,
    fetchIdOf(connection.fetch),
    modelId,
  ]);
  const cached = cachedModels.get(key);
  if (cached) {
    cachedModels.delete(key);
    cachedModels.set(key, cached);
    return cached;
  }
  const model = buildLanguageModel(connection, modelId);
  cachedModels.set(key, model);
  if (cachedModels.size > MAX_CACHED_MODELS) {
    const oldest = cachedModels.keys().next().value;
    if (oldest !== undefined) cachedModels.delete(oldest);
  }
  return model;
}

function buildLanguageModel(connection: ProviderConnection, modelId: string): ChatModel {
  switch (connection.provider) {
    case 'openai':
      // .chat(): the Chat Completions API, which OpenAI-compatible servers and our fakes speak too.
      return createOpenAI({ apiKey: connection.apiKey, baseURL: connection.baseUrl, fetch: connection.fetch }).chat(
        modelId,
      );
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
