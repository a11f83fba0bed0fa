import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdaptiveLimiter } from './create-adaptive-limiter';

describe('adaptive concurrency of a run', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('halves the limit on a 429, pauses for Retry-After, and gives slots back after a streak of successes', async () => {
    vi.useFakeTimers();
    const limiter = createAdaptiveLimiter(8, () => 0.5);
    const signal = new AbortController().signal;
    expect(limiter.limit()).toBe(8);
    expect(limiter.onRateLimited(120)).toBe(120);
    expect(limiter.limit()).toBe(4);
    let resumed = false;
    const paused = limiter.waitWhilePaused(signal).then(() => {
      resumed = true;
    });
    // On a clock the test moves: still paused 1 ms before the Retry-After ends, free once it has.
    await vi.advanceTimersByTimeAsync(119);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await paused;
    expect(resumed).toBe(true);
    limiter.onRateLimited(undefined);
    limiter.onRateLimited(undefined);
    limiter.onRateLimited(undefined);
    expect(limiter.limit()).toBe(1);
    limiter.onSuccess();
    expect(limiter.limit()).toBe(2);
    limiter.onSuccess();
    limiter.onSuccess();
    expect(limiter.limit()).toBe(3);
  });

  it('backs off exponentially with jitter when the provider gives no Retry-After', () => {
    const limiter = createAdaptiveLimiter(4, () => 1);
    expect(limiter.onRateLimited(undefined)).toBe(500);
    expect(limiter.onRateLimited(undefined)).toBe(1000);
    expect(limiter.onRateLimited(undefined)).toBe(2000);
    limiter.onSuccess();
    expect(createAdaptiveLimiter(4, () => 0).onRateLimited(undefined)).toBe(250);
  });

  it('never lets more than the limit in at once, and wakes a waiter on release', async () => {
    const limiter = createAdaptiveLimiter(2);
    const signal = new AbortController().signal;
    await limiter.acquire(signal);
    await limiter.acquire(signal);
    let isThirdIn = false;
    const third = limiter.acquire(signal).then(() => {
      isThirdIn = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isThirdIn).toBe(false);
    limiter.release();
    await third;
    expect(isThirdIn).toBe(true);
  });

  it('rejects a waiting acquire when the run is cancelled', async () => {
    const limiter = createAdaptiveLimiter(1);
    const controller = new AbortController();
    await limiter.acquire(controller.signal);
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
