import type { CheckEmbeddableReply } from '@agentry/core/demos';
import { AppError } from '../../platform/http/app-error';
import { fetchPublicUrl } from '../../platform/http/fetch-public-url';
import type { SsrfGuardOptions } from '../../platform/http/ssrf-guard';
import { decideFrameEmbedding } from './decide-frame-embedding';

export const EMBED_CHECK_MAX_REDIRECTS = 3;
export const EMBED_CHECK_TIMEOUT_MS = 5000;

/**
 * Fetches a demo's background website the way a browser would frame it and decides from its
 * headers (X-Frame-Options, CSP frame-ancestors) whether our pages may show it in an iframe.
 * Only public http(s) addresses, checked after DNS resolution and on every redirect (at most
 * 3), within 5 seconds; the body is never read (headers decide). A refused address throws
 * 400 with the guard's message; an unreachable site answers not embeddable with a reason.
 */
export async function checkEmbeddable(options: {
  url: string;
  embedderOrigin: string;
  guard?: SsrfGuardOptions;
  timeoutMs?: number;
}): Promise<CheckEmbeddableReply> {
  const timeoutMs = options.timeoutMs ?? EMBED_CHECK_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetchPublicUrl(
      options.url,
      {
        method: 'GET',
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
          'user-agent': 'Mozilla/5.0 (compatible; AgentryEmbedCheck/1.0)',
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      { ...options.guard, maxRedirects: EMBED_CHECK_MAX_REDIRECTS },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      embeddable: false,
      reason: isTimeout
        ? `The website did not answer within ${timeoutMs / 1000} seconds.`
        : 'The website could not be reached.',
    };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
    return { embeddable: false, reason: `The website redirects more than ${EMBED_CHECK_MAX_REDIRECTS} times.` };
  }
  return decideFrameEmbedding({
    headers: response.headers,
    targetUrl: new URL(options.url),
    embedderOrigin: options.embedderOrigin,
  });
}
