import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cache } from '../cache/cache';
import { createCache } from '../cache/create-cache';
import { AppError } from './app-error';
import { enforceRateLimits, isWellUnderRateLimits, withinRateLimits } from './rate-limit';

describe('rate limits counted together', () => {
  it('counts every limit, refuses when any is over, with the longest window of those over', async () => {
    const cache = createCache({});
    const visitor = { key: 'visitor', limit: 2, windowMs: 60_000 };
    const ip = { key: 'ip', limit: 3, windowMs: 3_600_000 };
    await enforceRateLimits(cache, [visitor, ip]);
    await enforceRateLimits(cache, [visitor, ip]);
    // The visitor's third message: over its limit, the IP's still counted.
    const refused = await enforceRateLimits(cache, [visitor, ip]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect((refused as AppError).extra).toEqual({ retryAfterMs: 60_000 });
    expect(await cache.count('rate:ip')).toBe(3);
    // Both over: the caller waits for the longer window.
    const both = await enforceRateLimits(cache, [visitor, ip]).catch((error: unknown) => error);
    expect((both as AppError).extra).toEqual({ retryAfterMs: 3_600_000 });
    await enforceRateLimits(cache, []);
    await cache.close();
  });

  describe('whether a count could refuse (isWellUnderRateLimits)', () => {
    afterEach(() => vi.useRealTimers());
    /** A count through withinRateLimits, whose keys are noted, with nothing beside it. */
    const count = (cache: Cache, limits: Parameters<typeof withinRateLimits>[1]) =>
      withinRateLimits(
        cache,
        limits,
        () => Promise.resolve(),
        () => Promise.resolve(),
      );

    it('says so once a key was counted to half its limit, until its window ends', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
      const cache = createCache({});
      const visitor = { key: 'visitor', limit: 4, windowMs: 60_000 };
      const ip = { key: 'ip', limit: 100, windowMs: 60_000 };
      expect(isWellUnderRateLimits(cache, [visitor, ip])).toBe(true);
      await count(cache, [visitor, ip]);
      expect(isWellUnderRateLimits(cache, [visitor, ip])).toBe(true);
      // The second of four: half the visitor's limit.
      await count(cache, [visitor, ip]);
      expect(isWellUnderRateLimits(cache, [visitor, ip])).toBe(false);
      expect(isWellUnderRateLimits(cache, [ip])).toBe(true);
      // Refused counts keep it busy.
      await count(cache, [visitor]);
      await count(cache, [visitor]);
      await expect(count(cache, [visitor])).rejects.toBeInstanceOf(AppError);
      expect(isWellUnderRateLimits(cache, [visitor])).toBe(false);
      // The window has ended: nothing suggests a refusal, and a new window's first count says so too.
      vi.setSystemTime(new Date('2026-11-28T10:01:00Z'));
      expect(isWellUnderRateLimits(cache, [visitor])).toBe(true);
      await count(cache, [visitor]);
      expect(isWellUnderRateLimits(cache, [visitor])).toBe(true);
      await cache.close();
    });

    it('learns from the shared count, whoever counted it, and keeps each cache store apart', async () => {
      const cache = createCache({});
      const other = createCache({});
      const limit = { key: 'shared', limit: 10, windowMs: 60_000 };
      // Another instance counted nine: this process has not seen it yet.
      for (let index = 0; index < 9; index += 1) await cache.hit('rate:shared', 60_000);
      expect(isWellUnderRateLimits(cache, [limit])).toBe(true);
      await count(cache, [limit]);
      expect(isWellUnderRateLimits(cache, [limit])).toBe(false);
      expect(isWellUnderRateLimits(other, [limit])).toBe(true);
      await Promise.all([cache.close(), other.close()]);
    });

    it('notes only the keys counted through withinRateLimits', async () => {
      const cache = createCache({});
      const limit = { key: 'plain', limit: 2, windowMs: 60_000 };
      await enforceRateLimits(cache, [limit]);
      await expect(enforceRateLimits(cache, [limit, limit])).rejects.toBeInstanceOf(AppError);
      expect(isWellUnderRateLimits(cache, [limit])).toBe(true);
      await cache.close();
    });

    it('forgets the keys noted longest ago past 10,000 busy keys, not all of them', async () => {
      const cache = createCache({});
      const busy = (index: number) => ({ key: `busy-${index}`, limit: 1, windowMs: 60_000 });
      for (let index = 0; index <= 10_000; index += 1) await count(cache, [busy(index)]);
      expect(isWellUnderRateLimits(cache, [busy(0)])).toBe(true);
      expect(isWellUnderRateLimits(cache, [busy(1_000)])).toBe(true);
      expect(isWellUnderRateLimits(cache, [busy(1_002)])).toBe(false);
      expect(isWellUnderRateLimits(cache, [busy(10_000)])).toBe(false);
      await cache.close();
    });
  });

  describe('work sent beside the count (withinRateLimits)', () => {
    const limit = { key: 'beside', limit: 4, windowMs: 60_000 };

    it('starts the work before the count answers, and answers what the work did', async () => {
      const cache = createCache({});
      let answerCount: () => void = () => undefined;
      const countAnswered = new Promise<void>((resolve) => {
        answerCount = resolve;
      });
      const hits = cache.hits.bind(cache);
      cache.hits = async (entries) => {
        await countAnswered;
        return hits(entries);
      };
      const events: string[] = [];
      const result = withinRateLimits(
        cache,
        [limit],
        () => {
          events.push('work');
          return Promise.resolve('done');
        },
        () => Promise.resolve(),
      );
      await Promise.resolve();
      expect(events).toEqual(['work']);
      answerCount();
      expect(await result).toBe('done');
      await cache.close();
    });

    it("gives back the work when the count refuses, and answers the count's 429 before the work's error", async () => {
      const cache = createCache({});
      // Another instance counted the limit full: this process does not know it yet.
      for (let index = 0; index < 4; index += 1) await cache.hit('rate:beside', 60_000);
      const undone: string[] = [];
      const refused = await withinRateLimits(
        cache,
        [limit],
        () => Promise.resolve('reserved'),
        (result) => {
          undone.push(result);
          return Promise.resolve();
        },
      ).catch((error: unknown) => error);
      expect((refused as AppError).code).toBe('RATE_LIMITED');
      expect(undone).toEqual(['reserved']);
      // Now known to be busy: the count goes first, and a refusal spares the work.
      const work = vi.fn(() => Promise.resolve('reserved'));
      const again = await withinRateLimits(cache, [limit], work, () => Promise.resolve()).catch(
        (error: unknown) => error,
      );
      expect((again as AppError).code).toBe('RATE_LIMITED');
      expect(work).not.toHaveBeenCalled();
      await cache.close();
    });

    it('sends the count first once half the limit is in flight: a burst costs no more work than the limit lets through', async () => {
      const cache = createCache({});
      const hits = cache.hits.bind(cache);
      // Every count answered a little later, as from Redis: the burst arrives before the first answer.
      cache.hits = async (entries) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return hits(entries);
      };
      const work = vi.fn(() => Promise.resolve('reserved'));
      const undo = vi.fn(() => Promise.resolve());
      const answers = await Promise.allSettled(
        Array.from({ length: 50 }, () => withinRateLimits(cache, [limit], work, undo)),
      );
      expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(4);
      // Two went beside their counts (two of four in flight is half), two after theirs; the 46
      // refused ones cost no work.
      expect(work).toHaveBeenCalledTimes(4);
      expect(undo).not.toHaveBeenCalled();
      await cache.close();
    });

    it("gives back the work and answers the cache store's error when the count fails", async () => {
      const cache = createCache({});
      cache.hits = () => Promise.reject(new Error('Redis is gone'));
      const undo = vi.fn(() => Promise.resolve());
      await expect(withinRateLimits(cache, [limit], () => Promise.resolve('reserved'), undo)).rejects.toThrow(
        'Redis is gone',
      );
      expect(undo).toHaveBeenCalledWith('reserved');
      // A failed count is no longer in flight: two failures, and the key (half of four) is not busy.
      await expect(withinRateLimits(cache, [limit], () => Promise.resolve('reserved'), undo)).rejects.toThrow();
      expect(isWellUnderRateLimits(cache, [limit])).toBe(true);
      await cache.close();
    });

    it("answers the work's own error when the count passes, with nothing to give back", async () => {
      const cache = createCache({});
      const undo = vi.fn(() => Promise.resolve());
      await expect(
        withinRateLimits(cache, [limit], () => Promise.reject(new AppError('NOT_FOUND')), undo),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // Both refuse: the count's answer wins, and a failed work has nothing to give back.
      const full = createCache({});
      for (let index = 0; index < 4; index += 1) await full.hit('rate:beside', 60_000);
      await expect(
        withinRateLimits(full, [limit], () => Promise.reject(new AppError('NOT_FOUND')), undo),
      ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(undo).not.toHaveBeenCalled();
      await Promise.all([cache.close(), full.close()]);
    });
  });
});
