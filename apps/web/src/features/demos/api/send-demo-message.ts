import { demoMessages, trimDemoHistory } from '@agentry/core/demo-rules';
import { describeDemoChatHttpFailure, type DemoHistoryEntry } from '../lib/demo-chat-rules';
import { readJsonBody } from '@/lib/read-json-body';

/** A demo chat turn that failed; the message is the one to show (docs/product/demos.md#texts, Demo chat). */
export class DemoChatError extends Error {
  readonly status: number | null;
  /** The server's error code ('DEMO_LIMIT_REACHED', 'RATE_LIMITED', ...), when it sent one. */
  readonly code: string | null;
  constructor(message: string, status: number | null, code: string | null = null) {
    super(message);
    this.name = 'DemoChatError';
    this.status = status;
    this.code = code;
  }
}

export type DemoChatTurn = {
  demoId: string;
  message: string;
  threadId: string | null;
  history: DemoHistoryEntry[];
  /** Set for the sms demo of an OpenRouter agent: the answer comes from /api/openrouter/chat (docs/product/demos.md#routes). */
  openRouter?: { agentId: string; model: string } | null;
  signal?: AbortSignal;
};

export type DemoChatAnswer = { content: string; threadId: string | null; requestCount: number | null };

/**
 * docs/product/demos.md#routes: POST /api/demo-chat (or /api/openrouter/chat for the sms demo of an OpenRouter
 * agent). Reads response, message or content, and thread_id or threadId.
 */
export async function sendDemoMessage(turn: DemoChatTurn): Promise<DemoChatAnswer> {
  // Every demo look sends through here: only the newest history the server takes.
  const history = trimDemoHistory(turn.history, turn.message.length);
  const messages = [...history, { role: 'user' as const, content: turn.message }];
  const [path, body] = turn.openRouter
    ? [
        '/api/openrouter/chat',
        {
          build_id: turn.openRouter.agentId,
          demoId: turn.demoId,
          message: turn.message,
          provider: 'openrouter',
          model: turn.openRouter.model,
          thread_id: turn.threadId,
          messages,
          userTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      ]
    : ['/api/demo-chat', { message: turn.message, threadId: turn.threadId, demoId: turn.demoId, history, messages }];

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      signal: turn.signal,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new DemoChatError(demoMessages.failedConnect, null);
  }
  const parsed = await readJsonBody(response);
  if (!response.ok) {
    const code = readErrorCode(parsed);
    throw new DemoChatError(
      describeDemoChatHttpFailure(response.status, readErrorText(parsed), code),
      response.status,
      code,
    );
  }
  const errorText = readErrorText(parsed);
  if (errorText) throw new DemoChatError(errorText, response.status, readErrorCode(parsed));

  const content =
    readString(parsed, 'response') ?? readString(parsed, 'message') ?? readString(parsed, 'content') ?? '';
  if (content.trim() === '') throw new DemoChatError(demoMessages.emptyResponse, response.status);
  const requestCount = isRecord(parsed) && typeof parsed.requestCount === 'number' ? parsed.requestCount : null;
  return { content, threadId: readString(parsed, 'thread_id') ?? readString(parsed, 'threadId') ?? null, requestCount };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readString(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}

/** The server's error text: `{ error: 'text' }` or our structured `{ error: { message } }`. */
function readErrorText(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const { error } = value;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return undefined;
}

/** The code of our structured `{ error: { code } }`, or null. */
function readErrorCode(value: unknown): string | null {
  if (!isRecord(value) || !isRecord(value.error)) return null;
  return typeof value.error.code === 'string' ? value.error.code : null;
}
