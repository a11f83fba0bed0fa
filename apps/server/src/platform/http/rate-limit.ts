import type { Cache } from '../cache/cache';
import { AppError } from './app-error';

type RateLimit = { key: string; limit: number; windowMs: number };

/** Fixed-window limit shared by every instance through the cache; over it: 429. */
export async function enforceRateLimit(options: { cache: Cache } & RateLimit) {
  await enforceRateLimits(options.cache, [options]);
}

/**
 * Several limits on one call, counted together in one round trip to the cache store. Every one is
 * counted; over any: 429 (with the longest window of those exceeded).
 */
export async function enforceRateLimits(cache: Cache, limits: readonly RateLimit[]) {
  const counts = await cache.hits(limits.map(({ key, windowMs }) => ({ key: `rate:${key}`, windowMs })));
  let retryAfterMs = 0;
  limits.forEach(({ limit, windowMs }, index) => {
    if ((counts[index] ?? 0) > limit) retryAfterMs = Math.max(retryAfterMs, windowMs);
  });
  if (retryAfterMs > 0) throw new AppError('RATE_LIMITED', { extra: { retryAfterMs } });
}
