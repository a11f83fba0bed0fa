import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { creditBalance, creditHold, creditLedger } from './credits.tables';

export type UsageRecord = {
  model: string;
  provider: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  source: string;
  subaccountId: string;
};

/**
 * Closes an open hold once: charges `chargeMillicredits` (never more than held, plan share
 * first) and gives the rest back. A hold taken before the current period began returns no
 * plan credits: those were replaced by the new period's grant. A second close does nothing.
 */
export async function closeHold(options: { db: Database; holdId: string; chargeMillicredits: number; usage?: UsageRecord }) {
  await options.db.transaction(async (tx) => {
    const [hold] = await tx
      .update(creditHold)
      .set({ status: options.usage ? 'settled' : 'released', closedAt: new Date() })
      .where(and(eq(creditHold.id, options.holdId), eq(creditHold.status, 'held')))
      .returning();
    if (!hold) return;
    const held = hold.planMillicredits + hold.bonusMillicredits;
    const charge = Math.min(Math.max(0, Math.ceil(options.chargeMillicredits)), held);
    const chargePlan = Math.min(charge, hold.planMillicredits);
    const chargeBonus = charge - chargePlan;
    const returnPlan = hold.planMillicredits - chargePlan;
    const returnBonus = hold.bonusMillicredits - chargeBonus;

    const entries: (typeof creditLedger.$inferInsert)[] = [
      { id: randomUUID(), userId: hold.userId, kind: 'release', planDelta: hold.planMillicredits, bonusDelta: hold.bonusMillicredits, idempotencyKey: `release:${hold.id}`, reference: hold.id },
    ];
    if (options.usage) {
      entries.push({
        id: randomUUID(),
        userId: hold.userId,
        kind: 'usage',
        planDelta: -chargePlan,
        bonusDelta: -chargeBonus,
        idempotencyKey: `usage:${hold.id}`,
        reference: hold.reference,
        metadata: { ...options.usage, holdId: hold.id },
      });
    }
    // The ledger first, the balance row last: its lock is then held until the commit only.
    await tx.insert(creditLedger).values(entries);
    const [balance] = await tx
      .update(creditBalance)
      .set({
        planMillicredits: sql`${creditBalance.planMillicredits} + case when ${creditBalance.periodKey} = ${hold.periodKey} then ${returnPlan}::bigint else 0 end`,
        bonusMillicredits: sql`${creditBalance.bonusMillicredits} + ${returnBonus}::bigint`,
        updatedAt: new Date(),
      })
      .where(eq(creditBalance.userId, hold.userId))
      .returning({ periodKey: creditBalance.periodKey });

    if (balance?.periodKey !== hold.periodKey && returnPlan > 0) {
      await tx.insert(creditLedger).values({ id: randomUUID(), userId: hold.userId, kind: 'expire', planDelta: -returnPlan, idempotencyKey: `expire:hold:${hold.id}`, reference: hold.id });
    }
  });
}
