import { randomUUID } from 'node:crypto';
import {
  SUBSCRIPTION_CONTINUES_MESSAGE,
  cancellationScheduledMessage,
  type CancelSubscriptionReply,
  type ResubscribeReply,
} from '@agentry/core/billing';
import { errorCatalogue } from '@agentry/core/errors';
import { AppError } from '../../platform/http/app-error';
import type { BillingContext } from './billing-context';
import { summarizePlan, toReturnUrl, withQuery } from './billing-context';
import { ensureBillingCustomer } from './ensure-billing-customer';
import { findPriceByProviderId } from './find-price';
import {
  CHANGEABLE_STATUSES,
  findLatestSubscription,
  getChangeableSubscriptionOrThrow,
  listEntitledSubscriptions,
} from './get-billing-subscription';
import { oneAtATime, openPlanPage, readPlanPages } from './plan-checkout-pages';
import { syncSubscription } from './sync-subscription';

/** POST /stripe/cancel-subscription: ends the plan at the period end (a scheduled downgrade is dropped first). */
export async function cancelSubscription(
  context: BillingContext,
  options: { userId: string },
): Promise<CancelSubscriptionReply> {
  const subscription = await getChangeableSubscriptionOrThrow({ db: context.db, userId: options.userId });
  if (subscription.scheduleId) {
    await context.provider.releaseSchedule({
      scheduleId: subscription.scheduleId,
      idempotencyKey: `release:${subscription.scheduleId}:${randomUUID()}`,
    });
  }
  await context.provider.setCancelAtPeriodEnd({
    subscriptionId: subscription.id,
    cancelAtPeriodEnd: true,
    idempotencyKey: `cancel:${subscription.id}:${randomUUID()}`,
  });
  const synced = await syncSubscription({
    db: context.db,
    provider: context.provider,
    subscriptionId: subscription.id,
    logger: context.logger,
  });
  const currentPlan = summarizePlan(
    await findPriceByProviderId({ db: context.db, priceId: subscription.priceId }),
    subscription.priceId,
  );
  const cancelDate = synced?.subscription.currentPeriodEnd ?? subscription.currentPeriodEnd;
  return {
    currentPlan,
    cancelDate: cancelDate.toISOString(),
    message: cancellationScheduledMessage(currentPlan.displayName, cancelDate),
    error: null,
  };
}

/**
 * POST /stripe/resubscribe: undoes a cancellation still pending; after the plan has ended it
 * answers a new checkout for the same price instead.
 */
export async function resubscribe(
  context: BillingContext,
  options: { userId: string; returnUrl?: string },
): Promise<ResubscribeReply> {
  const subscription = await findLatestSubscription({ db: context.db, userId: options.userId });
  if (!subscription) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const price = await findPriceByProviderId({ db: context.db, priceId: subscription.priceId });
  const currentPlan = summarizePlan(price, subscription.priceId);
  if ((CHANGEABLE_STATUSES as readonly string[]).includes(subscription.status)) {
    if (subscription.cancelAtPeriodEnd) {
      await context.provider.setCancelAtPeriodEnd({
        subscriptionId: subscription.id,
        cancelAtPeriodEnd: false,
        idempotencyKey: `resume:${subscription.id}:${randomUUID()}`,
      });
      await syncSubscription({
        db: context.db,
        provider: context.provider,
        subscriptionId: subscription.id,
        logger: context.logger,
      });
    }
    return { currentPlan, message: SUBSCRIPTION_CONTINUES_MESSAGE, url: null, error: null };
  }
  if (!price?.providerPriceId || !price.isActive) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const providerPriceId = price.providerPriceId;
  // A resubscription is a plan checkout like any other: one plan per account.
  return oneAtATime(context.db, options.userId, async () => {
    const pages = await readPlanPages(context, options.userId);
    const refused = { currentPlan, message: '', url: null, error: errorCatalogue.ACTIVE_SUBSCRIPTION_EXISTS.message };
    if (pages.isPaymentPending) return refused;
    const entitled = await listEntitledSubscriptions({ db: context.db, userId: options.userId });
    if (entitled.length > 0) return refused;
    const customerId = await ensureBillingCustomer({
      db: context.db,
      provider: context.provider,
      userId: options.userId,
    });
    const returnUrl = toReturnUrl(context.publicUrl, options.returnUrl, '/usage');
    const session = await openPlanPage(context, pages, (retry) =>
      context.provider.createCheckoutSession({
        mode: 'subscription',
        customerId,
        priceId: providerPriceId,
        successUrl: withQuery(returnUrl, { resubscribed: 'true', session_id: '{CHECKOUT_SESSION_ID}' }),
        cancelUrl: returnUrl,
        metadata: { kind: 'resubscribe', userId: options.userId, priceId: providerPriceId },
        idempotencyKey: `resubscribe:${subscription.id}:${Math.floor(Date.now() / 60_000)}${retry ? `:${randomUUID()}` : ''}`,
      }),
    );
    if (!session) return refused;
    return { currentPlan, message: 'Complete checkout to restore your subscription.', url: session.url, error: null };
  });
}
