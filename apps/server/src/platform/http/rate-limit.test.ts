import { describe, expect, it } from 'vitest';
import { createCache } from '../cache/create-cache';
import { AppError } from './app-error';
import { enforceRateLimits } from './rate-limit';

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
});
