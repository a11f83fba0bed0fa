import { setTimeout as sleep } from 'node:timers/promises';

/** Waits before the second and third tries. */
const SETTLEMENT_RETRY_DELAYS_MS = [200, 1000];

/**
 * Runs a settlement (closing a credit hold, idempotent per hold) up to three times: a database
 * that refused it for a moment (a dropped connection, a deadlock, a failover) must not make a paid
 * call free, as a hold left open is given back by the sweeper. Throws the last error.
 */
export async function retrySettlement<T>(
  settle: () => Promise<T>,
  options: { wait?: (ms: number) => Promise<unknown> } = {},
): Promise<T> {
  const wait = options.wait ?? sleep;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await settle();
    } catch (error) {
      const delay = SETTLEMENT_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await wait(delay);
    }
  }
}
