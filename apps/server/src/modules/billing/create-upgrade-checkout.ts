import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formatCredits } from '@agentry/core/plans';
import type { CreateUpgradeCheckoutReply } from '@agentry/core/billing';
import type { BillingContext } from './billing-context';
import { toReturnUrl, withQuery } from './billing-context';
import { billingUpgrade } from './billing.tables';
import { findOrCreateUpgrade, getPlanChangeTargetOrThrow } from './preview-upgrade';

/**
 * POST /stripe/create-upgrade-checkout: a checkout in setup mode confirms the payment method;
 * coming back with upgrade_success=true&session_id=... the web calls finalize-upgrade, which
 * makes the change at the previewed proration date.
 */
export async function createUpgradeCheckout(
  context: BillingContext,
  options: { userId: string; newPriceId: string; returnUrl?: string },
): Promise<CreateUpgradeCheckoutReply> {
  const { subscription, target, customerId } = await getPlanChangeTargetOrThrow(context, {
    ...options,
    direction: 'upgrade',
  });
  const upgrade = await findOrCreateUpgrade(context, {
    userId: options.userId,
    subscription,
    toPriceId: options.newPriceId,
  });
  const returnUrl = toReturnUrl(context.publicUrl, options.returnUrl, '/usage');
  const session = await context.provider.createCheckoutSession({
    mode: 'setup',
    customerId,
    priceId: null,
    successUrl: withQuery(returnUrl, {
      upgrade_success: 'true',
      session_id: '{CHECKOUT_SESSION_ID}',
      price_id: options.newPriceId,
    }),
    cancelUrl: returnUrl,
    metadata: { kind: 'upgrade', upgradeId: upgrade.id, userId: options.userId, priceId: options.newPriceId },
    description: `${target.displayName} - ${formatCredits(target.creditLimit)} credits a month`,
    idempotencyKey: `upgrade-checkout:${upgrade.id}:${createHash('sha256').update(returnUrl).digest('hex').slice(0, 16)}`,
  });
  await context.db
    .update(billingUpgrade)
    .set({ checkoutSessionId: session.id, status: 'checkout', updatedAt: new Date() })
    .where(and(eq(billingUpgrade.id, upgrade.id), inArray(billingUpgrade.status, ['previewed', 'checkout'])));
  return { url: session.url, error: null };
}
