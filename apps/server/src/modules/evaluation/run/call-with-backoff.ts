import { sleep } from '@agentry/core/sleep';
import { AppError } from '../../../platform/http/app-error';
import { paidCallOf } from '../../llm/finished-provider-calls';
import type { CallUsage } from '../evaluation-types';
import type { AdaptiveLimiter } from './create-adaptive-limiter';
import { retryAfterOf } from './retry-after-of';

/** A call rate-limited this many times in a row fails its conversation. */
const MAX_RATE_LIMIT_RETRIES = 8;

/**
 * One model call with the run's back-off: it waits while the run is paused, and a 429 (after
 * the route's own retries) halves the run's concurrency, waits, and tries again. An attempt that
 * failed after the provider was paid for part of it (a step of tools) hands that to `onPaid`,
 * whether it is tried again or not: the run's cost is what left the balance.
 */
export async function callWithBackoff<T>(
  context: { limiter: AdaptiveLimiter; signal: AbortSignal; onRateLimited: () => void },
  call: () => Promise<T>,
  onPaid?: (usage: CallUsage) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    await context.limiter.waitWhilePaused(context.signal);
    try {
      const result = await call();
      context.limiter.onSuccess();
      return result;
    } catch (error) {
      const paid = paidCallOf(error);
      if (paid) onPaid?.(paid);
      if (
        !(error instanceof AppError) ||
        error.code !== 'RATE_LIMITED' ||
        context.signal.aborted ||
        attempt >= MAX_RATE_LIMIT_RETRIES
      )
        throw error;
      context.onRateLimited();
      await sleep(context.limiter.onRateLimited(retryAfterOf(error)), context.signal);
    }
  }
}
