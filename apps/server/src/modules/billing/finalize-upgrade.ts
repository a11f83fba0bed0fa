import { and, eq } from 'drizzle-orm';
import {
  PLAN_CHANGED_SINCE_UPGRADE_MESSAGE,
  SUBSCRIPTION_UPDATED_MESSAGE,
  UPGRADE_PENDING_MESSAGE,
  paymentErrorMessage,
  type FinalizeUpgradeReply,
} from '@agentry/core/billing';
import { AppError } from '../../platform/http/app-error';
import { PaymentDeclinedError } from '../../platform/payments/billing-provider';
import type { BillingContext } from './billing-context';
import { summarizePlan } from './billing-context';
import { billingUpgrade } from './billing.tables';
import { findPriceByProviderId } from './find-price';
import { processPaidInvoice } from './process-paid-invoice';
import { syncSubscription } from './sync-subscription';

/**
 * POST /stripe/finalize-upgrade: applies the upgrade the checkout confirmed, once. The change
 * bills immediately (always_invoice); a failed payment leaves the plan as it was
 * (pending_if_incomplete) and answers 402 with the card error.
 */
export async function finalizeUpgrade(
  context: BillingContext,
  options: { userId: string; sessionId: string },
): Promise<FinalizeUpgradeReply> {
  const { db, provider } = context;
  const [upgrade] = await db
    .select()
    .from(billingUpgrade)
    .where(and(eq(billingUpgrade.checkoutSessionId, options.sessionId), eq(billingUpgrade.userId, options.userId)))
    .limit(1);
  if (!upgrade) throw new AppError('NOT_FOUND', { message: 'Upgrade not found' });
  const target = await findPriceByProviderId({ db, priceId: upgrade.toPriceId });
  const upgraded: FinalizeUpgradeReply = {
    success: true,
    status: 'upgraded',
    currentPlan: summarizePlan(target, upgrade.toPriceId),
    message: SUBSCRIPTION_UPDATED_MESSAGE,
  };
  const pending = async (): Promise<FinalizeUpgradeReply> => ({
    success: false,
    status: 'pending',
    currentPlan: summarizePlan(await findPriceByProviderId({ db, priceId: upgrade.fromPriceId }), upgrade.fromPriceId),
    message: UPGRADE_PENDING_MESSAGE,
  });
  if (upgrade.status === 'applied') return upgraded;
  if (upgrade.status === 'failed')
    throw new AppError('PAYMENT_FAILED', {
      message: paymentErrorMessage(upgrade.failureCode),
      extra: { paymentErrorCode: upgrade.failureCode },
    });

  const session = await provider.retrieveCheckoutSession(options.sessionId);
  if (!session || session.status !== 'complete') return pending();
  // Finalize once: only the caller that moves the upgrade out of 'checkout' makes the change.
  const [claimed] = await db
    .update(billingUpgrade)
    .set({ status: 'applying', updatedAt: new Date() })
    .where(and(eq(billingUpgrade.id, upgrade.id), eq(billingUpgrade.status, 'checkout')))
    .returning();
  if (!claimed) return pending();

  const subscription = await provider.retrieveSubscription(upgrade.subscriptionId);
  if (!subscription?.itemId) {
    await setStatus(context, upgrade.id, 'checkout');
    throw new AppError('SUBSCRIPTION_NOT_FOUND');
  }
  // The plan changed after this upgrade was confirmed (another upgrade, a downgrade that took
  // effect): its proration was for another plan, and it may no longer be an upgrade at all.
  if (subscription.priceId !== upgrade.fromPriceId) {
    await setStatus(context, upgrade.id, 'checkout');
    throw new AppError('VALIDATION_ERROR', { message: PLAN_CHANGED_SINCE_UPGRADE_MESSAGE });
  }
  // A downgrade scheduled before the upgrade ends with it: its schedule would otherwise put the old
  // change back at the renewal date, undoing the upgrade just paid for. Released first (a schedule
  // owns the subscription's next phases); should the payment then fail, the plan stays as it was
  // and the downgrade can be scheduled again.
  if (subscription.scheduleId)
    await provider.releaseSchedule({
      scheduleId: subscription.scheduleId,
      idempotencyKey: `release:${subscription.scheduleId}:upgrade:${upgrade.id}`,
    });
  let paymentErrorCode: string | null = null;
  let invoiceId: string | null = null;
  try {
    const result = await provider.changePrice({
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      itemId: subscription.itemId,
      newPriceId: upgrade.toPriceId,
      prorationDate: upgrade.prorationDate,
      paymentMethodId: session.paymentMethodId,
      idempotencyKey: `upgrade:${upgrade.id}`,
    });
    paymentErrorCode = result.paymentErrorCode;
    invoiceId = result.invoice?.id ?? null;
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      paymentErrorCode = error.code;
    } else {
      // Not applied as far as we know: the same idempotency key makes a retry safe.
      await setStatus(context, upgrade.id, 'checkout');
      throw error;
    }
  }
  await syncSubscription({ db, provider, subscriptionId: subscription.id, logger: context.logger });
  if (paymentErrorCode) {
    await db
      .update(billingUpgrade)
      .set({ status: 'failed', failureCode: paymentErrorCode, updatedAt: new Date() })
      .where(eq(billingUpgrade.id, upgrade.id));
    throw new AppError('PAYMENT_FAILED', {
      message: paymentErrorMessage(paymentErrorCode),
      extra: { paymentErrorCode },
    });
  }
  // The webhook does the same; whichever comes first grants, keyed by the invoice.
  if (invoiceId) await processPaidInvoice({ db, provider, invoiceId, logger: context.logger });
  await setStatus(context, upgrade.id, 'applied');
  return upgraded;
}

async function setStatus(context: BillingContext, upgradeId: string, status: 'checkout' | 'applied') {
  await context.db
    .update(billingUpgrade)
    .set({ status, updatedAt: new Date() })
    .where(eq(billingUpgrade.id, upgradeId));
}
