import { and, eq, inArray } from 'drizzle-orm';
import { creditBalance } from '../credits/credits.tables';
import { addMonths, monthsBetween } from '@agentry/core/billing';
import { toMillicredits } from '@agentry/core/credits';
import type { Database } from '../../platform/db/database';
import { grantPeriodCredits } from '../credits/grant-credits';
import { billingPrice, billingSubscription } from './billing.tables';
import { ENTITLED_STATUSES } from './get-billing-subscription';

/** What the keys of a subscription's monthly grants start with: all of them, or one period's. */
export function monthlyGrantKeyPrefix(subscriptionId: string, periodStart?: Date) {
  return `monthly:${subscriptionId}:${periodStart ? `${periodStart.toISOString()}:` : ''}`;
}

export function monthlyGrantKey(subscriptionId: string, periodStart: Date, month: number) {
  return `${monthlyGrantKeyPrefix(subscriptionId, periodStart)}${month}`;
}

/**
 * The scheduled job for plans billed less often than monthly: annual plans (month 0 comes
 * with the paid invoice, months 1-11 from here) and lifetime deals (every month from here).
 * Keyed by subscription, period and month: running it again, or on several instances, grants once.
 *
 * An annual plan's months come only from a paid year: the year's invoice opened its period on the
 * balance (month 0). A renewal whose invoice failed moves the subscription's period (past due)
 * but not the balance's, so nothing is granted until it is paid; then the month it is in is.
 */
export async function grantMonthlyAllowances(options: { db: Database; now: Date }): Promise<number> {
  const rows = await options.db
    .select({
      id: billingSubscription.id,
      userId: billingSubscription.userId,
      interval: billingSubscription.interval,
      periodStart: billingSubscription.currentPeriodStart,
      creditLimit: billingPrice.creditLimit,
      tierCode: billingPrice.tierCode,
      balancePeriodStart: creditBalance.periodStartedAt,
    })
    .from(billingSubscription)
    .innerJoin(billingPrice, eq(billingPrice.providerPriceId, billingSubscription.priceId))
    .leftJoin(creditBalance, eq(creditBalance.userId, billingSubscription.userId))
    .where(
      and(
        inArray(billingSubscription.interval, ['year', 'lifetime']),
        inArray(billingSubscription.status, [...ENTITLED_STATUSES]),
      ),
    );
  let granted = 0;
  for (const row of rows) {
    const month = monthsBetween(row.periodStart, options.now);
    const isYearPaid = row.balancePeriodStart !== null && row.balancePeriodStart >= row.periodStart;
    const isDue = row.interval === 'lifetime' ? true : month >= 1 && month <= 11 && isYearPaid;
    if (!isDue || row.creditLimit <= 0) continue;
    const result = await grantPeriodCredits({
      db: options.db,
      billingUserId: row.userId,
      millicredits: toMillicredits(row.creditLimit),
      idempotencyKey: monthlyGrantKey(row.id, row.periodStart, month),
      reference: row.id,
      periodStartedAt: addMonths(row.periodStart, month),
      metadata: { subscriptionId: row.id, month, tierCode: row.tierCode },
    });
    if (result.isApplied) granted += 1;
  }
  return granted;
}
