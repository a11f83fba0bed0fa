import { readEventStream } from '@agentry/core/read-event-stream';

export type ConsoleResult = {
  status: number;
  /** The answer text, or the error message. */
  text: string;
  isError: boolean;
  threadId: string | null;
  /** What the server answered, for the raw view (the JSON body, or the stream's events). */
  raw: string;
  durationMs: number;
};

type ConsoleRequest = {
  apiKey: string;
  agentId: string;
  message: string;
  stream: boolean;
  threadId: string | null;
  signal?: AbortSignal;
  /** Streaming: the answer so far, after every chunk. */
  onText?: (text: string) => void;
};

type OpenAiErrorBody = { error?: { message?: string; type?: string; code?: string | null } };

function errorText(body: unknown, status: number) {
  const message = (body as OpenAiErrorBody | null)?.error?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : `Request failed with status ${status}`;
}

/**
 * Calls POST /v1/chat/completions the way an OpenAI client does: Bearer key, `model` = agent id,
 * whole or streamed. Never throws for an HTTP failure; the console shows it.
 */
export async function sendChatCompletion(request: ConsoleRequest): Promise<ConsoleResult> {
  const startedAt = performance.now();
  const body = {
    model: request.agentId,
    messages: [{ role: 'user', content: request.message }],
    stream: request.stream,
    ...(request.threadId ? { thread_id: request.threadId } : {}),
  };
  const response = await fetch('/v1/chat/completions', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${request.apiKey.trim()}`,
      'content-type': 'application/json',
      accept: request.stream ? 'text/event-stream' : 'application/json',
    },
    body: JSON.stringify(body),
    signal: request.signal,
  });
  const threadHeader = response.headers.get('x-thread-id');
  const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');

  if (!isStream || !response.body) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: shown as it came.
    }
    const duration = performance.now() - startedAt;
    const raw = typeof parsed === 'string' ? parsed : JSON.stringify(parsed, null, 2);
    if (!response.ok)
      return {
        status: response.status,
        text: errorText(parsed, response.status),
        isError: true,
        threadId: threadHeader,
        raw,
        durationMs: duration,
      };
    const reply = parsed as { choices?: { message?: { content?: string | null } }[]; thread_id?: string };
    return {
      status: response.status,
      text: reply.choices?.[0]?.message?.content ?? '',
      isError: false,
      threadId: reply.thread_id ?? threadHeader,
      raw,
      durationMs: duration,
    };
  }

  let text = '';
  let threadId = threadHeader;
  const events: string[] = [];
  for await (const data of readEventStream(response.body, request.signal)) {
    events.push(`data: ${data}`);
    if (data === '[DONE]') break;
    let chunk: {
      choices?: { delta?: { content?: string | null } }[];
      thread_id?: string;
      error?: { message?: string };
    };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      continue;
    }
    if (chunk.error) {
      return {
        status: response.status,
        text: errorText(chunk, response.status),
        isError: true,
        threadId,
        raw: events.join('\n\n'),
        durationMs: performance.now() - startedAt,
      };
    }
    threadId = chunk.thread_id ?? threadId;
    const delta = chunk.choices?.[0]?.delta?.content;
    if (delta) {
      text += delta;
      request.onText?.(text);
    }
  }
  return {
    status: response.status,
    text,
    isError: false,
    threadId,
    raw: events.join('\n\n'),
    durationMs: performance.now() - startedAt,
  };
}
