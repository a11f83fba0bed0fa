/** Whether `error` is PostgreSQL's error `code` (a SQLSTATE), however the driver or Drizzle wraps it. */
export function hasPostgresErrorCode(error: unknown, code: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's SQLSTATE for a transaction it chose to end to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Runs a statement that is its own transaction, once more if PostgreSQL ended it to break a
 * deadlock: that transaction was rolled back whole, so running it again is safe, and the other
 * side of the cycle has gone on by then. Any other error, or a second deadlock, is thrown.
 */
export async function retryOnceOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!hasPostgresErrorCode(error, DEADLOCK_DETECTED)) throw error;
    return run();
  }
}
