import { readEventStream } from '@agentry/core/read-event-stream';
import type { LiveConversation, WidgetChatBody, WidgetChatReply, WidgetChatStreamEvent } from '@agentry/core/widget';
import type { WidgetChatMessage } from '@agentry/core/widget-rules';

/** docs/product/widget.md#texts: the agent bubble shown when a send fails. */
export const CONNECTION_ERROR_TEXT = "Sorry, I'm having trouble connecting.";

/** A failed send; `display` is exactly what the chat shows. */
export class WidgetChatError extends Error {
  readonly display: string;
  /** The HTTP status of a refused request (404: the widget or the conversation is gone). */
  status: number | null = null;
  /** The server refused or failed the answer (an HTTP error, an error event): nothing was stored. */
  isRefused = false;
  constructor(message: string, display?: string) {
    super(message);
    this.display = display ?? (message ? `${CONNECTION_ERROR_TEXT} (Error: ${message})` : CONNECTION_ERROR_TEXT);
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function parentHeader(parentOrigin: string | null | undefined): Record<string, string> {
  return parentOrigin ? { 'x-widget-parent-origin': parentOrigin } : {};
}

function errorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function toReply(body: unknown): WidgetChatReply {
  const error = errorText(body);
  if (error) throw new WidgetChatError(error);
  const record = (body ?? {}) as Partial<WidgetChatReply> & { newWidgetConversationThreadId?: string };
  if (typeof record.message !== 'string' || record.message === '')
    throw new WidgetChatError('No message in API response');
  return {
    message: record.message,
    threadId: record.threadId ?? '',
    widgetConversationThreadId: record.widgetConversationThreadId ?? record.newWidgetConversationThreadId ?? '',
    newWidgetConversationThreadId: record.newWidgetConversationThreadId,
    contactIdentifier: record.contactIdentifier ?? '',
  };
}

function parseEvent(line: string): WidgetChatStreamEvent | null {
  try {
    const value = JSON.parse(line) as WidgetChatStreamEvent | null;
    return value && typeof value === 'object' && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** What the stream's headers say before the answer: its conversation, thread and (for a new visitor) key. */
export type StartedChat = {
  widgetConversationThreadId: string;
  threadId: string | null;
  contactIdentifier: string | null;
};

/**
 * POST /api/widget/:id/chat?stream=1. Streams tokens to onDelta while the server sends
 * text/event-stream; reads a JSON answer otherwise. Errors follow docs/product/widget.md#texts; a 429 shows the
 * server's own message (the daily limit or the rate limit).
 */
export async function sendWidgetChat(options: {
  apiBase: string;
  widgetId: string;
  body: WidgetChatBody;
  /** The embedding page (X-Widget-Parent-Origin, checked against the allowed domains). */
  parentOrigin?: string | null;
  onDelta?: (text: string) => void;
  /**
   * Where the answer is being stored, as soon as the stream starts: kept at once, a visitor who
   * leaves mid-answer finds the conversation (and the answer in it) when they come back.
   */
  onStart?: (started: StartedChat) => void;
  fetchImpl?: FetchLike;
}): Promise<WidgetChatReply> {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${options.apiBase}/api/widget/${encodeURIComponent(options.widgetId)}/chat?stream=1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
        ...parentHeader(options.parentOrigin),
      },
      body: JSON.stringify(options.body),
    });
  } catch (error) {
    throw new WidgetChatError(error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const message = errorText(await readJson(response));
    const error =
      response.status === 429 && message
        ? new WidgetChatError(message, message)
        : new WidgetChatError(`API request failed with status: ${response.status}`);
    error.status = response.status;
    error.isRefused = true;
    throw error;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream') || !response.body) return toReply(await readJson(response));
  const conversationId = response.headers.get('x-widget-conversation-id');
  if (conversationId)
    options.onStart?.({
      widgetConversationThreadId: conversationId,
      threadId: response.headers.get('x-thread-id'),
      contactIdentifier: response.headers.get('x-contact-identifier'),
    });

  let text = '';
  for await (const data of readEventStream(response.body)) {
    const event = parseEvent(data);
    if (!event) continue;
    if (event.type === 'delta') {
      text += event.text;
      options.onDelta?.(text);
    } else if (event.type === 'done') {
      return toReply({ ...event.reply, message: event.reply.message || text });
    } else if (event.type === 'error') {
      const error = new WidgetChatError(event.error.message);
      error.isRefused = true;
      throw error;
    }
  }
  throw new WidgetChatError('No message in API response');
}

/** GET /api/widget/:id/conversations?contactIdentifier= (live history; the caller falls back to the local list). */
export async function fetchLiveConversations(options: {
  apiBase: string;
  widgetId: string;
  contactIdentifier: string;
  parentOrigin?: string | null;
  fetchImpl?: FetchLike;
}): Promise<LiveConversation[]> {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const url = `${options.apiBase}/api/widget/${encodeURIComponent(options.widgetId)}/conversations?contactIdentifier=${encodeURIComponent(options.contactIdentifier)}`;
  const response = await doFetch(url, {
    headers: { accept: 'application/json', ...parentHeader(options.parentOrigin) },
  });
  if (!response.ok) throw new Error(`API request failed with status: ${response.status}`);
  const body = (await response.json()) as { conversations?: unknown };
  if (!Array.isArray(body.conversations)) throw new Error('No conversations in API response');
  return body.conversations.filter(
    (entry): entry is LiveConversation =>
      Boolean(entry) &&
      typeof (entry as LiveConversation).threadId === 'string' &&
      typeof (entry as LiveConversation).lastMessage === 'string',
  );
}

/**
 * GET /api/widget/:id/conversations/:threadId?contactIdentifier=: the server's copy of one of the
 * visitor's conversations, as chat messages (oldest first).
 */
export async function fetchVisitorTranscript(options: {
  apiBase: string;
  widgetId: string;
  threadId: string;
  contactIdentifier: string;
  parentOrigin?: string | null;
  fetchImpl?: FetchLike;
}): Promise<WidgetChatMessage[]> {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const url = `${options.apiBase}/api/widget/${encodeURIComponent(options.widgetId)}/conversations/${encodeURIComponent(options.threadId)}?contactIdentifier=${encodeURIComponent(options.contactIdentifier)}`;
  const response = await doFetch(url, {
    headers: { accept: 'application/json', ...parentHeader(options.parentOrigin) },
  });
  if (!response.ok) throw new Error(`API request failed with status: ${response.status}`);
  const body = (await response.json()) as { messages?: unknown };
  if (!Array.isArray(body.messages)) throw new Error('No messages in API response');
  return body.messages.flatMap((entry: unknown) => {
    const message = (entry ?? {}) as { id?: unknown; role?: unknown; content?: unknown; createdAt?: unknown };
    if (typeof message.id !== 'string' || typeof message.content !== 'string') return [];
    const timestamp = typeof message.createdAt === 'string' ? Date.parse(message.createdAt) : NaN;
    return [
      {
        id: message.id,
        content: message.content,
        sender: message.role === 'user' ? ('user' as const) : ('agent' as const),
        timestamp: Number.isFinite(timestamp) ? timestamp : Date.now(),
      },
    ];
  });
}
