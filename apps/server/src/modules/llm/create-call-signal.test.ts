import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallSignal } from './create-call-signal';

describe('a provider call’s signal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts with the reason of the signal that aborted first, not as a timeout', () => {
    const client = new AbortController();
    const stop = new AbortController();
    const call = createCallSignal([client.signal, undefined, stop.signal], 60_000);
    expect(call.signal.aborted).toBe(false);
    const reason = new Error('The client went away.');
    stop.abort(reason);
    expect(call.signal.aborted).toBe(true);
    expect(call.signal.reason).toBe(reason);
    expect(call.isTimedOut()).toBe(false);
    client.abort(new Error('later'));
    expect(call.signal.reason).toBe(reason);
  });

  it('is aborted at once when a signal already was', () => {
    const client = new AbortController();
    client.abort(new Error('gone'));
    const call = createCallSignal([client.signal], 60_000);
    expect(call.signal.aborted).toBe(true);
    expect((call.signal.reason as Error).message).toBe('gone');
  });

  it('times out with a TimeoutError, as AbortSignal.timeout does', () => {
    vi.useFakeTimers();
    const client = new AbortController();
    const call = createCallSignal([client.signal], 1_000);
    vi.advanceTimersByTime(999);
    expect(call.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.signal.aborted).toBe(true);
    expect(call.signal.reason).toMatchObject({ name: 'TimeoutError' });
    expect(call.isTimedOut()).toBe(true);
  });

  it('once released, neither times out nor follows the other signals', () => {
    vi.useFakeTimers();
    const client = new AbortController();
    const call = createCallSignal([client.signal], 1_000);
    call.release();
    client.abort(new Error('gone'));
    vi.advanceTimersByTime(5_000);
    expect(call.signal.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
