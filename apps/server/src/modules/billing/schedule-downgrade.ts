import { randomUUID } from 'node:crypto';
import {
  downgradeCanceledMessage,
  downgradeScheduledMessage,
  type CancelScheduledDowngradeReply,
  type ScheduleDowngradeReply,
} from '@agentry/core/billing';
import type { BillingContext } from './billing-context';
import { summarizePlan } from './billing-context';
import { findPriceByProviderId } from './find-price';
import { getChangeableSubscriptionOrThrow } from './get-billing-subscription';
import { getPlanChangeTargetOrThrow } from './preview-upgrade';
import { syncSubscription } from './sync-subscription';

/** POST /stripe/schedule-downgrade: the new price starts at the end of the period (a subscription schedule). */
export async function scheduleDowngrade(
  context: BillingContext,
  options: { userId: string; newPriceId: string },
): Promise<ScheduleDowngradeReply> {
  const { subscription, target } = await getPlanChangeTargetOrThrow(context, { ...options, direction: 'downgrade' });
  const { effectiveDate } = await context.provider.scheduleDowngrade({
    subscriptionId: subscription.id,
    newPriceId: options.newPriceId,
    idempotencyKey: `downgrade:${subscription.id}:${randomUUID()}`,
  });
  await syncSubscription({
    db: context.db,
    provider: context.provider,
    subscriptionId: subscription.id,
    logger: context.logger,
  });
  return {
    scheduledPlan: summarizePlan(target),
    effectiveDate: effectiveDate.toISOString(),
    message: downgradeScheduledMessage(target.displayName, effectiveDate),
    error: null,
  };
}

/** POST /stripe/cancel-scheduled-downgrade: releases the schedule; the current plan simply continues. */
export async function cancelScheduledDowngrade(
  context: BillingContext,
  options: { userId: string },
): Promise<CancelScheduledDowngradeReply> {
  const subscription = await getChangeableSubscriptionOrThrow({ db: context.db, userId: options.userId });
  if (subscription.scheduleId) {
    await context.provider.releaseSchedule({
      scheduleId: subscription.scheduleId,
      idempotencyKey: `release:${subscription.scheduleId}:${randomUUID()}`,
    });
    await syncSubscription({
      db: context.db,
      provider: context.provider,
      subscriptionId: subscription.id,
      logger: context.logger,
    });
  }
  const current = await findPriceByProviderId({ db: context.db, priceId: subscription.priceId });
  const currentPlan = summarizePlan(current, subscription.priceId);
  return { currentPlan, message: downgradeCanceledMessage(currentPlan.displayName), error: null };
}
