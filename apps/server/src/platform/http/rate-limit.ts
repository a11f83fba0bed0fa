import type { Cache } from '../cache/cache';
import { AppError } from './app-error';

/** Fixed-window limit shared by every instance through the cache; over it: 429. */
export async function enforceRateLimit(options: { cache: Cache; key: string; limit: number; windowMs: number }) {
  const count = await options.cache.hit(`rate:${options.key}`, options.windowMs);
  if (count > options.limit) throw new AppError('RATE_LIMITED', { extra: { retryAfterMs: options.windowMs } });
}
