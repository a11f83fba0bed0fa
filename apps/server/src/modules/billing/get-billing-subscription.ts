import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { billingSubscription } from './billing.tables';

export type SubscriptionRow = typeof billingSubscription.$inferSelect;

/** Statuses that keep a plan's capabilities (past_due: the provider is still retrying the payment). */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'] as const;
/** Statuses in which a plan may be changed. */
export const CHANGEABLE_STATUSES = ['active', 'trialing'] as const;

/** The user's most recent recurring subscription, whatever its status (lifetime purchases excluded). */
export async function findLatestSubscription(options: {
  db: Database;
  userId: string;
}): Promise<SubscriptionRow | null> {
  const [row] = await options.db
    .select()
    .from(billingSubscription)
    .where(
      and(
        eq(billingSubscription.userId, options.userId),
        sql`coalesce(${billingSubscription.interval}, '') <> 'lifetime'`,
      ),
    )
    .orderBy(desc(billingSubscription.createdAt))
    .limit(1);
  return row ?? null;
}

/** Entitlements: recurring subscriptions still in force and lifetime purchases. */
export async function listEntitledSubscriptions(options: { db: Database; userId: string }): Promise<SubscriptionRow[]> {
  return options.db
    .select()
    .from(billingSubscription)
    .where(
      and(eq(billingSubscription.userId, options.userId), inArray(billingSubscription.status, [...ENTITLED_STATUSES])),
    )
    .orderBy(desc(billingSubscription.createdAt));
}

/** The subscription a plan change applies to; 409 'Active subscription not found...' otherwise. */
export async function getChangeableSubscriptionOrThrow(options: {
  db: Database;
  userId: string;
}): Promise<SubscriptionRow & { itemId: string; priceId: string; currentPeriodEnd: Date }> {
  const row = await findLatestSubscription(options);
  if (
    !row ||
    !(CHANGEABLE_STATUSES as readonly string[]).includes(row.status) ||
    !row.itemId ||
    !row.priceId ||
    !row.currentPeriodEnd
  ) {
    throw new AppError('SUBSCRIPTION_NOT_FOUND');
  }
  return { ...row, itemId: row.itemId, priceId: row.priceId, currentPeriodEnd: row.currentPeriodEnd };
}
