import type { CheckoutMode, PricingPlanEntry } from '@agentry/core/billing';
import {
  formatMoney,
  legacyPlans,
  listCreditPacks,
  planFamilies,
  secretOffers,
  type BillingInterval,
  type PlanFamilyDefinition,
  type SecretOffer,
} from '@agentry/core/plans';
import { computeAmountDue, findPromotion as findCorePromotion, type Promotion } from '@agentry/core/pricing';
import { formatYearlyPerMonth } from './price-format';
import type { LivePricing } from '../api/pricing';

/** One entry of the credit-tier selector (docs/product/billing-and-credits.md#plans, credit pack / credit tier). */
export type CreditTier = {
  id: string;
  tierCode: string | null;
  credits: number;
  /** Charged per interval, in cents. */
  priceCents: number;
  /** The anchor of this pack for the interval (yearly: twelve monthly payments), struck through. */
  originalPriceCents: number | null;
  /** Dollars per credit. */
  pricePerCredit: number;
  savings: number;
  isDefault: boolean;
  priceId: string | null;
  /** Bonus credits that never expire (the 1,000 FOREVER display). */
  bonusCredits: number;
};

export type PlanPricing = {
  /** What the card shows as the price, in cents (for a year: the yearly total). */
  priceCents: number;
  priceId: string | null;
  /** The anchor price, struck through. */
  originalPriceCents: number | null;
  couponId?: string;
  creditPacks: CreditTier[];
};

/** docs/product/billing-and-credits.md#plans, 'Plan (pricing screen)'. */
export type DisplayPlan = {
  key: string;
  name: string;
  description: string;
  monthly: PlanPricing | null;
  yearly: PlanPricing | null;
  isFeatured: boolean;
  features: readonly string[];
  /** A short line over the features ('Everything in Growth, plus'). */
  highlight?: string;
  /** Yearly view: the saving against twelve monthly payments ('SAVE 51%'). */
  yearlySaveLabel?: string;
  highlightedBenefits?: readonly string[];
  /** A card without a price id shows this link, else a disabled 'Coming Soon'. */
  cta?: { label: string; href: string };
  /** Absent: the default checkout mode applies (docs/product/billing-and-credits.md#checkout-and-plan-changes). */
  mode?: CheckoutMode;
  customPeriodLabel?: string;
  promoCode?: string;
  /** Shown instead of a price (Enterprise '$2,000+'). */
  customPriceLabel?: string;
  /** The promotional badge ('69% OFF'). */
  discountPercent?: number;
  /** Button text in the secretModal variant. */
  buttonText?: string;
  /** Sold by the sales team: 'Talk to Sales'. */
  isSalesLed?: boolean;
};

export type PricingVariant = 'default' | 'secretModal' | 'promotional' | 'secret';

export const PERIOD_LABEL = 'MONTH';
export const COMING_SOON_LABEL = 'Coming Soon';
export const TALK_TO_SALES_LABEL = 'Talk to Sales';

/** The Enterprise 'Talk to Sales' action opens an external form (configurable; e-mail as the fallback). */
const configuredSalesFormUrl: unknown = import.meta.env.VITE_SALES_FORM_URL;
export const SALES_FORM_URL =
  typeof configuredSalesFormUrl === 'string' && configuredSalesFormUrl
    ? configuredSalesFormUrl
    : 'mailto:sales@agentry.dev';

function findEntry(
  live: LivePricing | undefined,
  planName: string,
  tierCode: string,
  interval: BillingInterval,
): PricingPlanEntry | undefined {
  return live?.plans[planName.toLowerCase()]?.find(
    (entry) => entry.tierCode === tierCode && entry.billingInterval === interval,
  );
}

function familyPricing(
  plan: PlanFamilyDefinition,
  interval: BillingInterval,
  live: LivePricing | undefined,
): PlanPricing | null {
  if (plan.tiers.length === 0) return null;
  const creditPacks = listCreditPacks(plan.family, interval).map((pack): CreditTier => ({
    id: pack.id,
    tierCode: pack.tierCode,
    credits: pack.credits,
    priceCents: findEntry(live, plan.family, pack.tierCode, interval)?.priceCents ?? pack.priceCents,
    originalPriceCents:
      interval === 'year'
        ? (plan.tiers.find((tier) => tier.tierCode === pack.tierCode)?.annualListPriceCents ?? null)
        : null,
    pricePerCredit: pack.pricePerCredit,
    savings: pack.savings,
    isDefault: pack.isDefault,
    priceId: findEntry(live, plan.family, pack.tierCode, interval)?.stripePriceId ?? null,
    bonusCredits: 0,
  }));
  const first = creditPacks.find((pack) => pack.isDefault) ?? creditPacks[0];
  const tier = plan.tiers.find((entry) => entry.tierCode === first?.tierCode);
  if (!first || !tier) return null;
  return {
    priceCents: first.priceCents,
    priceId: first.priceId,
    originalPriceCents: interval === 'year' ? tier.annualListPriceCents : null,
    creditPacks,
  };
}

function toDisplayPlan(plan: PlanFamilyDefinition, live: LivePricing | undefined): DisplayPlan {
  const isSalesLed = plan.tiers.length === 0;
  return {
    key: plan.family,
    name: plan.name,
    description: plan.description,
    monthly: familyPricing(plan, 'month', live),
    yearly: familyPricing(plan, 'year', live),
    isFeatured: plan.isFeatured,
    features: plan.features,
    mode: 'subscription',
    customPriceLabel: plan.customPriceLabel,
    isSalesLed,
    cta: isSalesLed ? { label: TALK_TO_SALES_LABEL, href: SALES_FORM_URL } : undefined,
  };
}

/** The four families of docs/product/billing-and-credits.md#plans (default variant). */
export function buildDefaultPlans(live: LivePricing | undefined): DisplayPlan[] {
  return planFamilies.map((plan) => toDisplayPlan(plan, live));
}

export type { Promotion };

/** A landing promotion by its id in `/?promo=<id>` (growth69, growth75). */
export function findPromotion(id: string | null | undefined): Promotion | undefined {
  return findCorePromotion(id);
}

/**
 * The promotional mode: Growth only, the default pack, the first period at the amount the
 * checkout charges (the server's figure, else the same core function), with the promo badge.
 * The coupon id rides along to checkout and through sign-in.
 */
export function buildPromotionalPlans(live: LivePricing | undefined, promotion: Promotion): DisplayPlan[] {
  const growth = planFamilies.find((plan) => plan.family === 'growth');
  if (!growth) return [];
  const base = toDisplayPlan(growth, live);
  const monthly = base.monthly;
  if (!monthly) return [base];
  const defaultPack = monthly.creditPacks.find((pack) => pack.isDefault) ?? monthly.creditPacks[0];
  const livePromotion = live?.promotions.find((entry) => entry.id === promotion.id);
  const listCents = livePromotion?.priceCents ?? monthly.priceCents;
  const dueCents =
    livePromotion?.amountDueCents ?? computeAmountDue({ priceKey: promotion.priceKey, listCents, promotion }).dueCents;
  const couponId = livePromotion?.couponId ?? promotion.discount.couponId;
  const promotedPack = defaultPack
    ? {
        ...defaultPack,
        priceCents: dueCents,
        originalPriceCents: listCents,
        priceId: livePromotion?.stripePriceId ?? defaultPack.priceId,
      }
    : undefined;
  return [
    {
      ...base,
      key: `growth-${promotion.id}`,
      yearly: null,
      // The promotion covers the default pack only.
      monthly: {
        ...monthly,
        priceCents: dueCents,
        originalPriceCents: listCents,
        priceId: promotedPack?.priceId ?? monthly.priceId,
        couponId,
        creditPacks: promotedPack ? [promotedPack] : [],
      },
      discountPercent: promotion.discount.percentOff,
      highlight: `${promotion.discount.percentOff}% off ${promotion.periodNote}`,
    },
  ];
}

const offerKeys = ['offer_starter', 'offer_coaching', 'offer_lifetime'] as const;

function offerPeriodLabel(offer: SecretOffer) {
  return offer.mode === 'subscription' ? undefined : 'ONE-TIME';
}

/** What a secret offer charges, so what it shows: Starter $19.75, the lifetime deal $7,000 (computeAmountDue). */
export function secretOfferDisplayCents(offer: SecretOffer) {
  return computeAmountDue({
    priceKey: offerKeys[secretOffers.indexOf(offer)] ?? offer.name,
    listCents: offer.priceCents,
  }).dueCents;
}

function secretOfferFeatures(offer: SecretOffer): string[] {
  if (offer.monthlyCredits)
    return [
      `${offer.monthlyCredits.toLocaleString('en-US')} credits every month, for life`,
      'Growth plan features',
      'One-to-one mentoring',
    ];
  if (offer.credits)
    return [
      `${offer.credits.toLocaleString('en-US')} credits per month`,
      `${(offer.bonusCredits ?? 0).toLocaleString('en-US')} bonus credits that never expire`,
      'Starter plan features',
    ];
  return ['A private Zoom coaching call', 'Agent and offer review', 'Recording to keep'];
}

/** The secret page's three fixed offers (monthly only) with the secretModal button texts. */
export function buildSecretOffers(live: LivePricing | undefined): DisplayPlan[] {
  return secretOffers.map((offer, index): DisplayPlan => {
    const liveOffer = live?.offers.find((entry) => entry.key === offerKeys[index] || entry.name === offer.name);
    const displayCents = liveOffer?.amountDueCents ?? secretOfferDisplayCents(offer);
    const anchorCents = offer.anchorPriceCents;
    const discountPercent =
      offer.discountPercent ??
      (offer.discountDisplayMultiplier === null ? undefined : Math.round((1 - offer.discountDisplayMultiplier) * 100));
    const bonusCredits = offer.bonusCredits ?? 0;
    const credits = offer.credits ?? offer.monthlyCredits ?? 0;
    return {
      key: offerKeys[index] ?? offer.name,
      name: offer.name,
      description:
        offer.mode === 'subscription'
          ? 'Start with the Starter plan and a bonus that never expires.'
          : offer.monthlyCredits
            ? 'Mentoring plus lifetime access, paid once.'
            : 'A focused coaching session for your agency.',
      monthly: {
        priceCents: displayCents,
        priceId: liveOffer?.stripePriceId ?? null,
        originalPriceCents: anchorCents > displayCents ? anchorCents : null,
        creditPacks:
          credits > 0
            ? [
                {
                  id: `${offer.name}-credits`,
                  tierCode: null,
                  credits,
                  priceCents: displayCents,
                  originalPriceCents: anchorCents > displayCents ? anchorCents : null,
                  pricePerCredit: 0,
                  savings: 0,
                  isDefault: true,
                  priceId: liveOffer?.stripePriceId ?? null,
                  bonusCredits,
                },
              ]
            : [],
      },
      yearly: null,
      isFeatured: index === 0,
      features: secretOfferFeatures(offer),
      mode: liveOffer?.mode ?? offer.mode,
      customPeriodLabel: offerPeriodLabel(offer),
      discountPercent,
      buttonText: offer.secretModalButtonText,
    };
  });
}

export const AI_ENTREPRENEURS_DESCRIPTION = 'For AI Entrepreneurs';

/** 'Starter Legacy' and 'Unlimited Legacy' (the older 'For AI Entrepreneurs' plan): only in non-default variants. */
export function buildLegacyPlans(live: LivePricing | undefined): DisplayPlan[] {
  return legacyPlans.map((plan): DisplayPlan => {
    const entries = live?.plans[plan.name.toLowerCase()] ?? [];
    const pricing = (interval: BillingInterval, cents: number): PlanPricing => ({
      priceCents: entries.find((entry) => entry.billingInterval === interval)?.priceCents ?? cents,
      priceId: entries.find((entry) => entry.billingInterval === interval)?.stripePriceId ?? null,
      originalPriceCents: interval === 'year' ? plan.monthlyPriceCents * 12 : null,
      creditPacks: [],
    });
    const isUnlimited = plan.name.startsWith('Unlimited');
    const yearly = pricing('year', plan.annualPriceCents);
    const savePercent = yearly.originalPriceCents
      ? Math.floor((1 - yearly.priceCents / yearly.originalPriceCents) * 100)
      : 0;
    return {
      key: plan.name.toLowerCase().replace(/\s+/g, '-'),
      name: plan.name,
      // The older single plan: 'For AI Entrepreneurs'.
      description: isUnlimited ? AI_ENTREPRENEURS_DESCRIPTION : 'For customers on our earlier plans.',
      monthly: pricing('month', plan.monthlyPriceCents),
      yearly,
      isFeatured: false,
      features: isUnlimited
        ? [
            'Unlimited sub accounts',
            'Unlimited connections',
            'Marketplace access',
            'Unlimited AI builds',
            'Advanced prompt testing',
          ]
        : ['1 sub account', 'Basic demos'],
      mode: 'subscription',
      yearlySaveLabel: savePercent > 0 ? `SAVE ${savePercent}%` : undefined,
      // These variants are monthly only: the card still names its yearly price and saving.
      highlight:
        isUnlimited && savePercent > 0
          ? `or ${formatMoney(yearly.priceCents)} a year (${formatYearlyPerMonth(yearly.priceCents)} / month) · SAVE ${savePercent}%`
          : undefined,
    };
  });
}

/** docs/product/billing-and-credits.md#checkout-and-plan-changes: the default checkout mode is subscription when the first plan is named 'Monthly', else payment. */
export function defaultCheckoutMode(plans: readonly Pick<DisplayPlan, 'name'>[]): CheckoutMode {
  return plans[0]?.name === 'Monthly' ? 'subscription' : 'payment';
}

/** Whether a Monthly/Annually toggle is needed: some plan has a yearly price. */
export function hasYearlyPricing(plans: readonly DisplayPlan[]) {
  return plans.some((plan) => plan.yearly !== null && plan.yearly.priceCents > 0);
}
