import { describeHttpFailure } from '@agentry/core/error-messages';
import { requestSignIn } from './sign-in-events';

/** A failed API call: the HTTP status, the server's structured error (if any) and the message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly supportId: string | undefined;
  readonly body: unknown;
  readonly kind: 'signin' | 'credits' | 'plan' | 'other';

  constructor(options: { status: number; body: unknown; message: string; kind: ApiError['kind'] }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.body = options.body;
    this.kind = options.kind;
    const structured = readStructuredError(options.body);
    this.code = structured?.code;
    this.supportId = structured?.support_id;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Message when the server gives none. */
  fallbackMessage?: string;
  /** Do not raise the global sign-in event on 401 (session probes, silent checks). */
  silentUnauthorized?: boolean;
};

/**
 * Calls the product's API with credentials. Only 2xx counts as success; the body is unwrapped.
 * A 401 raises the global sign-in-required event unless `silentUnauthorized` is set.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    signal,
    fallbackMessage = 'Something went wrong',
    silentUnauthorized = false,
  } = options;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await readBody(response);
  if (response.ok) return parsed as T;

  const failure = describeHttpFailure({ status: response.status, body: parsed, fallback: fallbackMessage });
  if (response.status === 401 && !silentUnauthorized) {
    requestSignIn({ reason: 'expired', callbackUrl: window.location.pathname + window.location.search });
  }
  throw new ApiError({ status: response.status, body: parsed, message: failure.message, kind: failure.kind });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readStructuredError(body: unknown): { code?: string; support_id?: string } | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return undefined;
  return error;
}
