import { z } from 'zod';

export const PlanFamily = z.enum(['starter', 'growth', 'scale', 'enterprise']);
export type PlanFamily = z.infer<typeof PlanFamily>;

export const BillingInterval = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof BillingInterval>;

/** `null` means unlimited. */
const Limit = z.number().int().nonnegative().nullable();

export const PlanCapabilities = z.object({
  limits: z.object({ subaccounts: Limit, connections_per_type: Limit, agents_per_subaccount: Limit }),
  demos: z.object({ basic: z.boolean(), advanced: z.boolean(), whitelabel: z.boolean() }),
  features: z.object({
    marketplace: z.boolean(),
    whitelabel_subaccounts: z.boolean(),
    whitelabel_branding: z.boolean(),
    priority_support: z.boolean(),
  }),
});
export type PlanCapabilities = z.infer<typeof PlanCapabilities>;

/** Capabilities as stored or sent by older data: any value may be missing. */
export const PartialPlanCapabilities = z.object({
  limits: PlanCapabilities.shape.limits.partial().optional(),
  demos: PlanCapabilities.shape.demos.partial().optional(),
  features: PlanCapabilities.shape.features.partial().optional(),
});
export type PartialPlanCapabilities = z.infer<typeof PartialPlanCapabilities>;

/** docs/product/billing-and-credits.md#capabilities, default (free) limits. */
export const freeCapabilities: PlanCapabilities = {
  limits: { subaccounts: 1, connections_per_type: 1, agents_per_subaccount: 1 },
  demos: { basic: true, advanced: false, whitelabel: false },
  features: { marketplace: false, whitelabel_subaccounts: false, whitelabel_branding: false, priority_support: false },
};

/** docs/product/billing-and-credits.md#capabilities: missing values fall back to the default capability set. */
export function resolvePlanCapabilities(partial: PartialPlanCapabilities | null | undefined): PlanCapabilities {
  return {
    limits: { ...freeCapabilities.limits, ...partial?.limits },
    demos: { ...freeCapabilities.demos, ...partial?.demos },
    features: { ...freeCapabilities.features, ...partial?.features },
  };
}

export const familyCapabilities: Record<PlanFamily, PlanCapabilities> = {
  starter: {
    limits: { subaccounts: 1, connections_per_type: null, agents_per_subaccount: null },
    demos: { basic: true, advanced: false, whitelabel: false },
    features: {
      marketplace: false,
      whitelabel_subaccounts: false,
      whitelabel_branding: false,
      priority_support: false,
    },
  },
  growth: {
    limits: { subaccounts: 5, connections_per_type: null, agents_per_subaccount: null },
    demos: { basic: true, advanced: true, whitelabel: false },
    features: { marketplace: true, whitelabel_subaccounts: false, whitelabel_branding: false, priority_support: false },
  },
  scale: {
    limits: { subaccounts: null, connections_per_type: null, agents_per_subaccount: null },
    demos: { basic: true, advanced: true, whitelabel: true },
    features: { marketplace: true, whitelabel_subaccounts: true, whitelabel_branding: true, priority_support: false },
  },
  enterprise: {
    limits: { subaccounts: null, connections_per_type: null, agents_per_subaccount: null },
    demos: { basic: true, advanced: true, whitelabel: true },
    features: { marketplace: true, whitelabel_subaccounts: true, whitelabel_branding: true, priority_support: true },
  },
};

export const ANNUAL_DISCOUNT_PERCENT = 40;
export const ANNUAL_DISCOUNT_BADGE = '-40%';
export const CREDIT_TIER_BONUS = 1000;
export const CREDIT_TIER_BONUS_LABEL = 'FOREVER';
export const FEATURED_PLAN_BADGE = 'Most Popular';
export const ENTERPRISE_PRICE_LABEL = '$2,000+';

/** Annual price: twelve months less the annual discount (docs/product/billing-and-credits.md#plans: $25 -> $180, $79 -> $568.80). */
export function computeAnnualPriceCents(monthlyPriceCents: number): number {
  return Math.round((monthlyPriceCents * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

/** One credit pack of a family: its monthly allowance and prices. */
export type PlanTier = {
  planCode: PlanFamily;
  planFamily: PlanFamily;
  tierCode: string;
  creditLimit: number;
  monthlyPriceCents: number;
  annualPriceCents: number;
  /** The undiscounted annual reference, twelve monthly payments. */
  annualListPriceCents: number;
  isDefault: boolean;
};

function createTiers(family: PlanFamily, packs: readonly (readonly [credits: number, dollars: number])[]): PlanTier[] {
  return packs.map(([credits, dollars], index) => ({
    planCode: family,
    planFamily: family,
    tierCode: `${family}_${credits}`,
    creditLimit: credits,
    monthlyPriceCents: dollars * 100,
    annualPriceCents: computeAnnualPriceCents(dollars * 100),
    annualListPriceCents: dollars * 100 * 12,
    isDefault: index === 0,
  }));
}

export type PlanFamilyDefinition = {
  family: PlanFamily;
  name: string;
  description: string;
  features: readonly string[];
  isFeatured: boolean;
  capabilities: PlanCapabilities;
  /** Empty for Enterprise, which is sold as custom bulk credit deals. */
  tiers: readonly PlanTier[];
  /** Replaces the price where there is no fixed price. */
  customPriceLabel?: string;
};

/** docs/product/billing-and-credits.md#plans, plans, in display order. */
export const planFamilies: readonly PlanFamilyDefinition[] = [
  {
    family: 'starter',
    name: 'Starter',
    description: 'For new agencies building and demoing their first AI agents.',
    features: ['Unlimited agents', '1 sub account', 'Basic support', 'Basic demos'],
    isFeatured: false,
    capabilities: familyCapabilities.starter,
    tiers: createTiers('starter', [
      [500, 25],
      [1000, 35],
      [1500, 45],
      [2000, 55],
    ]),
  },
  {
    family: 'growth',
    name: 'Growth',
    description: 'For growing agencies serving several clients.',
    features: ['5 sub accounts', 'Advanced demos', 'Marketplace'],
    isFeatured: true,
    capabilities: familyCapabilities.growth,
    tiers: createTiers('growth', [
      [3000, 79],
      [4500, 109],
      [6500, 149],
      [9000, 199],
    ]),
  },
  {
    family: 'scale',
    name: 'Scale',
    description: 'For established agencies running white-labelled client work.',
    features: ['Unlimited sub accounts', 'White label sub accounts', 'Whitelabel demos'],
    isFeatured: false,
    capabilities: familyCapabilities.scale,
    tiers: createTiers('scale', [
      [10000, 297],
      [20000, 497],
      [35000, 797],
      [60000, 1297],
      [100000, 1997],
    ]),
  },
  {
    family: 'enterprise',
    name: 'Enterprise',
    description: 'For high-volume teams that need custom terms.',
    features: ['Bulk credit deals', 'Priority support', 'Whiteglove onboarding'],
    isFeatured: false,
    capabilities: familyCapabilities.enterprise,
    tiers: [],
    customPriceLabel: ENTERPRISE_PRICE_LABEL,
  },
];

export function getPlanFamily(family: PlanFamily): PlanFamilyDefinition {
  const definition = planFamilies.find((entry) => entry.family === family);
  if (!definition) throw new Error(`Unknown plan family ${family}`);
  return definition;
}

export function findPlanTier(tierCode: string): PlanTier | undefined {
  return planFamilies.flatMap((entry) => entry.tiers).find((tier) => tier.tierCode === tierCode);
}

export type CreditPack = {
  id: string;
  tierCode: string;
  label: string;
  credits: number;
  priceCents: number;
  /** Dollars per credit. */
  pricePerCredit: number;
  /** Percent saved per credit against the family's smallest pack. */
  savings: number;
  isDefault: boolean;
};

/** The credit-tier selector's entries for a family and interval. */
export function listCreditPacks(family: PlanFamily, interval: BillingInterval): CreditPack[] {
  const tiers = getPlanFamily(family).tiers;
  const base = tiers[0];
  return tiers.map((tier) => {
    const priceCents = interval === 'month' ? tier.monthlyPriceCents : tier.annualPriceCents;
    const perCredit = tier.monthlyPriceCents / tier.creditLimit;
    const basePerCredit = base ? base.monthlyPriceCents / base.creditLimit : perCredit;
    return {
      id: `${tier.tierCode}_${interval}`,
      tierCode: tier.tierCode,
      label: `${formatCredits(tier.creditLimit)} credits`,
      credits: tier.creditLimit,
      priceCents,
      pricePerCredit: Math.round((priceCents / (interval === 'month' ? 1 : 12) / tier.creditLimit) * 100) / 10000,
      savings: Math.round((1 - perCredit / basePerCredit) * 100),
      isDefault: tier.isDefault,
    };
  });
}

export type LegacyPlan = { name: string; monthlyPriceCents: number; annualPriceCents: number };

/** Shown only in non-default pricing variants. */
export const legacyPlans: readonly LegacyPlan[] = [
  { name: 'Starter Legacy', monthlyPriceCents: 2500, annualPriceCents: 18000 },
  { name: 'Unlimited Legacy', monthlyPriceCents: 7900, annualPriceCents: 46200 },
];

export type SecretOffer = {
  name: string;
  priceCents: number;
  anchorPriceCents: number;
  discountPercent: number | null;
  /** Multiplier the discount display applies, where the product rules give one. */
  discountDisplayMultiplier: number | null;
  mode: 'subscription' | 'payment';
  credits: number | null;
  bonusCredits: number | null;
  monthlyCredits: number | null;
  /** Button text in the secretModal variant. */
  secretModalButtonText: string;
};

/** The secret page's three fixed offers (monthly only). */
export const secretOffers: readonly SecretOffer[] = [
  {
    name: 'Starter',
    priceCents: 2500,
    anchorPriceCents: 2500,
    discountPercent: 21,
    discountDisplayMultiplier: 0.79,
    mode: 'subscription',
    credits: 500,
    bonusCredits: 1000,
    monthlyCredits: null,
    secretModalButtonText: 'Get Started',
  },
  {
    name: 'Zoom Coaching Call',
    priceCents: 99700,
    anchorPriceCents: 200000,
    discountPercent: 50,
    discountDisplayMultiplier: null,
    mode: 'payment',
    credits: null,
    bonusCredits: null,
    monthlyCredits: null,
    secretModalButtonText: 'Book Coaching',
  },
  {
    name: 'Mentoring + Lifetime',
    priceCents: 933333,
    anchorPriceCents: 3000000,
    discountPercent: null,
    discountDisplayMultiplier: 0.75,
    mode: 'payment',
    credits: null,
    bonusCredits: null,
    monthlyCredits: 3000,
    secretModalButtonText: 'Claim Lifetime',
  },
];

/** docs/product/billing-and-credits.md#plans, catalogue response per tier, as on the wire. */
export const CatalogueTier = z.object({
  plan_code: z.string(),
  plan_family: z.string().nullable().optional(),
  tier_code: z.string(),
  stripe_price_id: z.string().nullable(),
  stripe_price_id_live: z.string().nullable(),
  credit_limit: z.number().nonnegative().default(0),
  display_name: z.string(),
  display_description: z.string().nullable(),
  display_order: z.number().int(),
  is_active: z.boolean().default(true),
  capabilities: PartialPlanCapabilities.nullable().optional(),
  /** Not in the documented list: each tier is listed once per billing interval, with its price in cents. */
  billing_interval: BillingInterval.optional(),
  price_cents: z.number().int().nonnegative().nullable().optional(),
});
export type CatalogueTier = z.infer<typeof CatalogueTier>;

/** GET /api/openrouter/plans: family -> tiers. */
export const PlanCatalogueReply = z.object({ plans: z.record(z.string(), z.array(CatalogueTier)) });
export type PlanCatalogueReply = z.infer<typeof PlanCatalogueReply>;

export type CatalogueEntry = {
  planCode: string;
  planFamily: string;
  tierCode: string;
  stripePriceId: string | null;
  creditLimit: number;
  displayName: string;
  displayDescription: string | null;
  displayOrder: number;
  isActive: boolean;
  capabilities: PlanCapabilities;
};

/** docs/product/billing-and-credits.md#capabilities, fallbacks: family defaults to the plan code, the live price id wins, capabilities are completed. */
export function normalizeCatalogueTier(tier: CatalogueTier): CatalogueEntry {
  return {
    planCode: tier.plan_code,
    planFamily: tier.plan_family ?? tier.plan_code,
    tierCode: tier.tier_code,
    stripePriceId: tier.stripe_price_id_live ?? tier.stripe_price_id,
    creditLimit: tier.credit_limit,
    displayName: tier.display_name,
    displayDescription: tier.display_description,
    displayOrder: tier.display_order,
    isActive: tier.is_active,
    capabilities: resolvePlanCapabilities(tier.capabilities),
  };
}

/** Credits of 1,000 or more abbreviated with 'k' (up to one decimal). */
export function formatCredits(credits: number): string {
  if (Math.abs(credits) < 1000) return String(credits);
  return `${Number((credits / 1000).toFixed(1))}k`;
}

/** The per-month figure of a yearly price: total / 12 to 2 decimals, in major units ('47.40'). */
export function yearlyMonthlyDisplay(yearlyTotalCents: number): string {
  return (yearlyTotalCents / 12 / 100).toFixed(2);
}

/** '$25', '$568.80', '$9,333.33': cents only when there are any. */
export function formatMoney(cents: number, currency = 'USD'): string {
  const hasCents = cents % 100 !== 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** The plan-change rules (docs/product/billing-and-credits.md#checkout-and-plan-changes) yield none, upgrade or downgrade; 'Switch Plan' is only a card label. */
export type PlanAction = 'none' | 'upgrade' | 'downgrade';

export type PlanActionCurrent = {
  priceId?: string | null;
  /** Unit amount of the current price from the payment provider; null when unknown or the lookup failed. */
  unitAmount?: number | null;
  configuredLimit: number;
};

export type PlanActionTarget = { priceId?: string | null; unitAmount?: number | null; creditLimit: number };

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, plan action between the current and the selected tier. */
export function describePlanAction(
  current: PlanActionCurrent,
  target: PlanActionTarget | null | undefined,
): PlanAction {
  if (!target) return 'none';
  if (target.priceId && target.priceId === current.priceId) return 'none';
  if (typeof current.unitAmount === 'number' && typeof target.unitAmount === 'number') {
    return target.unitAmount > current.unitAmount ? 'upgrade' : 'downgrade';
  }
  return target.creditLimit > current.configuredLimit ? 'upgrade' : 'downgrade';
}

export type PlanCardLabel = 'Upgrade' | 'Downgrade' | 'Switch Plan';

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, plan card label by credit limit comparison. */
export function planCardLabel(currentCreditLimit: number, targetCreditLimit: number): PlanCardLabel {
  if (targetCreditLimit > currentCreditLimit) return 'Upgrade';
  if (targetCreditLimit < currentCreditLimit) return 'Downgrade';
  return 'Switch Plan';
}

export type PlanChangeTiming = 'now' | 'at-renewal';

/**
 * The plan-change card's label by what the change does, not by credits alone: the action is the
 * one confirming makes (by price, as describePlanAction decides), so a card never says 'Upgrade'
 * for a change that is scheduled for the renewal date (annual Growth to monthly Scale costs less
 * per bill). 'Upgrade' / 'Downgrade' when credits move the same way as the price, else
 * 'Switch Plan'; `timing` says when it applies (and when the new credits arrive).
 */
export function planChangeCardLabel(
  current: PlanActionCurrent,
  target: PlanActionTarget,
): { action: PlanAction; label: PlanCardLabel; timing: PlanChangeTiming } {
  const action = describePlanAction(current, target);
  const timing: PlanChangeTiming = action === 'downgrade' ? 'at-renewal' : 'now';
  const byCredits = planCardLabel(current.configuredLimit, target.creditLimit);
  const label =
    (action === 'upgrade' && byCredits === 'Upgrade') || (action === 'downgrade' && byCredits === 'Downgrade')
      ? byCredits
      : 'Switch Plan';
  return { action, label, timing };
}
