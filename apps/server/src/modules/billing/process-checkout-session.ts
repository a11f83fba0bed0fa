import { eq } from 'drizzle-orm';
import { toMillicredits } from '@agentry/core/credits';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { BillingProvider } from '../../platform/payments/billing-provider';
import { grantBonusCredits, grantPeriodCredits } from '../credits/grant-credits';
import { billingSubscription } from './billing.tables';
import { findUserIdByCustomer } from './ensure-billing-customer';
import { findPriceByProviderId } from './find-price';
import { monthlyGrantKey } from './grant-monthly-allowances';
import { syncSubscription } from './sync-subscription';

/** Our subscription row for a lifetime deal bought in checkout session `sessionId`. */
export function lifetimeSubscriptionId(sessionId: string) {
  return `lifetime_${sessionId}`;
}

/**
 * A completed checkout: a subscription is synced (its invoice grants the credits), an offer's
 * one-time bonus and a bonus pack are granted, a lifetime deal starts its monthly grants.
 * Keyed by the session: the webhook, the success page and a redelivery all grant once.
 */
export async function processCheckoutSession(options: {
  db: Database;
  provider: BillingProvider;
  sessionId: string;
  logger?: FastifyBaseLogger;
}) {
  const { db, provider } = options;
  const session = await provider.retrieveCheckoutSession(options.sessionId);
  if (!session || session.status !== 'complete' || session.mode === 'setup') return;
  const userId = (await findUserIdByCustomer({ db, customerId: session.customerId })) ?? null;
  if (!userId) {
    options.logger?.warn({ sessionId: session.id }, 'checkout of an unknown customer ignored');
    return;
  }
  const priceId = session.priceId ?? session.metadata.priceId ?? null;
  const price = await findPriceByProviderId({ db, priceId });
  if (session.mode === 'subscription' && session.subscriptionId)
    await syncSubscription({ db, provider, subscriptionId: session.subscriptionId, logger: options.logger });
  // Nothing is granted for a payment still on its way (SEPA, ACH): its
  // checkout.session.async_payment_succeeded brings the session back, paid.
  if (session.paymentStatus === 'unpaid') return;
  if (!price) return;
  if (price.bonusCredits > 0) {
    await grantBonusCredits({
      db,
      billingUserId: userId,
      millicredits: toMillicredits(price.bonusCredits),
      idempotencyKey: `checkout-bonus:${session.id}`,
      reference: session.id,
      kind: 'pack',
      metadata: { priceKey: price.key },
    });
  }
  if (price.interval === 'lifetime' && session.customerId) {
    const id = lifetimeSubscriptionId(session.id);
    await db
      .insert(billingSubscription)
      .values({
        id,
        userId,
        customerId: session.customerId,
        status: 'active',
        priceId,
        interval: 'lifetime',
        currentPeriodStart: await provider.now(),
      })
      .onConflictDoNothing({ target: billingSubscription.id });
    // The stored start, not a new reading of the clock: a second delivery must build the same key.
    const [stored] = await db
      .select({ start: billingSubscription.currentPeriodStart })
      .from(billingSubscription)
      .where(eq(billingSubscription.id, id))
      .limit(1);
    const start = stored?.start ?? new Date();
    await grantPeriodCredits({
      db,
      billingUserId: userId,
      millicredits: toMillicredits(price.creditLimit),
      idempotencyKey: monthlyGrantKey(id, start, 0),
      reference: session.id,
      periodStartedAt: start,
      metadata: { subscriptionId: id, month: 0, tierCode: price.tierCode },
    });
  }
}
