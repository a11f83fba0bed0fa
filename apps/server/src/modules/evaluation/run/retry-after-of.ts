import { AppError } from '../../../platform/http/app-error';
import { ProviderCallError } from '../../../platform/llm/chat-completions';

/** The provider's Retry-After (ms or seconds header) of a rate-limited call, if it sent one. */
export function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  if (!(cause instanceof ProviderCallError)) return undefined;
  const headers = cause.responseHeaders;
  const milliseconds = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(milliseconds) && milliseconds >= 0)
    return milliseconds;
  const seconds = Number(headers['retry-after']);
  if (headers['retry-after'] !== undefined && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return undefined;
}
