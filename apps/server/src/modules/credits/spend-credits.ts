import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { rowsOf } from '../../platform/db/rows-of';
import { assertMillicredits, debitBalanceSql, isUniqueViolation } from './debit-balance';
import { creditLedger } from './credits.tables';

/**
 * A direct debit (no hold): the conditional UPDATE and its ledger entry in one statement, so
 * both commit or neither does. 402 when the balance cannot cover it. A repeated idempotency
 * key changes nothing and answers `isApplied: false` (the unique key aborts the statement,
 * debit included).
 */
export async function spendCredits(options: {
  db: Database;
  billingUserId: string;
  millicredits: number;
  idempotencyKey: string;
  reason: string;
  metadata?: Record<string, unknown>;
}): Promise<{ isApplied: boolean }> {
  const { db, billingUserId, millicredits, idempotencyKey } = options;
  assertMillicredits(millicredits);
  const metadata = JSON.stringify({ reason: options.reason, ...options.metadata });
  let inserted: { id: string }[];
  try {
    const result = await db.execute(sql`
      with debit as (${debitBalanceSql({ billingUserId, millicredits })})
      insert into credit_ledger (id, user_id, kind, plan_delta, bonus_delta, idempotency_key, reference, metadata)
      select ${randomUUID()}, ${billingUserId}, 'usage', -plan_share, plan_share - ${millicredits}::bigint, ${idempotencyKey}, ${options.reason}, ${metadata}::jsonb
        from debit
      returning id`);
    inserted = rowsOf<{ id: string }>(result);
  } catch (error) {
    if (isUniqueViolation(error)) return { isApplied: false };
    throw error;
  }
  if (inserted.length > 0) return { isApplied: true };
  // Refused: unless this very spend was already applied (a retry), the balance cannot cover it.
  const [existing] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, idempotencyKey))
    .limit(1);
  if (existing) return { isApplied: false };
  throw new AppError('INSUFFICIENT_CREDITS');
}
