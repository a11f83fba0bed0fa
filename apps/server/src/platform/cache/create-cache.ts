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
  return {
    mode: 'memory',
    hit(key, windowMs) {
      const now = Date.now();
      const entry = counters.get(key);
      if (!entry || entry.expiresAt <= now) {
        counters.set(key, { count: 1, expiresAt: now + windowMs });
        return Promise.resolve(1);
      }
      entry.count += 1;
      return Promise.resolve(entry.count);
    },
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

function createRedisCache(url: string, keyPrefix: string): Cache {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, keyPrefix });
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
    async hit(key, windowMs) {
      // INCR then PEXPIRE NX in one round trip: the window starts at the first hit.
      const results = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').exec();
      const count = results?.[0]?.[1];
      if (typeof count !== 'number') throw new Error('Redis did not answer INCR');
      return count;
    },
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
