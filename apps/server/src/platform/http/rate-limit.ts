import type { Cache } from '../cache/cache';
import { AppError } from './app-error';

type RateLimit = { key: string; limit: number; windowMs: number };

/**
 * What this process knows of the keys counted through withinRateLimits, per cache store: the keys
 * it last saw counted to half their limit or more, with when their window ends at the latest (other
 * instances' counts show up here with this process's next count of the key: the store answers the
 * shared count), and how many counts of each key it has sent and not had answered yet.
 */
type KeyNotes = { busyUntil: Map<string, number>; inFlight: Map<string, number> };
const notesByCache = new WeakMap<Cache, KeyNotes>();
/** Past this many busy keys, the ones noted longest ago are forgotten down to BUSY_KEYS_KEPT. */
const MAX_BUSY_KEYS = 10_000;
const BUSY_KEYS_KEPT = 9_000;

function notesOf(cache: Cache): KeyNotes {
  let notes = notesByCache.get(cache);
  if (!notes) {
    notes = { busyUntil: new Map(), inFlight: new Map() };
    notesByCache.set(cache, notes);
  }
  return notes;
}

function noteCount({ busyUntil }: KeyNotes, { key, limit, windowMs }: RateLimit, count: number, now: number) {
  // Deleted first, so that the map's order is the order of the last notes (a new window started
  // when the count is low again).
  busyUntil.delete(key);
  if (count * 2 < limit) return;
  busyUntil.set(key, now + windowMs);
  if (busyUntil.size <= MAX_BUSY_KEYS) return;
  for (const oldest of busyUntil.keys()) {
    if (busyUntil.size <= BUSY_KEYS_KEPT) break;
    busyUntil.delete(oldest);
  }
}

function addInFlight({ inFlight }: KeyNotes, limits: readonly RateLimit[], step: 1 | -1) {
  for (const { key } of limits) {
    const count = (inFlight.get(key) ?? 0) + step;
    if (count > 0) inFlight.set(key, count);
    else inFlight.delete(key);
  }
}

async function countRateLimits(cache: Cache, limits: readonly RateLimit[], notes?: KeyNotes) {
  if (notes) addInFlight(notes, limits, 1);
  let counts: number[];
  try {
    counts = await cache.hits(limits.map(({ key, windowMs }) => ({ key: `rate:${key}`, windowMs })));
  } finally {
    if (notes) addInFlight(notes, limits, -1);
  }
  const now = Date.now();
  let retryAfterMs = 0;
  limits.forEach((limit, index) => {
    const count = counts[index] ?? 0;
    if (notes) noteCount(notes, limit, count, now);
    if (count > limit.limit) retryAfterMs = Math.max(retryAfterMs, limit.windowMs);
  });
  if (retryAfterMs > 0) throw new AppError('RATE_LIMITED', { extra: { retryAfterMs } });
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
  await countRateLimits(cache, limits);
}

/**
 * Whether nothing this process knows suggests that counting these limits through withinRateLimits
 * would refuse: no key counted to half its limit or more in a window that may still run, and no key
 * with half its limit's worth of counts sent and not answered yet (a burst of messages arriving
 * before the first count is answered).
 */
export function isWellUnderRateLimits(cache: Cache, limits: readonly RateLimit[]): boolean {
  const notes = notesByCache.get(cache);
  return !notes || isWellUnder(notes, limits);
}

function isWellUnder(notes: KeyNotes, limits: readonly RateLimit[]): boolean {
  const now = Date.now();
  return limits.every(({ key, limit }) => {
    const busyUntil = notes.busyUntil.get(key);
    if (busyUntil !== undefined && busyUntil > now) return false;
    return (notes.inFlight.get(key) ?? 0) * 2 < limit;
  });
}

/**
 * Counts the limits, then runs `work` (a database statement a refusal spares). When nothing
 * suggests the count will refuse (isWellUnderRateLimits), `work` is sent beside the count instead
 * of after it: one round trip to wait for instead of two. A refusal reads as it would in turn: the
 * count's 429 (or the cache store's error) first, after `undo` gave back what `work` did; then
 * `work`'s own error. While a key is busy (a visitor or an address sending fast, an abuser), the count
 * goes first and a refused call costs no work. Only the keys counted here are noted. The keys of
 * one call must be distinct.
 */
export async function withinRateLimits<Result>(
  cache: Cache,
  limits: readonly RateLimit[],
  work: () => Promise<Result>,
  undo: (result: Result) => Promise<void>,
): Promise<Result> {
  const notes = notesOf(cache);
  if (!isWellUnder(notes, limits)) {
    await countRateLimits(cache, limits, notes);
    return work();
  }
  const [counted, done] = await Promise.allSettled([
    countRateLimits(cache, limits, notes),
    Promise.resolve().then(work),
  ]);
  if (counted.status === 'rejected') {
    if (done.status === 'fulfilled') await undo(done.value);
    throw counted.reason;
  }
  if (done.status === 'rejected') throw done.reason;
  return done.value;
}
