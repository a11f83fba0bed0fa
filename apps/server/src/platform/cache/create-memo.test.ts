import { describe, expect, it } from 'vitest';
import { createMemo } from './create-memo';

describe('remembered values (the process-local half of Cache.remember)', () => {
  it('loads once for concurrent misses and answers the kept value afterwards', async () => {
    const memo = createMemo();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await Promise.resolve();
      return { value: loads };
    };
    const [first, second] = await Promise.all([memo.remember('agents', 'a', load), memo.remember('agents', 'a', load)]);
    expect(first).toBe(second);
    expect(await memo.remember('agents', 'a', load)).toBe(first);
    expect(loads).toBe(1);
  });

  it('never keeps a failed load', async () => {
    const memo = createMemo();
    await expect(memo.remember('agents', 'a', () => Promise.reject(new Error('not found')))).rejects.toThrow();
    expect(await memo.remember('agents', 'a', () => Promise.resolve('found'))).toBe('found');
  });

  it('drops a scope, including a load still running when it was forgotten, and leaves other scopes', async () => {
    const memo = createMemo();
    await memo.remember('provider-keys', 'k', () => Promise.resolve('key'));
    let finish: (value: string) => void = () => undefined;
    const pending = memo.remember('agents', 'a', () => new Promise<string>((resolve) => (finish = resolve)));
    memo.forget('agents');
    finish('read before the change');
    expect(await pending).toBe('read before the change');
    expect(await memo.remember('agents', 'a', () => Promise.resolve('after the change'))).toBe('after the change');
    expect(await memo.remember('provider-keys', 'k', () => Promise.resolve('reloaded'))).toBe('key');
  });
});
