import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  computeAllowanceFraction,
  daysRemainingUntil,
  PLAN_CHANGE_IS_DOWNGRADE_MESSAGE,
  PLAN_CHANGE_IS_UPGRADE_MESSAGE,
  PLAN_ENDING_MESSAGE,
  prorateUpgradeCredits,
  type PreviewUpgradeReply,
} from '@agentry/core/billing';
import { describePlanAction } from '@agentry/core/plans';
import { AppError } from '../../platform/http/app-error';
import type { BillingContext } from './billing-context';
import { summarizePlan } from './billing-context';
import { billingUpgrade } from './billing.tables';
import { findCustomerId } from './ensure-billing-customer';
import { findPriceByProviderId, getPriceByProviderIdOrThrow, type PriceRow } from './find-price';
import { getChangeableSubscriptionOrThrow, type SubscriptionRow } from './get-billing-subscription';

/** A previewed proration date is reused by the checkout and the change for this long. */
const PREVIEW_REUSE_MS = 60 * 60 * 1000;

/**
 * The subscription to change and the price it changes to, checked: a plan of the catalogue, not
 * the current one, and the change the way it must go (describePlanAction, by price: a dearer plan
 * is an upgrade, billed now; a cheaper or equal one a downgrade, at the renewal date). Before,
 * the immediate path took a cheaper plan at once, and the provider's proration credited the
 * unused part of the dearer plan while its credits stayed.
 */
export async function getPlanChangeTargetOrThrow(
  context: BillingContext,
  options: { userId: string; newPriceId: string; direction: 'upgrade' | 'downgrade' },
) {
  const subscription = await getChangeableSubscriptionOrThrow({ db: context.db, userId: options.userId });
  const target = await getPriceByProviderIdOrThrow({ db: context.db, priceId: options.newPriceId });
  // A plan about to end changes to nothing: an upgrade would be paid for and end anyway.
  if (subscription.cancelAtPeriodEnd) throw new AppError('VALIDATION_ERROR', { message: PLAN_ENDING_MESSAGE });
  if (target.mode !== 'subscription' || target.interval === 'lifetime') throw new AppError('INVALID_PLAN_SELECTION');
  if (target.providerPriceId === subscription.priceId)
    throw new AppError('CONFLICT', { message: 'This plan is already active.' });
  const current = await findPriceByProviderId({ db: context.db, priceId: subscription.priceId });
  const action = describePlanAction(
    {
      priceId: subscription.priceId,
      unitAmount: current?.amountCents ?? null,
      configuredLimit: current?.creditLimit ?? 0,
    },
    { priceId: target.providerPriceId, unitAmount: target.amountCents, creditLimit: target.creditLimit },
  );
  if (action !== options.direction)
    throw new AppError('VALIDATION_ERROR', {
      message: action === 'downgrade' ? PLAN_CHANGE_IS_DOWNGRADE_MESSAGE : PLAN_CHANGE_IS_UPGRADE_MESSAGE,
    });
  const customerId = (await findCustomerId({ db: context.db, userId: options.userId })) ?? subscription.customerId;
  return { subscription, target, current, customerId };
}

/** The open upgrade towards a price (its proration date), or a new one fixed now. */
export async function findOrCreateUpgrade(
  context: BillingContext,
  options: { userId: string; subscription: SubscriptionRow; toPriceId: string },
) {
  const now = await context.provider.now();
  const [recent] = await context.db
    .select()
    .from(billingUpgrade)
    .where(
      and(
        eq(billingUpgrade.userId, options.userId),
        eq(billingUpgrade.subscriptionId, options.subscription.id),
        eq(billingUpgrade.toPriceId, options.toPriceId),
        // Confirmed from the plan the subscription has now (not one it had before another change).
        eq(billingUpgrade.fromPriceId, options.subscription.priceId ?? ''),
        inArray(billingUpgrade.status, ['previewed', 'checkout']),
        gt(billingUpgrade.prorationDate, new Date(now.getTime() - PREVIEW_REUSE_MS)),
      ),
    )
    .orderBy(desc(billingUpgrade.createdAt))
    .limit(1);
  const isInPeriod =
    recent &&
    options.subscription.currentPeriodEnd &&
    recent.prorationDate < options.subscription.currentPeriodEnd &&
    recent.prorationDate >= options.subscription.currentPeriodStart;
  if (recent && isInPeriod) return recent;
  // Whole seconds: Stripe's proration_date is a Unix timestamp.
  const prorationDate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const [created] = await context.db
    .insert(billingUpgrade)
    .values({
      id: randomUUID(),
      userId: options.userId,
      subscriptionId: options.subscription.id,
      fromPriceId: options.subscription.priceId ?? '',
      toPriceId: options.toPriceId,
      prorationDate,
    })
    .returning();
  if (!created) throw new Error('upgrade insert returned nothing');
  return created;
}

export function expectedUpgradeCredits(options: {
  current: PriceRow | null;
  target: PriceRow;
  subscription: SubscriptionRow;
  prorationDate: Date;
  isCycleReset: boolean;
}) {
  if (options.isCycleReset) return options.target.creditLimit;
  return prorateUpgradeCredits({
    currentCreditLimit: options.current?.creditLimit ?? 0,
    targetCreditLimit: options.target.creditLimit,
    timeFraction: computeAllowanceFraction({
      periodStart: options.subscription.currentPeriodStart,
      periodEnd: options.subscription.currentPeriodEnd ?? options.prorationDate,
      at: options.prorationDate,
      interval: options.subscription.interval,
    }),
  });
}

/** POST /stripe/preview-upgrade: the provider's own proration invoice, at the date the change will use. */
export async function previewUpgrade(
  context: BillingContext,
  options: { userId: string; newPriceId: string },
): Promise<PreviewUpgradeReply> {
  const { subscription, target, current, customerId } = await getPlanChangeTargetOrThrow(context, {
    ...options,
    direction: 'upgrade',
  });
  const upgrade = await findOrCreateUpgrade(context, {
    userId: options.userId,
    subscription,
    toPriceId: options.newPriceId,
  });
  const invoice = await context.provider.previewPriceChange({
    customerId,
    subscriptionId: subscription.id,
    itemId: subscription.itemId,
    newPriceId: options.newPriceId,
    prorationDate: upgrade.prorationDate,
    idempotencyKey: `preview:${upgrade.id}`,
  });
  const creditAmount = invoice.lines.filter((line) => line.amount < 0).reduce((sum, line) => sum - line.amount, 0);
  const chargeAmount = invoice.lines.filter((line) => line.amount > 0).reduce((sum, line) => sum + line.amount, 0);
  const resetLine = invoice.lines.find((line) => !line.isProration && line.amount > 0);
  const isCycleReset = Boolean(resetLine) || (current?.interval ?? null) !== target.interval;
  return {
    proration: {
      currency: invoice.currency,
      creditAmount,
      chargeAmount,
      totalDueNow: invoice.amountDue,
      daysRemaining: daysRemainingUntil(subscription.currentPeriodEnd, upgrade.prorationDate),
    },
    nextBillingDate: (resetLine?.periodEnd ?? subscription.currentPeriodEnd).toISOString(),
    billingCycleReset: isCycleReset,
    currentPlan: summarizePlan(current, subscription.priceId),
    targetPlan: summarizePlan(target),
    creditsGranted: expectedUpgradeCredits({
      current,
      target,
      subscription,
      prorationDate: upgrade.prorationDate,
      isCycleReset,
    }),
    prorationDate: upgrade.prorationDate.toISOString(),
  };
}
