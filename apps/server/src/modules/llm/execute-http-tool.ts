import { resolveToolArguments, type HttpTool } from '@agentry/core/tools';
import { fetchPublicUrl } from '../../platform/http/fetch-public-url';
import { createCallSignal } from './create-call-signal';

export const TOOL_TIMEOUT_MS = 10_000;
export const TOOL_RESPONSE_LIMIT_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;

export type HttpToolResult = { status: number; body: string; truncated: boolean };

function toText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `{name}` placeholders in the URL take the argument of that name; the rest go to the query or body. */
function buildRequestUrl(template: string, args: Record<string, unknown>): { url: URL; rest: Record<string, unknown> } {
  const rest = { ...args };
  const filled = template.replace(/\{([A-Za-z0-9_-]+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(rest, name)) return placeholder;
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(toText(value));
  });
  return { url: new URL(filled), rest };
}

async function readCapped(response: Response, limit: number): Promise<{ body: string; truncated: boolean }> {
  if (!response.body) return { body: '', truncated: false };
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { body: new TextDecoder().decode(Buffer.concat(chunks)), truncated };
}

/**
 * Calls an agent's HTTP tool: the model's arguments for auto parameters plus the user's fixed
 * values, a 10 s timeout, at most 64 KB of answer, and only public destinations (every hop).
 * Throws with a readable message; the gateway hands that to the model as the tool's result.
 */
export async function executeHttpTool(options: {
  tool: HttpTool;
  modelArguments: Record<string, unknown>;
  signal?: AbortSignal;
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}): Promise<HttpToolResult> {
  const { tool } = options;
  const timeoutMs = options.timeoutMs ?? TOOL_TIMEOUT_MS;
  const { url, rest } = buildRequestUrl(tool.url, resolveToolArguments(tool, options.modelArguments));
  const hasBody = tool.method !== 'GET' && tool.method !== 'DELETE';
  if (!hasBody)
    for (const [name, value] of Object.entries(rest))
      if (value !== undefined && value !== null) url.searchParams.set(name, toText(value));
  const headers = new Headers(tool.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json, text/plain;q=0.9, */*;q=0.5');
  if (!headers.has('user-agent')) headers.set('user-agent', 'Agentry-Tool/1.0');
  if (hasBody) headers.set('content-type', 'application/json');
  const { signal, isTimedOut, release } = createCallSignal([options.signal], timeoutMs);
  try {
    const response = await fetchPublicUrl(
      url,
      { method: tool.method, headers, body: hasBody ? JSON.stringify(rest) : undefined, signal },
      { allowLoopback: options.allowLoopback, maxRedirects: MAX_REDIRECTS },
    );
    const { body, truncated } = await readCapped(response, options.maxBytes ?? TOOL_RESPONSE_LIMIT_BYTES);
    return { status: response.status, body, truncated };
  } catch (error) {
    if (isTimedOut())
      throw new Error(`The tool ${tool.name} did not answer within ${timeoutMs / 1000} seconds.`, { cause: error });
    throw error;
  } finally {
    release();
  }
}
