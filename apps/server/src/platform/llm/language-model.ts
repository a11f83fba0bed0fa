import type { KeyedLlmProvider } from '@agentry/core/llm';
import type { SsrfGuardOptions } from '../http/ssrf-guard';

/**
 * The gateway's view of a model: one Chat Completions call, whole or streamed. Every provider
 * the product talks to speaks Chat Completions (chat-completions.ts); the offline responder
 * answers the same interface (offline-responder.ts).
 */

/** How to reach a provider: which one, with which key, at which address. */
export type ProviderConnection = {
  provider: KeyedLlmProvider;
  apiKey: string | undefined;
  baseUrl: string;
  /** Set for addresses users gave us: every call and every new connection must reach a public address. */
  guard?: SsrfGuardOptions;
  /** Sent to OpenRouter as HTTP-Referer (its app attribution). */
  appUrl?: string;
};

export type ChatToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

/** A message as the wire carries it. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function the model may call, with the JSON schema of its arguments. */
export type ChatTool = { name: string; description: string; parameters: object };

/** One call: the conversation, the sampling settings and what the model may use. */
export type ChatRequest = {
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  maxTokens?: number;
  stop?: readonly string[];
  tools?: readonly ChatTool[];
  /** A JSON answer: OpenAI is held to the schema (structured outputs); other servers get JSON mode. */
  responseFormat?: { name: string; schema: object };
};

/** Token counts as the provider reported them; undefined when it did not. */
export type ChatUsage = { inputTokens: number | undefined; outputTokens: number | undefined };

export type ChatCompletion = {
  text: string;
  toolCalls: ChatToolCall[];
  usage: ChatUsage | undefined;
  finishReason: string | undefined;
};

/** What a streamed call yields: text as it is written, then one `finish` with the tool calls and usage. */
export type ChatStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'finish'; toolCalls: ChatToolCall[]; usage: ChatUsage | undefined; finishReason: string | undefined };

/** A provider that answers chat calls: the gateway's only view of a model (the offline responder is one too). */
export type ChatModel = {
  provider: string;
  modelId: string;
  complete: (request: ChatRequest, signal?: AbortSignal) => Promise<ChatCompletion>;
  /** Resolves once the provider accepted the call (a refusal rejects here, so it can be retried); then yields. */
  stream: (request: ChatRequest, signal?: AbortSignal) => Promise<AsyncIterable<ChatStreamEvent>>;
};
