import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { assertMillicredits } from './debit-balance';
import { creditBalance, creditLedger } from './credits.tables';
import { payDebtFromPlan } from './pay-debt-from-plan';

type ReversalKind = 'refund' | 'dispute';

export type CreditReversal =
  | {
      direction: 'take';
      kind: ReversalKind;
      idempotencyKey: string;
      millicredits: number;
      /** The bucket the credits were granted to: taken from it first, then the other, the rest owed. */
      preferredBucket: 'plan' | 'bonus';
      metadata: Record<string, unknown>;
    }
  | {
      direction: 'return';
      kind: ReversalKind;
      idempotencyKey: string;
      planMillicredits: number;
      bonusMillicredits: number;
      metadata: Record<string, unknown>;
    };

export type ReversalEntry = Pick<
  typeof creditLedger.$inferSelect,
  'idempotencyKey' | 'kind' | 'planDelta' | 'bonusDelta' | 'metadata'
>;

type Balance = { planMillicredits: number; bonusMillicredits: number; periodKey: string };

/**
 * Takes credits back (or gives them back) for one payment, `reference`. In one transaction
 * holding the balance row's lock: the payment's earlier reversals are read, `decide` answers
 * what to move now, and each movement is appended under its key and applied to the balance.
 * Holding the lock while deciding serialises two deliveries racing each other, so the second
 * sees what the first took. `alongside` runs last in the same transaction, for state that must
 * follow the same entries (a lifetime deal ended or brought back). A take never refuses: what the balance cannot cover is owed (a
 * negative bonus bucket), so billed calls stop until a grant pays it.
 */
export async function reverseCredits(options: {
  db: Database;
  billingUserId: string;
  reference: string;
  decide: (tx: Database, context: { previous: ReversalEntry[]; periodKey: string }) => Promise<CreditReversal[]>;
  alongside?: (tx: Database, context: { previous: ReversalEntry[] }) => Promise<void>;
}): Promise<CreditReversal[]> {
  return options.db.transaction(async (tx) => {
    let balance = await lockBalance(tx, options.billingUserId);
    const previous = await tx
      .select({
        idempotencyKey: creditLedger.idempotencyKey,
        kind: creditLedger.kind,
        planDelta: creditLedger.planDelta,
        bonusDelta: creditLedger.bonusDelta,
        metadata: creditLedger.metadata,
      })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, options.billingUserId),
          eq(creditLedger.reference, options.reference),
          inArray(creditLedger.kind, ['refund', 'dispute']),
        ),
      );
    const reversals = await options.decide(tx, { previous, periodKey: balance.periodKey });
    const applied: CreditReversal[] = [];
    for (const reversal of reversals) {
      const next = await applyReversal(tx, options, balance, reversal);
      if (!next) continue;
      balance = next;
      applied.push(reversal);
    }
    await options.alongside?.(tx, { previous });
    return applied;
  });
}

async function lockBalance(tx: Database, billingUserId: string): Promise<Balance> {
  await tx
    .insert(creditBalance)
    .values({ userId: billingUserId, periodStartedAt: new Date(0) })
    .onConflictDoNothing({ target: creditBalance.userId });
  const [row] = await tx
    .select({
      planMillicredits: creditBalance.planMillicredits,
      bonusMillicredits: creditBalance.bonusMillicredits,
      periodKey: creditBalance.periodKey,
    })
    .from(creditBalance)
    .where(eq(creditBalance.userId, billingUserId))
    .for('update');
  if (!row) throw new Error(`No credit balance for ${billingUserId}`);
  return row;
}

/** The plan and bonus deltas of a movement against the balance as it stands (the row is locked). */
function deltasOf(balance: Balance, reversal: CreditReversal) {
  if (reversal.direction === 'return')
    return { planDelta: reversal.planMillicredits, bonusDelta: reversal.bonusMillicredits };
  const amount = reversal.millicredits;
  const bonusAvailable = Math.max(balance.bonusMillicredits, 0);
  const fromPlan =
    reversal.preferredBucket === 'plan'
      ? Math.min(balance.planMillicredits, amount)
      : Math.min(balance.planMillicredits, Math.max(amount - bonusAvailable, 0));
  // Whatever the plan bucket does not give comes from the bonus bucket, below zero if need be: owed.
  return { planDelta: -fromPlan, bonusDelta: -(amount - fromPlan) };
}

async function applyReversal(
  tx: Database,
  options: { billingUserId: string; reference: string },
  balance: Balance,
  reversal: CreditReversal,
): Promise<Balance | null> {
  const deltas = deltasOf(balance, reversal);
  assertMillicredits(Math.abs(deltas.planDelta));
  assertMillicredits(Math.abs(deltas.bonusDelta));
  const inserted = await tx
    .insert(creditLedger)
    .values({
      id: randomUUID(),
      userId: options.billingUserId,
      kind: reversal.kind,
      ...deltas,
      idempotencyKey: reversal.idempotencyKey,
      reference: options.reference,
      metadata: reversal.metadata,
    })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return null;
  const [row] = await tx
    .update(creditBalance)
    .set({
      planMillicredits: sql`${creditBalance.planMillicredits} + ${deltas.planDelta}::bigint`,
      bonusMillicredits: sql`${creditBalance.bonusMillicredits} + ${deltas.bonusDelta}::bigint`,
      updatedAt: new Date(),
    })
    .where(eq(creditBalance.userId, options.billingUserId))
    .returning({
      planMillicredits: creditBalance.planMillicredits,
      bonusMillicredits: creditBalance.bonusMillicredits,
    });
  if (!row) throw new Error(`No credit balance for ${options.billingUserId}`);
  if (reversal.direction === 'take') return { ...balance, ...row };
  // Plan credits given back pay what is owed first, as a plan grant does.
  const paid = await payDebtFromPlan({
    db: tx,
    billingUserId: options.billingUserId,
    idempotencyKey: `debt_payment:${reversal.idempotencyKey}`,
    reference: options.reference,
  });
  return {
    ...balance,
    planMillicredits: row.planMillicredits - paid,
    bonusMillicredits: row.bonusMillicredits + paid,
  };
}
