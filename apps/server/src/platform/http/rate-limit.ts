import type { Cache } from '../cache/cache';
import { AppError } from './app-error';

type RateLimit = { key: string; limit: number; windowMs: number };

/**
 * Per cache store, the keys this process last saw counted to half their limit or more, with when
 * their window ends at the latest. Other instances' counts show up here with this process's next
 * count of the same key (the store answers the shared count).
 */
const busyKeysByCache = new WeakMap<Cache, Map<string, number>>();
/** Past this many busy keys, the ended windows are dropped; if that is not enough, all of them. */
const MAX_BUSY_KEYS = 10_000;

function busyKeysOf(cache: Cache): Map<string, number> {
  let busy = busyKeysByCache.get(cache);
  if (!busy) {
    busy = new Map();
    busyKeysByCache.set(cache, busy);
  }
  return busy;
}

function noteCount(busy: Map<string, number>, { key, limit, windowMs }: RateLimit, count: number, now: number) {
  if (count * 2 < limit) {
    // A new window started since the key was busy.
    busy.delete(key);
    return;
  }
  busy.set(key, now + windowMs);
  if (busy.size <= MAX_BUSY_KEYS) return;
  for (const [busyKey, endsAt] of busy) if (endsAt <= now) busy.delete(busyKey);
  if (busy.size > MAX_BUSY_KEYS) busy.clear();
}

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
  const busy = busyKeysOf(cache);
  const now = Date.now();
  let retryAfterMs = 0;
  limits.forEach((limit, index) => {
    const count = counts[index] ?? 0;
    noteCount(busy, limit, count, now);
    if (count > limit.limit) retryAfterMs = Math.max(retryAfterMs, limit.windowMs);
  });
  if (retryAfterMs > 0) throw new AppError('RATE_LIMITED', { extra: { retryAfterMs } });
}

/**
 * Whether nothing this process has seen suggests that counting these limits would refuse: no key
 * counted to half its limit or more in a window that may still run. A caller may then send the
 * work a refusal would have spared (a database statement) beside the count instead of after it,
 * and undo it when the count refuses after all. A key that gets busy (a visitor or an address
 * sending fast, or an abuser) turns that off until its window ends, so what a refused message
 * costs beyond its count stays bounded by half the limit per window.
 */
export function isWellUnderRateLimits(cache: Cache, limits: readonly RateLimit[]): boolean {
  const busy = busyKeysByCache.get(cache);
  if (!busy || busy.size === 0) return true;
  const now = Date.now();
  return limits.every(({ key }) => {
    const endsAt = busy.get(key);
    return endsAt === undefined || endsAt <= now;
  });
}

/**
 * Counts the limits, then runs `work` (a database statement a refusal spares). When nothing
 * suggests the count will refuse (isWellUnderRateLimits), `work` is sent beside the count instead
 * of after it: one round trip to wait for instead of two. A refusal reads as it would in turn: the
 * count's 429 (or the cache store's error) first, after `undo` gave back what `work` did; then
 * `work`'s own error.
 */
export async function withinRateLimits<Result>(
  cache: Cache,
  limits: readonly RateLimit[],
  work: () => Promise<Result>,
  undo: (result: Result) => Promise<void>,
): Promise<Result> {
  if (!isWellUnderRateLimits(cache, limits)) {
    await enforceRateLimits(cache, limits);
    return work();
  }
  const [counted, done] = await Promise.allSettled([enforceRateLimits(cache, limits), work()]);
  if (counted.status === 'rejected') {
    if (done.status === 'fulfilled') await undo(done.value);
    throw counted.reason;
  }
  if (done.status === 'rejected') throw done.reason;
  return done.value;
}
