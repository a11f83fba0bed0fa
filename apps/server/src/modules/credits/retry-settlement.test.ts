import { describe, expect, it } from 'vitest';
import { retrySettlement } from './retry-settlement';

describe('retrySettlement', () => {
  it('settles on a later try when the database refused the first ones, waiting between them', async () => {
    let tries = 0;
    const waits: number[] = [];
    const charged = await retrySettlement(
      () => {
        tries += 1;
        return tries < 3 ? Promise.reject(new Error('connection terminated')) : Promise.resolve(42);
      },
      { wait: (ms) => (waits.push(ms), Promise.resolve()) },
    );
    expect(charged).toBe(42);
    expect(tries).toBe(3);
    expect(waits).toEqual([200, 1000]);
  });

  it('gives up after three tries with the last error', async () => {
    let tries = 0;
    await expect(
      retrySettlement(
        () => {
          tries += 1;
          return Promise.reject(new Error(`refused ${tries}`));
        },
        { wait: () => Promise.resolve() },
      ),
    ).rejects.toThrow('refused 3');
    expect(tries).toBe(3);
  });
});
