import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from './create-cache';

// The counters behind every rate limit, in this process (no REDIS_URL) and in Redis (REDIS_URL
// set: the integration run), where they are shared by every instance.
const redisUrl = process.env.REDIS_URL;
const modes = [{ mode: 'memory', redisUrl: undefined }, ...(redisUrl ? [{ mode: 'redis', redisUrl }] : [])] as const;

describe.each(modes)('counters ($mode)', ({ redisUrl }) => {
  const prefix = `test-cache-${randomBytes(6).toString('hex')}`;
  const cache = createCache({ redisUrl, prefix });
  afterEach(() => vi.useRealTimers());
  afterAll(() => cache.close());

  it('counts each key on its own, several keys in one call, in the order asked', async () => {
    expect(await cache.hit('a', 60_000)).toBe(1);
    expect(
      await cache.hits([
        { key: 'a', windowMs: 60_000 },
        { key: 'b', windowMs: 60_000 },
      ]),
    ).toEqual([2, 1]);
    expect(
      await cache.hits([
        { key: 'b', windowMs: 60_000 },
        { key: 'a', windowMs: 60_000 },
      ]),
    ).toEqual([2, 3]);
    expect(await cache.count('a')).toBe(3);
    expect(await cache.count('never-hit')).toBe(0);
    expect(await cache.hits([])).toEqual([]);
  });

  it('counts concurrent hits exactly', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.hits([
          { key: 'concurrent-a', windowMs: 60_000 },
          { key: 'concurrent-b', windowMs: 60_000 },
        ]),
      ),
    );
    expect(counts.map(([a]) => a ?? 0).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(await cache.count('concurrent-b')).toBe(20);
  });

  if (redisUrl) {
    it('starts the window at the first hit and never extends it; keys carry the prefix', async () => {
      const redis = new Redis(redisUrl);
      try {
        await cache.hits([{ key: 'window', windowMs: 60_000 }]);
        const first = await redis.pttl(`${prefix}:window`);
        expect(first).toBeGreaterThan(50_000);
        // A later hit with another window leaves the first one's expiry.
        await cache.hits([{ key: 'window', windowMs: 600_000 }]);
        const second = await redis.pttl(`${prefix}:window`);
        expect(second).toBeLessThanOrEqual(first);
        expect(await redis.exists('window')).toBe(0);
      } finally {
        await redis.quit();
      }
    });

    it('answers an error, not a count, when Redis cannot run the command', async () => {
      const broken = createCache({ redisUrl, prefix: `${prefix}-broken` });
      const redis = new Redis(redisUrl);
      try {
        // A value INCR cannot count: the whole call fails instead of answering a partial count.
        await redis.set(`${prefix}-broken:text`, 'not a number', 'PX', 60_000);
        await expect(
          broken.hits([
            { key: 'fresh', windowMs: 60_000 },
            { key: 'text', windowMs: 60_000 },
          ]),
        ).rejects.toThrow();
      } finally {
        await redis.quit();
        await broken.close();
      }
    });
  } else {
    it('starts a new window once the first hit is windowMs old, never extended by later hits', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
      expect(await cache.hits([{ key: 'window', windowMs: 1_000 }])).toEqual([1]);
      vi.setSystemTime(new Date('2026-11-28T10:00:00.900Z'));
      expect(await cache.hits([{ key: 'window', windowMs: 60_000 }])).toEqual([2]);
      vi.setSystemTime(new Date('2026-11-28T10:00:01.000Z'));
      expect(await cache.hits([{ key: 'window', windowMs: 1_000 }])).toEqual([1]);
    });
  }
});
