import type { LookupFunction } from 'node:net';
import type { KeyedLlmProvider } from '@agentry/core/llm';
import { AppError } from '../http/app-error';
import { assertPublicHttpUrlOrThrow, BLOCKED_ADDRESS_MESSAGE, createGuardedLookup } from '../http/ssrf-guard';
import type {
  ChatCompletion,
  ChatModel,
  ChatRequest,
  ChatStreamEvent,
  ChatToolCall,
  ChatUsage,
  ProviderConnection,
} from './language-model';
import { postToProvider, type ProviderReply } from './post-to-provider';
import { createTextChunkReader, type TextChunkReader } from './create-text-chunk-reader';
import { readEventBatches } from './read-event-batches';

/**
 * A client of the Chat Completions API (POST {baseUrl}/chat/completions), which every provider
 * the product talks to speaks: OpenAI, OpenRouter and self-hosted OpenAI-compatible servers.
 * node:http / node:https over kept-alive connections (post-to-provider.ts), and `eventsource-parser`
 * for streams: the chunks are read with narrow checks of the fields we use rather than a schema per
 * chunk, which is what kept the AI SDK's stream pipeline several times costlier
 * (docs/decisions/provider-client.md).
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

/** Where and how a model's calls go: computed once per model, not per call. */
type ChatEndpoint = {
  connection: ProviderConnection;
  url: URL;
  headers: Record<string, string>;
  lookup: LookupFunction | undefined;
};

function endpointOf(connection: ProviderConnection): ChatEndpoint {
  return {
    connection,
    url: new URL(`${connection.baseUrl.replace(/\/+$/, '')}/chat/completions`),
    headers: headersOf(connection),
    lookup: connection.guard ? createGuardedLookup(connection.guard) : undefined,
  };
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

/** The socket's error when the provider could not be reached (refused, unknown host, TLS, reset before an answer). */
function connectionError(error: unknown): Error {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ESSRFBLOCKED')
    return new AppError('VALIDATION_ERROR', { message: BLOCKED_ADDRESS_MESSAGE, cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderCallError({ message: `Cannot connect to API: ${message}`, isRetryable: true, cause: error });
}

/** The connection broke while the answer was being read (the provider closed it, or it was reset). */
function lostConnectionError(error: unknown): ProviderCallError {
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderCallError({
    message: `The connection to the provider was lost: ${message}`,
    isRetryable: false,
    cause: error,
  });
}

/** The whole body as text: its bytes gathered, decoded once. */
async function readBodyText(reply: ProviderReply, signal: AbortSignal | undefined): Promise<string> {
  const chunks: Buffer[] = [];
  let isRead = false;
  try {
    for await (const chunk of reply.body) chunks.push(chunk as Buffer);
    isRead = true;
  } catch (error) {
    throw signal?.aborted ? signal.reason : lostConnectionError(error);
  } finally {
    void reply.finish(isRead);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8');
}

async function postChat(
  endpoint: ChatEndpoint,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<ProviderReply> {
  const { connection, url } = endpoint;
  if (connection.guard) await assertPublicHttpUrlOrThrow(url, connection.guard);
  let reply: ProviderReply;
  try {
    reply = await postToProvider({
      url,
      headers: endpoint.headers,
      body: JSON.stringify(body),
      signal,
      lookup: endpoint.lookup,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw connectionError(error);
  }
  if (reply.status >= 200 && reply.status < 300) return reply;
  const text = await readBodyText(reply, signal).catch(() => {
    if (signal?.aborted) throw signal.reason;
    return '';
  });
  throw new ProviderCallError({
    message: errorMessageOf(text, reply.statusText),
    statusCode: reply.status,
    responseBody: text,
    responseHeaders: reply.headers,
    isRetryable: isRetryableStatus(reply.status),
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
  endpoint: ChatEndpoint;
  modelId: string;
  request: ChatRequest;
  signal?: AbortSignal;
}): Promise<ChatCompletion> {
  const { endpoint } = options;
  const body = buildChatBody({
    provider: endpoint.connection.provider,
    modelId: options.modelId,
    request: options.request,
    stream: false,
  });
  const reply = await postChat(endpoint, body, options.signal);
  const raw = await readBodyText(reply, options.signal);
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

/** What a streamed answer has said besides its text, gathered chunk by chunk. */
type StreamEnd = { toolCalls: ChatToolCall[]; usage: ChatUsage | undefined; finishReason: string | undefined };

/**
 * The text of a chunk that says nothing else: no error, usage, finish reason or tool call. Undefined
 * for any other chunk.
 */
function readTextOnly(data: Record<string, unknown> | undefined): string | undefined {
  if (!data || readRecord(data.error) || data.usage) return undefined;
  const choice = readRecord(Array.isArray(data.choices) ? data.choices[0] : undefined);
  if (!choice || typeof choice.finish_reason === 'string') return undefined;
  const delta = readRecord(choice.delta);
  if (!delta || delta.tool_calls || typeof delta.content !== 'string') return undefined;
  return delta.content;
}

function parseTextOnly(raw: string): string | undefined {
  try {
    return readTextOnly(readRecord(JSON.parse(raw)));
  } catch {
    return undefined;
  }
}

/**
 * One chunk of a streamed answer: its text (empty when it has none); its tool call pieces, usage
 * and finish reason go into `end`. Throws the provider's error.
 */
function readChunkText(raw: string, end: StreamEnd, texts: TextChunkReader): string {
  const quick = texts.read(raw);
  if (quick !== undefined) return quick;
  let data: Record<string, unknown> | undefined;
  try {
    data = readRecord(JSON.parse(raw));
  } catch {
    throw invalidAnswer(raw);
  }
  if (!data) return '';
  const textOnly = readTextOnly(data);
  if (textOnly !== undefined) {
    texts.learn(raw, textOnly);
    return textOnly;
  }
  const error = answeredError(data, raw);
  if (error) throw error;
  if (data.usage) end.usage = readUsage(data.usage) ?? end.usage;
  const choice = readRecord(Array.isArray(data.choices) ? data.choices[0] : undefined);
  if (!choice) return '';
  if (typeof choice.finish_reason === 'string') end.finishReason = choice.finish_reason;
  const delta = readRecord(choice.delta);
  if (!delta) return '';
  if (delta.tool_calls) addToolCallDeltas(end.toolCalls, delta.tool_calls);
  return typeof delta.content === 'string' ? delta.content : '';
}

async function* readChatStream(reply: ProviderReply, signal: AbortSignal | undefined): AsyncGenerator<ChatStreamEvent> {
  const end: StreamEnd = { toolCalls: [], usage: undefined, finishReason: undefined };
  const texts = createTextChunkReader(parseTextOnly);
  let isAnswered = false;
  try {
    for await (const batch of readEventBatches(reply.body)) {
      // The text of one read goes on as one piece; a provider error after it still ends the stream.
      let text = '';
      let isDone = false;
      for (const raw of batch) {
        if (raw === '[DONE]') {
          isDone = true;
          break;
        }
        try {
          text += readChunkText(raw, end, texts);
        } catch (error) {
          if (text) yield { type: 'text', text };
          throw error;
        }
      }
      if (text) yield { type: 'text', text };
      if (isDone) break;
    }
    isAnswered = true;
  } catch (error) {
    // A read cut by our own abort ends with the abort's reason (a timeout says so).
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ProviderCallError) throw error;
    throw lostConnectionError(error);
  } finally {
    // Stopped early (the reader went away, an error): let go of the connection.
    if (!isAnswered) void reply.finish(false);
  }
  // The end of the body after `[DONE]` is read before the next step's call, which can then reuse the connection.
  await reply.finish(true);
  yield { type: 'finish', toolCalls: end.toolCalls.filter(Boolean), usage: end.usage, finishReason: end.finishReason };
}

/** One answer as it is written: resolves once the provider accepted the call, then yields its events. */
export async function streamChat(options: {
  endpoint: ChatEndpoint;
  modelId: string;
  request: ChatRequest;
  signal?: AbortSignal;
}): Promise<AsyncIterable<ChatStreamEvent>> {
  const { endpoint } = options;
  const body = buildChatBody({
    provider: endpoint.connection.provider,
    modelId: options.modelId,
    request: options.request,
    stream: true,
  });
  const reply = await postChat(endpoint, body, options.signal);
  return readChatStream(reply, options.signal);
}

/** A model on a provider connection. */
export function createChatModel(connection: ProviderConnection, modelId: string): ChatModel {
  const endpoint = endpointOf(connection);
  return {
    provider: connection.provider,
    modelId,
    complete: (request, signal) => completeChat({ endpoint, modelId, request, signal }),
    stream: (request, signal) => streamChat({ endpoint, modelId, request, signal }),
  };
}
