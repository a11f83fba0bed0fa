import type { PricingPlansReply, SubscriptionDetailsReply } from '@agentry/core/billing';
import { planFamilies, type CatalogueTier, type PlanCatalogueReply } from '@agentry/core/plans';
import { computeAmountDue, promotions as landingPromotions } from '@agentry/core/pricing';
import type { Database } from '../../platform/db/database';
import type { BillingContext } from './billing-context';
import { findPriceByProviderId, listPrices } from './find-price';
import { findLatestSubscription } from './get-billing-subscription';

/** GET /api/openrouter/plans: every family (Enterprise with no tiers) and its tiers, monthly and annual, in the wire shape of docs/product/billing-and-credits.md#plans. */
export async function getPlanCatalogue(options: { db: Database }): Promise<PlanCatalogueReply> {
  const prices = (await listPrices(options)).filter((price) => price.kind === 'plan');
  const plans: Record<string, CatalogueTier[]> = Object.fromEntries(planFamilies.map((family) => [family.family, []]));
  for (const price of prices) {
    if (!price.planFamily || !price.tierCode) continue;
    (plans[price.planFamily] ??= []).push({
      plan_code: price.planFamily,
      plan_family: price.planFamily,
      tier_code: price.tierCode,
      stripe_price_id: price.providerPriceId,
      stripe_price_id_live: price.providerPriceIdLive,
      credit_limit: price.creditLimit,
      display_name: price.displayName,
      display_description: price.displayDescription,
      display_order: price.displayOrder,
      is_active: price.isActive,
      capabilities: price.capabilities,
      billing_interval: price.interval === 'year' ? 'year' : 'month',
      price_cents: price.amountCents,
    });
  }
  return { plans };
}

/**
 * GET /api/pricing/plans: plans keyed by lowercase plan name, the secret offers and packs, and
 * the landing promotions, each with the amount its checkout charges (computeAmountDue, the same
 * function create-checkout uses).
 */
export async function getPricingPlans(options: { db: Database }): Promise<PricingPlansReply> {
  const prices = await listPrices(options);
  const plans: PricingPlansReply['plans'] = {};
  const offers: PricingPlansReply['offers'] = [];
  const promotions: PricingPlansReply['promotions'] = [];
  for (const promotion of landingPromotions) {
    const price = prices.find((entry) => entry.key === promotion.priceKey && entry.isActive);
    if (!price?.tierCode || (price.interval !== 'month' && price.interval !== 'year')) continue;
    const priceCents = price.amountCents ?? 0;
    promotions.push({
      id: promotion.id,
      couponId: promotion.discount.couponId,
      tierCode: price.tierCode,
      billingInterval: price.interval,
      stripePriceId: price.providerPriceId,
      priceCents,
      amountDueCents: computeAmountDue({ priceKey: price.key, listCents: priceCents, promotion }).dueCents,
      discountPercent: promotion.discount.percentOff,
      periodNote: promotion.periodNote,
    });
  }
  for (const price of prices) {
    if (!price.isActive) continue;
    const priceCents = price.amountCents ?? 0;
    if (price.kind === 'plan' && price.tierCode && (price.interval === 'month' || price.interval === 'year')) {
      (plans[price.displayName.toLowerCase()] ??= []).push({
        billingInterval: price.interval,
        price: priceCents / 100,
        priceCents,
        stripePriceId: price.providerPriceId,
        tierCode: price.tierCode,
        creditLimit: price.creditLimit,
      });
    } else if (price.kind !== 'plan') {
      const due = computeAmountDue({ priceKey: price.key, listCents: priceCents });
      offers.push({
        key: price.key,
        name: price.displayName,
        mode: price.mode,
        price: priceCents / 100,
        priceCents,
        amountDueCents: due.dueCents,
        discountPercent: due.discount?.percentOff ?? null,
        stripePriceId: price.providerPriceId,
        credits: price.creditLimit,
        bonusCredits: price.bonusCredits,
      });
    }
  }
  return { plans, offers, promotions };
}

/** GET /stripe/subscription-details */
export async function getSubscriptionDetails(
  context: BillingContext,
  options: { userId: string },
): Promise<SubscriptionDetailsReply> {
  const subscription = await findLatestSubscription({ db: context.db, userId: options.userId });
  if (!subscription || !['active', 'trialing', 'past_due'].includes(subscription.status))
    return { hasSubscription: false, subscription: null, priceId: null };
  const price = await findPriceByProviderId({ db: context.db, priceId: subscription.priceId });
  const providerPrice =
    price?.amountCents == null && subscription.priceId
      ? await context.provider.retrievePrice(subscription.priceId)
      : null;
  return {
    hasSubscription: true,
    subscription: {
      id: subscription.id,
      amount: price?.amountCents ?? providerPrice?.unitAmount ?? null,
      currency: price?.currency ?? providerPrice?.currency ?? null,
      status: subscription.status,
      interval: subscription.interval,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    },
    priceId: subscription.priceId,
  };
}
