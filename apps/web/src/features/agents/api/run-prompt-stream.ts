import { ChatStreamEvent, type RunPromptBody } from '@agentry/core/llm';
import { describeHttpFailure } from '@agentry/core/error-messages';
import { ApiError } from '@/lib/api';
import { readEventStream } from '@agentry/core/read-event-stream';
import { requestSignIn } from '@/lib/sign-in-events';
import { readJsonBody } from '@/lib/read-json-body';

/** A failure the server reported inside the stream: `{code, message, support_id, type?, advice?}`. */
export class ChatStreamError extends Error {
  readonly code: string;
  readonly supportId: string | undefined;
  readonly type: string | undefined;
  readonly advice: string | undefined;

  constructor(error: { code: string; message: string; support_id?: string; type?: string; advice?: string }) {
    super(error.message);
    this.name = 'ChatStreamError';
    this.code = error.code;
    this.supportId = error.support_id;
    this.type = error.type;
    this.advice = error.advice;
  }
}

const CUT_OFF = { code: 'NETWORK_ERROR', message: 'Unable to connect to the service.', type: 'network_error' } as const;

/**
 * The test chat's answer, token by token (POST /api/openai/run-prompt/stream). Calls `onText`
 * with the whole text so far after every delta; resolves with the thread id and final text.
 */
export async function streamRunPrompt(options: {
  body: RunPromptBody;
  signal?: AbortSignal;
  onText: (text: string) => void;
}): Promise<{ threadId: string; message: string }> {
  const response = await fetch('/api/openai/run-prompt/stream', {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(options.body),
    signal: options.signal,
  });

  if (!response.ok || !response.body) {
    const body = await readJsonBody(response);
    const failure = describeHttpFailure({
      status: response.status,
      body,
      fallback: 'Failed to get response from AI assistant.',
    });
    if (response.status === 401)
      requestSignIn({ reason: 'expired', callbackUrl: window.location.pathname + window.location.search });
    throw new ApiError({ status: response.status, body, message: failure.message, kind: failure.kind });
  }

  let text = '';
  for await (const data of readEventStream(response.body, options.signal)) {
    let event: ChatStreamEvent;
    try {
      event = ChatStreamEvent.parse(JSON.parse(data));
    } catch {
      continue;
    }
    if (event.type === 'delta') {
      text += event.text;
      options.onText(text);
    } else if (event.type === 'done') {
      return { threadId: event.threadId, message: text };
    } else {
      throw new ChatStreamError(event.error);
    }
  }
  options.signal?.throwIfAborted();
  throw new ChatStreamError(CUT_OFF);
}

/** What the error dialog gets for a chat failure: the AI error's type when the server named one. */
export function toChatErrorDialogInput(error: unknown): unknown {
  if (error instanceof ChatStreamError) {
    if (error.type)
      return {
        type: error.type,
        message: error.message,
        advice: error.advice,
        supportId: error.supportId,
        originalError: { code: error.code },
      };
    return { error: { code: error.code, message: error.message, support_id: error.supportId } };
  }
  if (error instanceof ApiError) {
    const structured = (error.body as { error?: { type?: unknown; advice?: unknown } } | null)?.error;
    if (structured && typeof structured.type === 'string') {
      return {
        type: structured.type,
        message: error.message,
        advice: typeof structured.advice === 'string' ? structured.advice : undefined,
        supportId: error.supportId,
        originalError: error.body,
      };
    }
  }
  return error;
}
