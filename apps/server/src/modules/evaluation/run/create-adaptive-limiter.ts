import { sleep } from '@agentry/core/sleep';

export type AdaptiveLimiter = {
  /** Waits for a free slot (and for any back-off pause to end). */
  acquire: (signal: AbortSignal) => Promise<void>;
  release: () => void;
  /** Waits while the run is backing off; calls in flight check before each model call. */
  waitWhilePaused: (signal: AbortSignal) => Promise<void>;
  /** A 429: halves the limit and pauses; answers how long. */
  onRateLimited: (retryAfterMs: number | undefined) => number;
  onSuccess: () => void;
  limit: () => number;
};

const MAX_BACKOFF_MS = 30_000;
const BASE_BACKOFF_MS = 500;

/**
 * Concurrency of one run that adapts to the provider: a 429 halves the number of
 * conversations in flight and pauses new calls (Retry-After when the provider gave one, else
 * exponential with jitter); every `limit` successes in a row give one slot back, up to `max`.
 */
export function createAdaptiveLimiter(max: number, random: () => number = Math.random): AdaptiveLimiter {
  let limit = max;
  let active = 0;
  let pausedUntil = 0;
  let successStreak = 0;
  let rateLimitStreak = 0;
  const waiters: (() => void)[] = [];

  function wake() {
    while (waiters.length > 0 && active < limit) {
      active += 1;
      waiters.shift()?.();
    }
  }

  async function waitWhilePaused(signal: AbortSignal) {
    for (let wait = pausedUntil - Date.now(); wait > 0; wait = pausedUntil - Date.now()) await sleep(wait, signal);
  }

  return {
    async acquire(signal) {
      if (signal.aborted) throw signal.reason as Error;
      await waitWhilePaused(signal);
      if (active < limit) {
        active += 1;
        return;
      }
      await new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        const onAbort = () => {
          const index = waiters.indexOf(grant);
          if (index >= 0) waiters.splice(index, 1);
          reject(signal.reason as Error);
        };
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        waiters.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      await waitWhilePaused(signal);
    },
    release() {
      active -= 1;
      wake();
    },
    waitWhilePaused,
    onRateLimited(retryAfterMs) {
      limit = Math.max(1, Math.floor(limit / 2));
      successStreak = 0;
      rateLimitStreak += 1;
      const exponential = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (rateLimitStreak - 1));
      const wait =
        retryAfterMs !== undefined
          ? Math.min(retryAfterMs, MAX_BACKOFF_MS)
          : exponential / 2 + random() * (exponential / 2);
      pausedUntil = Math.max(pausedUntil, Date.now() + wait);
      return wait;
    },
    onSuccess() {
      rateLimitStreak = 0;
      successStreak += 1;
      if (limit < max && successStreak >= limit) {
        limit += 1;
        successStreak = 0;
        wake();
      }
    },
    limit: () => limit,
  };
}
