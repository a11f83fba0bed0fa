import { createParser } from 'eventsource-parser';
import type { KeyedLlmProvider } from '@agentry/core/llm';
import type {
  ChatCompletion,
  ChatModel,
  ChatRequest,
  ChatStreamEvent,
  ChatToolCall,
  ChatUsage,
  ProviderConnection,
} from './language-model';

/**
 * A client of the Chat Completions API (POST {baseUrl}/chat/completions), which every provider
 * the product talks to speaks: OpenAI, OpenRouter and self-hosted OpenAI-compatible servers.
 * Plain `fetch`, and `eventsource-parser` for streams: the chunks are read with narrow checks of
 * the fields we use rather than a schema per chunk, which is what kept the AI SDK's stream
 * pipeline several times costlier (docs/decisions/provider-client.md).
 */

/** A provider call that failed: its HTTP status and body when it answered, the cause when it could not be reached. */
export class ProviderCallError extends Error {
  readonly statusCode: number | undefined;
  readonly responseBody: string | undefined;
  readonly responseHeaders: Record<string, string>;
  /** 408, 409, 429, 5xx and a lost connection are worth another try. */
  readonly isRetryable: boolean;

  constructor(options: {
    message: string;
    statusCode?: number;
    responseBody?: string;
    responseHeaders?: Record<string, string>;
    isRetryable: boolean;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = 'ProviderCallError';
    this.statusCode = options.statusCode;
    this.responseBody = options.responseBody;
    this.responseHeaders = options.responseHeaders ?? {};
    this.isRetryable = options.isRetryable;
  }
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 but not gpt-5-chat) take other parameters. */
export function isOpenAiReasoningModel(modelId: string): boolean {
  if (/^o\d+(?:-|$)/.test(modelId)) return true;
  const gpt = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelId);
  if (!gpt) return false;
  const isChatModel = gpt[2] === undefined && (gpt[3]?.startsWith('chat') ?? false);
  return Number(gpt[1]) >= 5 && !isChatModel;
}

/** The JSON body of a call, as the provider expects it (undefined fields are left out by JSON). */
export function buildChatBody(options: {
  provider: KeyedLlmProvider;
  modelId: string;
  request: ChatRequest;
  stream: boolean;
}): Record<string, unknown> {
  const { provider, modelId, request } = options;
  const isReasoning = provider === 'openai' && isOpenAiReasoningModel(modelId);
  const isSearchPreview = provider === 'openai' && /^gpt-4o(?:-mini)?-search-preview/.test(modelId);
  const messages = isReasoning
    ? request.messages.map((message) =>
        message.role === 'system' ? { role: 'developer', content: message.content } : message,
      )
    : request.messages;
  const responseFormat = request.responseFormat;
  return {
    model: modelId,
    messages,
    // Reasoning models refuse sampling settings and take max_completion_tokens.
    max_tokens: isReasoning ? undefined : request.maxTokens,
    max_completion_tokens: isReasoning ? request.maxTokens : undefined,
    temperature: isReasoning || isSearchPreview ? undefined : request.temperature,
    top_p: isReasoning ? undefined : request.topP,
    frequency_penalty: isReasoning ? undefined : request.frequencyPenalty,
    presence_penalty: isReasoning ? undefined : request.presencePenalty,
    stop: request.stop && request.stop.length > 0 ? request.stop : undefined,
    response_format: responseFormat
      ? provider === 'openai'
        ? {
            type: 'json_schema',
            json_schema: { name: responseFormat.name, schema: responseFormat.schema, strict: true },
          }
        : { type: 'json_object' }
      : undefined,
    tools:
      request.tools && request.tools.length > 0
        ? request.tools.map((tool) => ({
            type: 'function',
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          }))
        : undefined,
    // OpenRouter and most servers report usage on a stream only when asked.
    ...(options.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

function headersOf(connection: ProviderConnection): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  if (connection.provider === 'openrouter' && connection.appUrl) {
    headers['http-referer'] = connection.appUrl;
    headers['x-title'] = 'Agentry';
  }
  return headers;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** The error message in OpenAI's error body (`{ error: { message } }`), or the status text. */
function errorMessageOf(body: string, statusText: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } } | null;
    const message = parsed?.error?.message;
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // Not JSON: the status text says what there is to say.
  }
  return statusText || 'Request failed';
}

async function postChat(
  connection: ProviderConnection,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const fetch = connection.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: headersOf(connection),
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof TypeError && error.message === 'fetch failed') {
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      throw new ProviderCallError({ message: `Cannot connect to API: ${cause}`, isRetryable: true, cause: error });
    }
    throw error;
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw new ProviderCallError({
    message: errorMessageOf(text, response.statusText),
    statusCode: response.status,
    responseBody: text,
    responseHeaders: Object.fromEntries(response.headers),
    isRetryable: isRetryableStatus(response.status),
  });
}

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function readUsage(value: unknown): ChatUsage | undefined {
  const usage = readRecord(value);
  if (!usage) return undefined;
  const count = (field: unknown) => (typeof field === 'number' ? field : undefined);
  return { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) };
}

/** An error the provider sent in place of an answer (HTTP 200 with `{ error }`, or an SSE error chunk). */
function answeredError(data: Record<string, unknown>, raw: string): ProviderCallError | undefined {
  const error = readRecord(data.error);
  if (!error) return undefined;
  return new ProviderCallError({
    message: typeof error.message === 'string' ? error.message : 'The provider answered with an error.',
    responseBody: raw,
    isRetryable: false,
  });
}

function invalidAnswer(raw: string): ProviderCallError {
  return new ProviderCallError({
    message: 'Invalid response from the provider.',
    responseBody: raw,
    isRetryable: false,
  });
}

function readToolCalls(value: unknown): ChatToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const call = readRecord(entry);
    const fn = readRecord(call?.function);
    if (!call || typeof fn?.name !== 'string') return [];
    const args = typeof fn.arguments === 'string' ? fn.arguments : '';
    return [
      {
        id: typeof call.id === 'string' ? call.id : '',
        type: 'function' as const,
        function: { name: fn.name, arguments: args },
      },
    ];
  });
}

/** One answer, whole. */
export async function completeChat(options: {
  connection: ProviderConnection;
  modelId: string;
  request: ChatRequest;
  signal?: AbortSignal;
}): Promise<ChatCompletion> {
  const { connection } = options;
  const body = buildChatBody({
    provider: connection.provider,
    modelId: options.modelId,
    request: options.request,
    stream: false,
  });
  const response = await postChat(connection, body, options.signal);
  const raw = await response.text();
  let data: Record<string, unknown> | undefined;
  try {
    data = readRecord(JSON.parse(raw));
  } catch {
    throw invalidAnswer(raw);
  }
  if (!data) throw invalidAnswer(raw);
  const error = answeredError(data, raw);
  if (error) throw error;
  const choice = readRecord(Array.isArray(data.choices) ? data.choices[0] : undefined);
  const message = readRecord(choice?.message);
  if (!message) throw invalidAnswer(raw);
  return {
    text: typeof message.content === 'string' ? message.content : '',
    toolCalls: readToolCalls(message.tool_calls),
    usage: readUsage(data.usage),
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : undefined,
  };
}

/** The `data` of each server-sent event of a body, as it arrives. */
async function* readEventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const pending: string[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event.data) });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (pending.length === 0) continue;
    const ready = pending.splice(0);
    for (const data of ready) yield data;
  }
}

/** Tool calls arrive in pieces by index: the first with id and name, then argument fragments. */
function addToolCallDeltas(calls: ChatToolCall[], value: unknown) {
  if (!Array.isArray(value)) return;
  for (const entry of value as unknown[]) {
    const delta = readRecord(entry);
    if (!delta) continue;
    const index = typeof delta.index === 'number' ? delta.index : calls.length;
    const fn = readRecord(delta.function);
    let call = calls[index];
    if (!call) {
      call = { id: '', type: 'function', function: { name: '', arguments: '' } };
      calls[index] = call;
    }
    if (typeof delta.id === 'string' && delta.id) call.id = delta.id;
    if (typeof fn?.name === 'string' && fn.name) call.function.name = fn.name;
    if (typeof fn?.arguments === 'string') call.function.arguments += fn.arguments;
  }
}

async function* readChatStream(response: Response, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  const body = response.body;
  if (!body) throw invalidAnswer('');
  const toolCalls: ChatToolCall[] = [];
  let usage: ChatUsage | undefined;
  let finishReason: string | undefined;
  try {
    for await (const raw of readEventData(body)) {
      if (raw === '[DONE]') break;
      let data: Record<string, unknown> | undefined;
      try {
        data = readRecord(JSON.parse(raw));
      } catch {
        throw invalidAnswer(raw);
      }
      if (!data) continue;
      const error = answeredError(data, raw);
      if (error) throw error;
      if (data.usage) usage = readUsage(data.usage) ?? usage;
      const choice = readRecord(Array.isArray(data.choices) ? data.choices[0] : undefined);
      if (!choice) continue;
      if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      const delta = readRecord(choice.delta);
      if (!delta) continue;
      if (delta.tool_calls) addToolCallDeltas(toolCalls, delta.tool_calls);
      if (typeof delta.content === 'string' && delta.content !== '') yield { type: 'text', text: delta.content };
    }
  } catch (error) {
    // A read cut by our own abort ends with the abort's reason (a timeout says so).
    if (signal?.aborted && !isAbortError(error)) throw signal.reason;
    throw error;
  } finally {
    // Stopped early (the reader went away): let go of the connection.
    await body.cancel().catch(() => undefined);
  }
  yield { type: 'finish', toolCalls: toolCalls.filter(Boolean), usage, finishReason };
}

/** One answer as it is written: resolves once the provider accepted the call, then yields its events. */
export async function streamChat(options: {
  connection: ProviderConnection;
  modelId: string;
  request: ChatRequest;
  signal?: AbortSignal;
}): Promise<AsyncIterable<ChatStreamEvent>> {
  const { connection } = options;
  const body = buildChatBody({
    provider: connection.provider,
    modelId: options.modelId,
    request: options.request,
    stream: true,
  });
  const response = await postChat(connection, body, options.signal);
  return readChatStream(response, options.signal);
}

/** A model on a provider connection. */
export function createChatModel(connection: ProviderConnection, modelId: string): ChatModel {
  return {
    provider: connection.provider,
    modelId,
    complete: (request, signal) => completeChat({ connection, modelId, request, signal }),
    stream: (request, signal) => streamChat({ connection, modelId, request, signal }),
  };
}
