import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { AppError } from './app-error';
import {
  assertPublicHttpUrlOrThrow,
  BLOCKED_ADDRESS_MESSAGE,
  createGuardedLookup,
  type SsrfGuardOptions,
} from './ssrf-guard';

export type FetchPublicUrlOptions = SsrfGuardOptions & {
  /** Redirects to follow; each hop passes the guard again. 0 answers the 3xx as is. */
  maxRedirects?: number;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function toBody(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('fetchPublicUrl sends string, bytes or URLSearchParams bodies only');
}

function requestOnce(
  url: URL,
  init: { method: string; headers: Headers; body: string | Buffer | undefined; signal: AbortSignal | undefined },
  guard: SsrfGuardOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {};
    init.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const request = transport.request(
      url,
      { method: init.method, headers, lookup: createGuardedLookup(guard), signal: init.signal },
      (response) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (Array.isArray(value)) for (const entry of value) responseHeaders.append(name, entry);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const status = response.statusCode ?? 502;
        const hasBody = !(status === 204 || status === 304 || init.method === 'HEAD');
        if (!hasBody) response.resume();
        const body = hasBody ? (Readable.toWeb(response) as ReadableStream<Uint8Array>) : null;
        resolve(new Response(body, { status, statusText: response.statusMessage, headers: responseHeaders }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ESSRFBLOCKED')
        reject(new AppError('VALIDATION_ERROR', { message: BLOCKED_ADDRESS_MESSAGE, cause: error }));
      else reject(error);
    });
    request.end(init.body);
  });
}

/**
 * `fetch` for addresses users give us: the URL and every redirect hop must be public (see
 * ssrf-guard.ts), checked before connecting and again by the connection's own DNS lookup.
 * Same signature as fetch, so SDKs accept it as their `fetch` option.
 */
export async function fetchPublicUrl(
  input: string | URL | Request,
  init: RequestInit = {},
  options: FetchPublicUrlOptions = {},
): Promise<Response> {
  let url = new URL(input instanceof Request ? input.url : input);
  let method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  let body = toBody(init.body);
  const maxRedirects = options.maxRedirects ?? 0;
  for (let hop = 0; ; hop += 1) {
    await assertPublicHttpUrlOrThrow(url, options);
    const response = await requestOnce(url, { method, headers, body, signal: init.signal ?? undefined }, options);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || !location || hop >= maxRedirects) return response;
    await response.body?.cancel();
    const next = new URL(location, url);
    // As fetch does: credentials do not follow a redirect to another origin.
    if (next.origin !== url.origin) {
      headers.delete('authorization');
      headers.delete('cookie');
    }
    url = next;
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers.delete('content-type');
    }
  }
}
