import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { providerAgentFor } from './provider-agent-for';

/** How long a finished answer may take to close its body before its connection is let go of. */
const DRAIN_MS = 1_000;

/** A provider's answer: status and headers, then the body as it arrives. */
export type ProviderReply = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** The body, uncompressed. Once the call is aborted it ends with an error; read `signal.reason` then. */
  body: Readable;
  /**
   * Done with the reply: stops listening for the abort once settled. With `isAnswered`, a body that
   * has not quite ended yet (the provider's last bytes after `[DONE]`) is read out, so its
   * connection can serve the next call; otherwise a body not read to its end closes its connection.
   */
  finish: (isAnswered: boolean) => Promise<void>;
};

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** Why the call was aborted (a TimeoutError for a timeout, the client's own reason otherwise). */
function reasonOf(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * POSTs a JSON body to a provider over the process's kept-alive connections (node:http for
 * http: URLs, node:https for https:), written in one piece with its content-length. Resolves
 * with the reply once its headers arrived; rejects with the socket's error when the provider
 * cannot be reached, or with `signal.reason` when the call is aborted (which destroys the
 * request and its connection, before or during the body). `lookup` replaces the DNS lookup
 * (the address guard for base URLs users gave us).
 *
 * Compression: we ask for `identity` (answers are small, and a compressed event stream is
 * buffered by the compressor), and still decode gzip, deflate and br if a provider sends them.
 */
export function postToProvider(options: {
  url: URL;
  headers: Record<string, string>;
  body: string;
  signal?: AbortSignal;
  lookup?: LookupFunction;
}): Promise<ProviderReply> {
  const { url, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(reasonOf(signal));
      return;
    }
    const request = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: url.pathname + url.search,
      method: 'POST',
      headers: {
        ...options.headers,
        'accept-encoding': 'identity',
        'content-length': Buffer.byteLength(options.body),
      },
      agent: providerAgentFor(url.protocol),
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    const onAbort = () => request.destroy();
    signal?.addEventListener('abort', onAbort, { once: true });

    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? reasonOf(signal) : error);
    });
    request.on('response', (response) => {
      const decoder = decoderFor(response.headers['content-encoding']);
      const body: Readable = decoder ? pipeline(response, decoder, () => undefined) : response;
      // Read by the caller; an error before it starts reading is kept in the stream's state.
      body.on('error', () => undefined);
      let finished: Promise<void> | undefined;
      const finish = (isAnswered: boolean): Promise<void> => {
        finished ??= new Promise<void>((done) => {
          const release = () => {
            signal?.removeEventListener('abort', onAbort);
            done();
          };
          // Read to its end: the connection is back in the pool already.
          if (response.readableEnded) return release();
          if (!isAnswered && !response.complete) {
            request.destroy();
            return release();
          }
          // The provider's last bytes (the end of the chunked body after `[DONE]`) may be a packet
          // behind, or read but not consumed: read them out so the connection goes back to the
          // pool (on the tick after the end) before the next call, within a bound.
          const timer = setTimeout(() => request.destroy(), DRAIN_MS);
          timer.unref();
          const settle = () => {
            clearTimeout(timer);
            setImmediate(release);
          };
          response.once('end', settle);
          response.once('close', settle);
          body.resume();
        });
        return finished;
      };
      resolve({
        status: response.statusCode ?? 502,
        statusText: response.statusMessage ?? '',
        headers: flattenHeaders(response.headers),
        body,
        finish,
      });
    });
    request.end(options.body);
  });
}
