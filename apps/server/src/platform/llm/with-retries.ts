import { sleep } from '@agentry/core/sleep';
import { ProviderCallError } from './chat-completions';
import type { ChatModel } from './language-model';

export type RetryPolicy = { maxRetries: number; baseDelayMs: number };

/** 3 retries, 0.5 s then doubling, unless the provider says how long to wait (retry-after). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500 };
const MAX_RETRY_AFTER_MS = 20_000;

/** 429 and 5xx (and lost connections) are worth another try; an exhausted quota is not. */
export function isRetryableProviderError(error: unknown): error is ProviderCallError {
  if (!(error instanceof ProviderCallError) || !error.isRetryable) return false;
  return !/insufficient_quota/.test(error.responseBody ?? '');
}

function retryDelayMs(error: ProviderCallError, attempt: number, policy: RetryPolicy): number {
  const headers = error.responseHeaders;
  const retryAfterMs = Number(headers['retry-after-ms']);
  if (Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  const retryAfterSeconds = Number(headers['retry-after']);
  if (Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0)
    return Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return exponential / 2 + Math.random() * (exponential / 2);
}

async function withBackoff<T>(
  run: () => PromiseLike<T>,
  signal: AbortSignal | undefined,
  policy: RetryPolicy,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= policy.maxRetries || !isRetryableProviderError(error) || signal?.aborted) throw error;
      // An abort while waiting (timeout, client gone) ends the call with the abort's reason.
      await sleep(retryDelayMs(error, attempt, policy), signal);
    }
  }
}

/**
 * Retries a provider call with backoff before any output arrived (a stream that the provider
 * accepted is never replayed). Tool runs are never retried: this wraps one model call.
 */
export function withRetries(model: ChatModel, policy: RetryPolicy = DEFAULT_RETRY_POLICY): ChatModel {
  return {
    provider: model.provider,
    modelId: model.modelId,
    complete: (request, signal) => withBackoff(() => model.complete(request, signal), signal, policy),
    stream: (request, signal) => withBackoff(() => model.stream(request, signal), signal, policy),
  };
}
