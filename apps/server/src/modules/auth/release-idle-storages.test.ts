import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { releaseWhenIdle, usesAsyncContextFrames } from './release-idle-storages';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('storages released while no call runs in them', () => {
  it('keeps every running call its store, across awaits and other calls ending, and releases at zero', async () => {
    const requestState = new AsyncLocalStorage<string>();
    const adapter = new AsyncLocalStorage<string>();
    releaseWhenIdle([requestState, adapter]);
    const disabled = [vi.spyOn(requestState, 'disable'), vi.spyOn(adapter, 'disable')];

    const seen: (string | undefined)[] = [];
    const call = (name: string, ms: number) =>
      requestState.run(name, async () => {
        seen.push(requestState.getStore());
        await adapter.run(`${name}-adapter`, async () => {
          await pause(ms);
          seen.push(adapter.getStore());
        });
        await pause(ms);
        // Still its own after the inner call (and, for the long one, after the short one) ended.
        seen.push(requestState.getStore());
        return name;
      });

    const long = call('long', 30);
    const short = call('short', 1);
    expect(await short).toBe('short');
    await nextTurn();
    // The long call still runs: nothing released.
    for (const disable of disabled) expect(disable).not.toHaveBeenCalled();
    expect(await long).toBe('long');
    expect(seen.sort()).toEqual(['long', 'long', 'long-adapter', 'short', 'short', 'short-adapter']);
    await nextTurn();
    for (const disable of disabled) expect(disable).toHaveBeenCalledTimes(1);

    // A later call turns its storage on again and sees its store.
    expect(await requestState.run('later', () => Promise.resolve(requestState.getStore()))).toBe('later');
  });

  it('counts a call that fails, synchronously or not, as ended', async () => {
    const storage = new AsyncLocalStorage<string>();
    releaseWhenIdle([storage]);
    const disable = vi.spyOn(storage, 'disable');
    expect(() =>
      storage.run('sync', () => {
        throw new Error('at once');
      }),
    ).toThrow('at once');
    await expect(storage.run('async', () => Promise.reject(new Error('later')))).rejects.toThrow('later');
    expect(storage.run('plain', () => 42)).toBe(42);
    await nextTurn();
    expect(disable).toHaveBeenCalled();
    // Released after each ended; none is left counted: a call now releases again once it ends.
    disable.mockClear();
    await storage.run('again', () => pause(1));
    await nextTurn();
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it('wraps a storage once, however often it is asked', async () => {
    const storage = new AsyncLocalStorage<string>();
    releaseWhenIdle([storage]);
    releaseWhenIdle([storage]);
    const disable = vi.spyOn(storage, 'disable');
    const running = storage.run('one', () => pause(20));
    await storage.run('two', () => pause(1));
    await nextTurn();
    // Counted once per call: the first call still runs.
    expect(disable).not.toHaveBeenCalled();
    await running;
    await nextTurn();
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it('wraps nothing where stores live in async context frames (Node 24 on, or with the flag on 22 and 23)', () => {
    expect(usesAsyncContextFrames('20.20.2', [])).toBe(false);
    expect(usesAsyncContextFrames('22.12.0', [])).toBe(false);
    expect(usesAsyncContextFrames('22.12.0', ['--experimental-async-context-frame'])).toBe(true);
    expect(usesAsyncContextFrames('24.1.0', [])).toBe(true);
    expect(usesAsyncContextFrames('24.1.0', ['--no-async-context-frame'])).toBe(false);
  });
});
