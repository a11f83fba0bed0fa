import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep';

afterEach(() => {
  vi.useRealTimers();
});

describe('sleep', () => {
  it('resolves after the time has passed, not before', async () => {
    vi.useFakeTimers();
    let isDone = false;
    const waiting = sleep(1000).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(isDone).toBe(true);
  });

  it("rejects with the signal's reason when aborted while waiting, and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const reason = new Error('run cancelled');
    const waiting = sleep(60_000, controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once with an AbortError for a plain abort() before the call', async () => {
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await sleep(60_000, controller.signal).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('stops listening to the signal once the time has passed', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await sleep(1, controller.signal);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});
