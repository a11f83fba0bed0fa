import { describe, expect, it, vi } from 'vitest';
import { hasPostgresErrorCode, retryOnceOnDeadlock } from './postgres-errors';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
/** As Drizzle throws it: its own error, the driver's as the cause. */
const wrapped = (cause: Error) => new Error('Failed query', { cause });

describe('PostgreSQL errors', () => {
  it('finds a SQLSTATE on the error or any of its causes', () => {
    expect(hasPostgresErrorCode(wrapped(deadlock()), '40P01')).toBe(true);
    expect(hasPostgresErrorCode(deadlock(), '23505')).toBe(false);
    expect(hasPostgresErrorCode(undefined, '40P01')).toBe(false);
  });

  it('runs a statement ended by a deadlock once more, and only once', async () => {
    const once = vi.fn().mockRejectedValueOnce(wrapped(deadlock())).mockResolvedValueOnce('counted');
    await expect(retryOnceOnDeadlock(once)).resolves.toBe('counted');
    expect(once).toHaveBeenCalledTimes(2);

    const twice = vi.fn().mockRejectedValue(wrapped(deadlock()));
    await expect(retryOnceOnDeadlock(twice)).rejects.toThrow('Failed query');
    expect(twice).toHaveBeenCalledTimes(2);

    const other = vi.fn().mockRejectedValue(new Error('connection refused'));
    await expect(retryOnceOnDeadlock(other)).rejects.toThrow('connection refused');
    expect(other).toHaveBeenCalledTimes(1);
  });
});
