import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/database';
import { creditBalance, creditHold, creditLedger } from './credits.tables';
import { payDebtFromPlan } from './pay-debt-from-plan';

export type UsageRecord = {
  model: string;
  provider: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  source: string;
  subaccountId: string;
};

export type HoldClosing = {
  /** Millicredits charged in all (0 for a release or a hold that was already closed). */
  chargedMillicredits: number;
  /** The part of the charge the balance could not cover: it is now owed (a negative balance). */
  shortfallMillicredits: number;
};

/**
 * Closes an open hold once: charges `chargeMillicredits` (plan share first) and gives the rest
 * back. A charge above the hold takes the difference from the balance in the same transaction,
 * plan credits first; what even the balance cannot cover goes below zero as owed bonus credits
 * and is recorded on the usage entry as `shortfallMillicredits`. A hold taken before the current
 * period began returns no plan credits: those were replaced by the new period's grant. A second
 * close does nothing.
 */
export async function closeHold(options: {
  db: Database;
  holdId: string;
  chargeMillicredits: number;
  usage?: UsageRecord;
}): Promise<HoldClosing> {
  return options.db.transaction((tx) => closeHoldIn(tx, options));
}

/** closeHold inside the caller's transaction (a chat turn settles its call in the turn's one commit). */
export async function closeHoldIn(
  tx: Transaction,
  options: { holdId: string; chargeMillicredits: number; usage?: UsageRecord },
): Promise<HoldClosing> {
  const [hold] = await tx
    .update(creditHold)
    .set({ status: options.usage ? 'settled' : 'released', closedAt: new Date() })
    .where(and(eq(creditHold.id, options.holdId), eq(creditHold.status, 'held')))
    .returning();
  if (!hold) return { chargedMillicredits: 0, shortfallMillicredits: 0 };
  const held = hold.planMillicredits + hold.bonusMillicredits;
  const charge = options.usage ? Math.max(0, Math.ceil(options.chargeMillicredits)) : 0;
  const fromHold = Math.min(charge, held);
  const extra = charge - fromHold;
  const chargePlan = Math.min(fromHold, hold.planMillicredits);
  const chargeBonus = fromHold - chargePlan;
  const returnPlan = hold.planMillicredits - chargePlan;
  const returnBonus = hold.bonusMillicredits - chargeBonus;

  await tx.insert(creditLedger).values({
    id: randomUUID(),
    userId: hold.userId,
    kind: 'release',
    planDelta: hold.planMillicredits,
    bonusDelta: hold.bonusMillicredits,
    idempotencyKey: `release:${hold.id}`,
    reference: hold.id,
  });

  let extraPlan = 0;
  let shortfall = 0;
  if (extra > 0) {
    // Nothing of the hold comes back. The difference is debited without a floor on the bonus
    // bucket: the old row's values are what the SET expressions read.
    const [row] = await tx
      .update(creditBalance)
      .set({
        lastPlanDebitMillicredits: sql`least(${creditBalance.planMillicredits}, ${extra}::bigint)`,
        planMillicredits: sql`greatest(${creditBalance.planMillicredits} - ${extra}::bigint, 0)`,
        bonusMillicredits: sql`${creditBalance.bonusMillicredits} - greatest(${extra}::bigint - ${creditBalance.planMillicredits}, 0)`,
        updatedAt: new Date(),
      })
      .where(eq(creditBalance.userId, hold.userId))
      .returning({ planShare: creditBalance.lastPlanDebitMillicredits, bonusAfter: creditBalance.bonusMillicredits });
    if (!row) throw new Error(`credit balance of ${hold.userId} vanished while settling hold ${hold.id}`);
    extraPlan = row.planShare;
    const bonusBefore = row.bonusAfter + (extra - extraPlan);
    shortfall = Math.max(0, -row.bonusAfter) - Math.max(0, -bonusBefore);
  } else {
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
      await tx.insert(creditLedger).values({
        id: randomUUID(),
        userId: hold.userId,
        kind: 'expire',
        planDelta: -returnPlan,
        idempotencyKey: `expire:hold:${hold.id}`,
        reference: hold.id,
      });
    } else if (returnPlan > 0) {
      // Plan credits coming back while something is owed pay that first.
      await payDebtFromPlan({
        db: tx,
        billingUserId: hold.userId,
        idempotencyKey: `debt_payment:hold:${hold.id}`,
        reference: hold.id,
      });
    }
  }

  if (options.usage) {
    await tx.insert(creditLedger).values({
      id: randomUUID(),
      userId: hold.userId,
      kind: 'usage',
      planDelta: -(chargePlan + extraPlan),
      bonusDelta: -(chargeBonus + extra - extraPlan),
      idempotencyKey: `usage:${hold.id}`,
      reference: hold.reference,
      metadata: {
        ...options.usage,
        holdId: hold.id,
        heldMillicredits: held,
        ...(shortfall > 0 ? { shortfallMillicredits: shortfall } : {}),
      },
    });
  }
  return { chargedMillicredits: charge, shortfallMillicredits: shortfall };
}
