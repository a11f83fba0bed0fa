import { Redis } from 'ioredis';
import type { Cache } from './cache';
import { createMemo } from './create-memo';

/** `prefix` namespaces the Redis keys, so deployments (or test files) sharing one Redis never share counters. */
export function createCache(options: { redisUrl?: string; prefix?: string }): Cache {
  return options.redisUrl
    ? createRedisCache(options.redisUrl, options.prefix ? `${options.prefix}:` : '')
    : createMemoryCache();
}

function createMemoryCache(): Cache {
  const memo = createMemo();
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of counters) if (entry.expiresAt <= now) counters.delete(key);
  }, 60_000);
  sweep.unref();
  function hit(key: string, windowMs: number): number {
    const now = Date.now();
    const entry = counters.get(key);
    if (!entry || entry.expiresAt <= now) {
      counters.set(key, { count: 1, expiresAt: now + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }
  return {
    mode: 'memory',
    hit: (key, windowMs) => Promise.resolve(hit(key, windowMs)),
    hits: (entries) => Promise.resolve(entries.map(({ key, windowMs }) => hit(key, windowMs))),
    count(key) {
      const entry = counters.get(key);
      return Promise.resolve(entry && entry.expiresAt > Date.now() ? entry.count : 0);
    },
    remember: (scope, key, load) => memo.remember(scope, key, load),
    forget(scope) {
      memo.forget(scope);
      return Promise.resolve();
    },
    ping: () => Promise.resolve(true),
    close() {
      clearInterval(sweep);
      counters.clear();
      return Promise.resolve();
    },
  };
}

/**
 * INCR, then PEXPIRE NX (the window starts at the first hit), for each key, in one command: one
 * round trip and one write whatever the number of counters (a widget message counts two).
 * ARGV[i] is KEYS[i]'s window in milliseconds.
 */
export const HIT_COUNTERS_SCRIPT = `
local counts = {}
for index, key in ipairs(KEYS) do
  counts[index] = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[index], 'NX')
end
return counts`;

type CounterRedis = Redis & {
  hitCounters: (count: number, ...keysThenWindows: (string | number)[]) => Promise<unknown>;
};

function createRedisCache(url: string, keyPrefix: string): Cache {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, keyPrefix });
  // ioredis sends the script whole once per connection (EVAL), then by its SHA1 (EVALSHA), and whole
  // again where Redis answers NOSCRIPT (after a restart).
  redis.defineCommand('hitCounters', { lua: HIT_COUNTERS_SCRIPT });
  async function hits(entries: readonly { key: string; windowMs: number }[]): Promise<number[]> {
    if (entries.length === 0) return [];
    const counts = await (redis as CounterRedis).hitCounters(
      entries.length,
      ...entries.map((entry) => entry.key),
      ...entries.map((entry) => entry.windowMs),
    );
    if (!Array.isArray(counts) || counts.length !== entries.length || !counts.every((n) => typeof n === 'number'))
      throw new Error('Redis did not answer the counts');
    return counts;
  }
  // Remembered values are dropped on every instance through one channel (names the scope).
  // A subscriber that lost its connection may have missed some: it drops everything when it is back.
  const memo = createMemo();
  const channel = `${keyPrefix}cache-forget`;
  const subscriber = redis.duplicate({ keyPrefix: '' });
  let wasReady = false;
  subscriber.on('ready', () => {
    if (wasReady) memo.forgetAll();
    wasReady = true;
  });
  subscriber.on('message', (from: string, scope: string) => {
    if (from === channel) memo.forget(scope);
  });
  const subscribed = subscriber.subscribe(channel);
  return {
    mode: 'redis',
    hit: async (key, windowMs) => (await hits([{ key, windowMs }]))[0] ?? 0,
    hits,
    async count(key) {
      const value = await redis.get(key);
      return value === null ? 0 : Number(value);
    },
    async remember(scope, key, load) {
      // Nothing is kept until this instance hears other instances' changes.
      await subscribed;
      return memo.remember(scope, key, load);
    },
    async forget(scope) {
      memo.forget(scope);
      await redis.publish(channel, scope);
    },
    ping: () =>
      redis.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
    async close() {
      await subscriber.quit();
      await redis.quit();
    },
  };
}
