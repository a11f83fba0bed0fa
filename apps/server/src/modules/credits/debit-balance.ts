import { sql, type SQL } from 'drizzle-orm';
import { hasPostgresErrorCode } from '../../platform/db/postgres-errors';

/**
 * The one debit statement: plan credits first, then bonus, only when both buckets together
 * cover the amount (the condition is re-checked after waiting for a concurrent debit's row
 * lock, so two debits can never both pass on the same credits). Postgres evaluates SET
 * expressions against the old row, so `last_plan_debit_millicredits` records the plan share of
 * this debit without reading before writing. Used as the first CTE of a single statement that
 * also appends the ledger entry: the row lock is held for that one statement only.
 * Answers `plan_share` and `period_key`; no row when the balance cannot cover the amount.
 */
export function debitBalanceSql(options: { billingUserId: string; millicredits: number }): SQL {
  const amount = sql`${options.millicredits}::bigint`;
  return sql`update credit_balance
       set plan_millicredits = greatest(plan_millicredits - ${amount}, 0),
           bonus_millicredits = bonus_millicredits - greatest(${amount} - plan_millicredits, 0),
           last_plan_debit_millicredits = least(plan_millicredits, ${amount}),
           updated_at = now()
     where user_id = ${options.billingUserId} and plan_millicredits + bonus_millicredits >= ${amount}
     returning last_plan_debit_millicredits as plan_share, period_key`;
}

export function assertMillicredits(millicredits: number) {
  if (!Number.isSafeInteger(millicredits) || millicredits < 0)
    throw new Error(`millicredits must be a non-negative integer, got ${millicredits}`);
}

/** A unique violation (23505), however the driver or Drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  return hasPostgresErrorCode(error, '23505');
}
