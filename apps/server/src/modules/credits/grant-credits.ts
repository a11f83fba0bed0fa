import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { assertMillicredits } from './debit-balance';
import { creditBalance, creditLedger, type CreditLedgerKind } from './credits.tables';
import { payDebtFromPlan } from './pay-debt-from-plan';

type GrantResult = { isApplied: boolean };

/** Appends the entry unless its key exists; answers whether it was new. */
async function appendOnce(db: Database, entry: typeof creditLedger.$inferInsert) {
  const inserted = await db
    .insert(creditLedger)
    .values(entry)
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

// A new row's period starts at the epoch so the first period grant, however old its invoice, is newer.
async function ensureBalanceRow(db: Database, billingUserId: string) {
  await db
    .insert(creditBalance)
    .values({ userId: billingUserId, periodStartedAt: new Date(0) })
    .onConflictDoNothing({ target: creditBalance.userId });
}

/**
 * Appends the grant's ledger entry and, only when it is new, applies it to the balance row,
 * in one transaction: a repeated key changes nothing, and a throwing `apply` drops the entry.
 */
async function applyGrantOnce(options: {
  db: Database;
  entry: Omit<typeof creditLedger.$inferInsert, 'id'>;
  apply: (tx: Database) => Promise<void>;
}): Promise<GrantResult> {
  const isApplied = await options.db.transaction(async (tx) => {
    const isNew = await appendOnce(tx, { id: randomUUID(), ...options.entry });
    if (!isNew) return false;
    await ensureBalanceRow(tx, options.entry.userId);
    await options.apply(tx);
    return true;
  });
  return { isApplied };
}

class StaleGrant extends Error {}

/**
 * Opens a new period: unused plan credits expire and the plan bucket becomes the period's
 * allowance, which pays anything owed first. Keyed by the paid invoice (or the annual month): a repeat does nothing, and so
 * does a grant for a period older than the current one (a late, out-of-order delivery).
 */
export async function grantPeriodCredits(options: {
  db: Database;
  billingUserId: string;
  millicredits: number;
  idempotencyKey: string;
  reference: string;
  periodStartedAt: Date;
  metadata?: Record<string, unknown>;
}): Promise<GrantResult> {
  assertMillicredits(options.millicredits);
  try {
    return await openPeriod(options);
  } catch (error) {
    if (error instanceof StaleGrant) return { isApplied: false };
    throw error;
  }
}

async function openPeriod(options: Parameters<typeof grantPeriodCredits>[0]): Promise<GrantResult> {
  return applyGrantOnce({
    db: options.db,
    entry: {
      userId: options.billingUserId,
      kind: 'grant',
      planDelta: options.millicredits,
      idempotencyKey: options.idempotencyKey,
      reference: options.reference,
      metadata: options.metadata,
    },
    apply: async (tx) => {
      const [row] = await tx
        .update(creditBalance)
        .set({
          lastPlanDebitMillicredits: sql`${creditBalance.planMillicredits}`,
          planMillicredits: options.millicredits,
          planLimitMillicredits: options.millicredits,
          periodKey: options.idempotencyKey,
          periodStartedAt: options.periodStartedAt,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(creditBalance.userId, options.billingUserId),
            lte(creditBalance.periodStartedAt, options.periodStartedAt),
          ),
        )
        .returning({ replaced: creditBalance.lastPlanDebitMillicredits });
      // Throwing rolls back the ledger entry appended before.
      if (!row) throw new StaleGrant();
      const replaced = row.replaced;
      if (replaced > 0) {
        await tx.insert(creditLedger).values({
          id: randomUUID(),
          userId: options.billingUserId,
          kind: 'expire',
          planDelta: -replaced,
          idempotencyKey: `expire:${options.idempotencyKey}`,
          reference: options.reference,
        });
      }
      await payDebtFromPlan({
        db: tx,
        billingUserId: options.billingUserId,
        idempotencyKey: `debt_payment:${options.idempotencyKey}`,
        reference: options.reference,
      });
    },
  });
}

/**
 * Adds plan credits to the current period (an upgrade's prorated difference); they pay anything
 * owed first. With `periodAt` (the moment they were bought for) they are added only while the
 * period that moment belongs to is still the current one: credits of a period that has since ended
 * would have expired with it, so a late delivery adds nothing (and records nothing).
 */
export async function addPlanCredits(options: {
  db: Database;
  billingUserId: string;
  millicredits: number;
  idempotencyKey: string;
  reference: string;
  kind?: Extract<CreditLedgerKind, 'upgrade_proration' | 'adjustment'>;
  periodAt?: Date;
  metadata?: Record<string, unknown>;
}): Promise<GrantResult> {
  assertMillicredits(options.millicredits);
  try {
    return await applyGrantOnce({
      db: options.db,
      entry: {
        userId: options.billingUserId,
        kind: options.kind ?? 'upgrade_proration',
        planDelta: options.millicredits,
        idempotencyKey: options.idempotencyKey,
        reference: options.reference,
        metadata: options.metadata,
      },
      apply: async (tx) => {
        const [row] = await tx
          .update(creditBalance)
          .set({
            planMillicredits: sql`${creditBalance.planMillicredits} + ${options.millicredits}::bigint`,
            planLimitMillicredits: sql`${creditBalance.planLimitMillicredits} + ${options.millicredits}::bigint`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(creditBalance.userId, options.billingUserId),
              options.periodAt ? lte(creditBalance.periodStartedAt, options.periodAt) : undefined,
            ),
          )
          .returning({ userId: creditBalance.userId });
        // Throwing rolls back the ledger entry appended before.
        if (!row) throw new StaleGrant();
        await payDebtFromPlan({
          db: tx,
          billingUserId: options.billingUserId,
          idempotencyKey: `debt_payment:${options.idempotencyKey}`,
          reference: options.reference,
        });
      },
    });
  } catch (error) {
    if (error instanceof StaleGrant) return { isApplied: false };
    throw error;
  }
}

/** Bonus credits (packs, promo codes, adjustments): they never expire, and added to a negative (owed) bucket they pay it first. */
export async function grantBonusCredits(options: {
  db: Database;
  billingUserId: string;
  millicredits: number;
  idempotencyKey: string;
  reference: string;
  kind: Extract<CreditLedgerKind, 'pack' | 'promo' | 'adjustment'>;
  metadata?: Record<string, unknown>;
}): Promise<GrantResult> {
  assertMillicredits(options.millicredits);
  return applyGrantOnce({
    db: options.db,
    entry: {
      userId: options.billingUserId,
      kind: options.kind,
      bonusDelta: options.millicredits,
      idempotencyKey: options.idempotencyKey,
      reference: options.reference,
      metadata: options.metadata,
    },
    apply: async (tx) => {
      await tx
        .update(creditBalance)
        .set({
          bonusMillicredits: sql`${creditBalance.bonusMillicredits} + ${options.millicredits}::bigint`,
          updatedAt: new Date(),
        })
        .where(eq(creditBalance.userId, options.billingUserId));
    },
  });
}
