import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { BillingBalance, UsageByDay, UsageLog } from '@agentry/core/billing';
import { toCredits, toMillicredits } from '@agentry/core/credits';
import type { Database } from '../../platform/db/database';
import { creditBalance, creditHold, creditLedger } from '../credits/credits.tables';
import { billingPrice, billingSubscription } from './billing.tables';

const BONUS_KINDS = ['pack', 'promo', 'adjustment'] as const;

async function readCurrentPlan(db: Database, userId: string) {
  const rows = await db
    .select({
      priceId: billingSubscription.priceId,
      status: billingSubscription.status,
      interval: billingSubscription.interval,
      currentPeriodEnd: billingSubscription.currentPeriodEnd,
      cancelAtPeriodEnd: billingSubscription.cancelAtPeriodEnd,
      scheduledPriceId: billingSubscription.scheduledPriceId,
      scheduledChangeDate: billingSubscription.scheduledChangeDate,
      planFamily: billingPrice.planFamily,
      tierCode: billingPrice.tierCode,
      creditLimit: billingPrice.creditLimit,
    })
    .from(billingSubscription)
    .leftJoin(billingPrice, eq(billingPrice.providerPriceId, billingSubscription.priceId))
    .where(eq(billingSubscription.userId, userId))
    .orderBy(desc(billingSubscription.createdAt));
  // The plan in force first; otherwise the latest one, which says how it ended.
  return rows.find((row) => ['active', 'trialing', 'past_due'].includes(row.status)) ?? rows[0] ?? null;
}

/** The balance fields (docs/product/billing-and-credits.md#credits), in credits. */
export async function getBillingBalance(options: {
  db: Database;
  billingUserId: string;
}): Promise<{ balance: BillingBalance; hasKey: boolean }> {
  const { db, billingUserId } = options;
  const [[row], plan, [held], [bonusGranted]] = await Promise.all([
    db.select().from(creditBalance).where(eq(creditBalance.userId, billingUserId)).limit(1),
    readCurrentPlan(db, billingUserId),
    db
      .select({
        value: sql<string>`coalesce(sum(${creditHold.planMillicredits} + ${creditHold.bonusMillicredits}), 0)`,
        bonus: sql<string>`coalesce(sum(${creditHold.bonusMillicredits}), 0)`,
      })
      .from(creditHold)
      .where(and(eq(creditHold.userId, billingUserId), eq(creditHold.status, 'held'))),
    db
      .select({ value: sql<string>`coalesce(sum(${creditLedger.bonusDelta}), 0)` })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, billingUserId),
          inArray(creditLedger.kind, [...BONUS_KINDS]),
          sql`${creditLedger.bonusDelta} > 0`,
        ),
      ),
  ]);
  // The period began when its grant was recorded (ledger time, not the provider's possibly adjusted clock).
  let usedMillicredits = 0;
  let bonusUsedMillicredits = 0;
  if (row) {
    const [grant] = row.periodKey
      ? await db
          .select({ createdAt: creditLedger.createdAt })
          .from(creditLedger)
          .where(eq(creditLedger.idempotencyKey, row.periodKey))
          .limit(1)
      : [];
    const [used] = await db
      .select({
        value: sql<string>`coalesce(-sum(${creditLedger.planDelta} + ${creditLedger.bonusDelta}), 0)`,
        bonus: sql<string>`coalesce(-sum(${creditLedger.bonusDelta}), 0)`,
      })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, billingUserId),
          eq(creditLedger.kind, 'usage'),
          gte(creditLedger.createdAt, grant?.createdAt ?? new Date(0)),
        ),
      );
    usedMillicredits = Number(used?.value ?? 0);
    bonusUsedMillicredits = Number(used?.bonus ?? 0);
  }
  const planRemaining = row?.planMillicredits ?? 0;
  const bonusRemaining = row?.bonusMillicredits ?? 0;
  const heldMillicredits = Number(held?.value ?? 0);
  const totalRemaining = planRemaining + bonusRemaining;
  const planLimit = row?.planLimitMillicredits ?? 0;
  const isInForce = plan !== null && ['active', 'trialing', 'past_due'].includes(plan.status);
  // The meter reads 'remaining / plan allowance plus bonus': the allowance of the plan in force (a
  // prorated grant is smaller, and its remainder over itself read as a full meter), plus the
  // bonus credits of this period (left, used or held).
  const allowance = isInForce && plan.creditLimit ? toMillicredits(plan.creditLimit) : planLimit;
  const bonusInPeriod = bonusRemaining + bonusUsedMillicredits + Number(held?.bonus ?? 0);
  const totalLimit = Math.max(allowance + bonusInPeriod, totalRemaining + usedMillicredits + heldMillicredits);
  return {
    hasKey: row !== undefined,
    balance: {
      currentPriceId: isInForce ? plan.priceId : null,
      planCode: isInForce ? plan.planFamily : null,
      tierCode: isInForce ? plan.tierCode : null,
      configuredLimit: isInForce ? (plan.creditLimit ?? 0) : 0,
      effectiveLimit: toCredits(planLimit),
      planCreditLimit: toCredits(planLimit),
      totalCreditLimit: toCredits(totalLimit),
      usageUsed: toCredits(usedMillicredits),
      creditsRemaining: toCredits(totalRemaining),
      planCreditsRemaining: toCredits(planRemaining),
      totalCreditsRemaining: toCredits(totalRemaining),
      bonusCreditsRemaining: toCredits(bonusRemaining),
      bonusCreditsGranted: toCredits(Number(bonusGranted?.value ?? 0)),
      bonusCreditsTotal: toCredits(Math.max(0, totalLimit - planLimit)),
      scheduledPriceId: isInForce ? plan.scheduledPriceId : null,
      scheduledChangeDate: isInForce ? (plan.scheduledChangeDate?.toISOString() ?? null) : null,
      cancelAtPeriodEnd: isInForce ? plan.cancelAtPeriodEnd : false,
      subscriptionStatus: plan?.status ?? null,
      billingInterval: plan?.interval ?? null,
      currentPeriodEnd: isInForce ? (plan.currentPeriodEnd?.toISOString() ?? null) : null,
      heldCredits: toCredits(heldMillicredits),
    },
  };
}

const metadataText = (metadata: Record<string, unknown> | null, key: string) =>
  typeof metadata?.[key] === 'string' ? metadata[key] : null;
const metadataNumber = (metadata: Record<string, unknown> | null, key: string) =>
  typeof metadata?.[key] === 'number' ? metadata[key] : null;

/** The newest usage entries of the ledger. */
export async function listUsageLogs(options: {
  db: Database;
  billingUserId: string;
  limit?: number;
}): Promise<UsageLog[]> {
  const rows = await options.db
    .select({
      createdAt: creditLedger.createdAt,
      planDelta: creditLedger.planDelta,
      bonusDelta: creditLedger.bonusDelta,
      metadata: creditLedger.metadata,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, options.billingUserId), eq(creditLedger.kind, 'usage')))
    .orderBy(desc(creditLedger.createdAt))
    .limit(options.limit ?? 100);
  return rows.map((row) => {
    const metadata = row.metadata ?? null;
    const inputTokens = metadataNumber(metadata, 'inputTokens');
    const outputTokens = metadataNumber(metadata, 'outputTokens');
    return {
      timestamp: row.createdAt.toISOString(),
      model: metadataText(metadata, 'model') ?? 'unknown',
      cost: toCredits(-(row.planDelta + row.bonusDelta)),
      usage_total: (inputTokens ?? 0) + (outputTokens ?? 0),
      provider: metadataText(metadata, 'provider'),
      costUsd: metadataNumber(metadata, 'costUsd'),
      inputTokens,
      outputTokens,
      source: metadataText(metadata, 'source'),
      subaccountId: metadataText(metadata, 'subaccountId'),
    };
  });
}

/** Credits per day (UTC) and model over the last `days` days, for the usage chart. */
export async function summarizeUsageByDay(options: {
  db: Database;
  billingUserId: string;
  days?: number;
}): Promise<UsageByDay[]> {
  const since = new Date(Date.now() - (options.days ?? 30) * 24 * 60 * 60 * 1000);
  const day = sql<string>`to_char(${creditLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const model = sql<string>`coalesce(${creditLedger.metadata} ->> 'model', 'unknown')`;
  const rows = await options.db
    .select({
      date: day,
      model,
      millicredits: sql<string>`-sum(${creditLedger.planDelta} + ${creditLedger.bonusDelta})`,
      calls: sql<string>`count(*)`,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, options.billingUserId),
        eq(creditLedger.kind, 'usage'),
        gte(creditLedger.createdAt, since),
      ),
    )
    .groupBy(day, model)
    .orderBy(day, model);
  return rows.map((row) => ({
    date: row.date,
    model: row.model,
    credits: toCredits(Number(row.millicredits)),
    calls: Number(row.calls),
  }));
}
