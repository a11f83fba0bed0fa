import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { BillingProvider } from '../../platform/payments/billing-provider';
import { billingSubscription } from './billing.tables';
import { findUserIdByCustomer } from './ensure-billing-customer';
import { findPriceByProviderId } from './find-price';
import { unlockSubaccountsIfAllowed } from './subaccount-lock';

/** Statuses a subscription never leaves. */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

/**
 * Rewrites our copy of a subscription from a fresh read of the provider. Events only say
 * "look again", so their order does not matter, except that two handlers' reads and writes can
 * cross: the write of a read begun earlier never replaces that of a read begun later, and an
 * ended subscription is never written back to a state it had before it ended.
 */
export async function syncSubscription(options: {
  db: Database;
  provider: BillingProvider;
  subscriptionId: string;
  logger?: FastifyBaseLogger;
}) {
  const { db } = options;
  const readAt = new Date();
  const subscription = await options.provider.retrieveSubscription(options.subscriptionId);
  if (!subscription) return null;
  const userId = await findUserIdByCustomer({ db, customerId: subscription.customerId });
  if (!userId) {
    options.logger?.warn(
      { subscriptionId: subscription.id, customerId: subscription.customerId },
      'subscription of an unknown customer ignored',
    );
    return null;
  }
  const price = await findPriceByProviderId({ db, priceId: subscription.priceId });
  const values = {
    userId,
    customerId: subscription.customerId,
    status: subscription.status,
    priceId: subscription.priceId,
    itemId: subscription.itemId,
    interval: price?.interval ?? null,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endedAt: subscription.endedAt,
    scheduleId: subscription.scheduleId,
    scheduledPriceId: subscription.scheduledPriceId,
    scheduledChangeDate: subscription.scheduledChangeDate,
    hasPendingUpdate: subscription.hasPendingUpdate,
    readAt,
    updatedAt: new Date(),
  };
  // A subscription that ended never comes back (the provider never reopens one), and an older
  // read (a slow handler) never undoes what a newer one wrote, such as a scheduled cancellation.
  await db
    .insert(billingSubscription)
    .values({ id: subscription.id, ...values })
    .onConflictDoUpdate({
      target: billingSubscription.id,
      set: values,
      setWhere: sql`(${billingSubscription.status} not in ${ENDED_STATUSES} or excluded.status in ${ENDED_STATUSES})
        and (${billingSubscription.readAt} is null or ${billingSubscription.readAt} <= excluded.read_at)`,
    });
  await unlockSubaccountsIfAllowed({ db, userId });
  return { userId, subscription, price };
}
