import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { creditBalance, creditLedger } from './credits.tables';

/**
 * Pays what is owed (a negative bonus bucket, left by a call that cost more than the balance)
 * from plan credits, as far as they go, with a `debt_payment` entry moving the amount from the
 * plan bucket to the bonus bucket. Run inside the transaction that just added plan credits.
 */
export async function payDebtFromPlan(options: {
  db: Database;
  billingUserId: string;
  idempotencyKey: string;
  reference: string;
}): Promise<number> {
  const paid = sql`least(${creditBalance.planMillicredits}, -${creditBalance.bonusMillicredits})`;
  const [row] = await options.db
    .update(creditBalance)
    .set({
      lastPlanDebitMillicredits: paid,
      planMillicredits: sql`${creditBalance.planMillicredits} - ${paid}`,
      bonusMillicredits: sql`${creditBalance.bonusMillicredits} + ${paid}`,
      updatedAt: new Date(),
    })
    .where(and(eq(creditBalance.userId, options.billingUserId), lt(creditBalance.bonusMillicredits, 0)))
    .returning({ paid: creditBalance.lastPlanDebitMillicredits });
  const amount = row?.paid ?? 0;
  if (amount > 0) {
    await options.db.insert(creditLedger).values({
      id: randomUUID(),
      userId: options.billingUserId,
      kind: 'debt_payment',
      planDelta: -amount,
      bonusDelta: amount,
      idempotencyKey: options.idempotencyKey,
      reference: options.reference,
    });
  }
  return amount;
}
