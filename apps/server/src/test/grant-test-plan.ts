import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/database';
import { billingPrice, billingSubscription } from '../modules/billing/billing.tables';

/**
 * Puts a user on a plan without a checkout (tests of gated features): an active subscription
 * row for the catalogue key, e.g. 'growth_3000_month'. Grants no credits.
 */
export async function grantTestPlan(db: Database, userId: string, priceKey = 'growth_3000_month') {
  const [price] = await db
    .select({ providerPriceId: billingPrice.providerPriceId })
    .from(billingPrice)
    .where(eq(billingPrice.key, priceKey))
    .limit(1);
  if (!price?.providerPriceId) throw new Error(`No price ${priceKey} in the catalogue`);
  const now = new Date();
  const id = `sub_test_${randomUUID()}`;
  await db.insert(billingSubscription).values({
    id,
    userId,
    customerId: `cus_test_${userId}`,
    status: 'active',
    priceId: price.providerPriceId,
    itemId: `si_test_${randomUUID()}`,
    interval: priceKey.endsWith('_year') ? 'year' : 'month',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
  });
  return id;
}
