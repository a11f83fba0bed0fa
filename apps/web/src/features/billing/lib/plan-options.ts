import type { PlanCapabilities, PlanFamily, BillingInterval, CatalogueEntry } from '@agentry/core/plans';
import { describePlanAction, findPlanTier, planFamilies, type PlanActionCurrent } from '@agentry/core/plans';
import type { LivePricing } from '../api/pricing';

/** One credit pack of a family for one interval, as the plan-change modal offers it. */
export type PlanOptionTier = {
  id: string;
  family: PlanFamily;
  tierCode: string;
  credits: number;
  interval: BillingInterval;
  priceCents: number;
  priceId: string | null;
};

export type PlanOption = {
  family: PlanFamily;
  name: string;
  description: string;
  highlightedBenefits: string[];
  features: string[];
  capabilities: PlanCapabilities;
  tiers: PlanOptionTier[];
  /** Enterprise: 'Contact Sales'. */
  isSalesLed: boolean;
};

const creditBenefit = /^\s*[\d.,]+\s*k?\s+credits\b/i;

/** docs/product/billing-and-credits.md#plans: benefit lines starting with a number and 'credits' leave the plain list; features naming credits are hidden. */
export function filterBenefitLines(lines: readonly string[]) {
  return lines.filter((line) => !creditBenefit.test(line) && !/\bcredits?\b/i.test(line));
}

function limitText(limit: number | null, singular: string, plural: string) {
  if (limit === null) return `Unlimited ${plural}`;
  return `${limit} ${limit === 1 ? singular : plural}`;
}

/** The highlighted benefits of a plan, read from its capabilities. */
export function describeCapabilities(capabilities: PlanCapabilities): string[] {
  const lines = [limitText(capabilities.limits.subaccounts, 'sub account', 'sub accounts')];
  if (capabilities.features.marketplace) lines.push('Marketplace access');
  if (capabilities.demos.whitelabel) lines.push('Whitelabel demos');
  else if (capabilities.demos.advanced) lines.push('Advanced demos');
  else lines.push('Basic demos');
  if (capabilities.features.whitelabel_subaccounts) lines.push('White label sub accounts');
  if (capabilities.features.priority_support) lines.push('Priority support');
  return lines;
}

/**
 * The plan-change modal's cards for an interval: the families of docs/product/billing-and-credits.md#plans, priced from the live
 * plan data, named from the catalogue when it has them. Empty when no plan is on sale.
 */
export function buildPlanOptions(options: {
  live: LivePricing | undefined;
  catalogue?: Record<string, CatalogueEntry[]>;
  interval: BillingInterval;
}): PlanOption[] {
  const { live, catalogue, interval } = options;
  if (!live || Object.values(live.plans).every((entries) => entries.length === 0)) return [];
  return planFamilies.flatMap((family): PlanOption[] => {
    const catalogueTiers = catalogue?.[family.family];
    const entries = live.plans[family.family] ?? [];
    const tiers = family.tiers.flatMap((tier): PlanOptionTier[] => {
      if (
        catalogueTiers &&
        catalogueTiers.length > 0 &&
        !catalogueTiers.some(
          (entry) => entry.tierCode === tier.tierCode || entry.tierCode.startsWith(`${tier.tierCode}_`),
        )
      )
        return [];
      const entry = entries.find(
        (candidate) => candidate.tierCode === tier.tierCode && candidate.billingInterval === interval,
      );
      if (!entry) return [];
      return [
        {
          id: `${tier.tierCode}_${interval}`,
          family: family.family,
          tierCode: tier.tierCode,
          credits: entry.creditLimit || tier.creditLimit,
          interval,
          priceCents: entry.priceCents,
          priceId: entry.stripePriceId,
        },
      ];
    });
    const isSalesLed = family.tiers.length === 0;
    if (!isSalesLed && tiers.length === 0) return [];
    const named = catalogueTiers?.[0];
    const capabilities = named?.capabilities ?? family.capabilities;
    const highlightedBenefits = describeCapabilities(capabilities);
    return [
      {
        family: family.family,
        name: named?.displayName ?? family.name,
        description: named?.displayDescription ?? family.description,
        highlightedBenefits,
        // A feature the benefits already say ('Marketplace' beside 'Marketplace access') is left out.
        features: filterBenefitLines(family.features).filter(
          (feature) => !highlightedBenefits.some((benefit) => benefit.toLowerCase().includes(feature.toLowerCase())),
        ),
        capabilities,
        tiers,
        isSalesLed,
      },
    ];
  });
}

/** The tier behind a price id, in either interval. */
export function findTierByPriceId(
  live: LivePricing | undefined,
  priceId: string | null | undefined,
): PlanOptionTier | null {
  if (!live || !priceId) return null;
  for (const entries of Object.values(live.plans)) {
    const entry = entries.find((candidate) => candidate.stripePriceId === priceId);
    const tier = entry ? findPlanTier(entry.tierCode) : undefined;
    if (entry && tier) {
      return {
        id: `${entry.tierCode}_${entry.billingInterval}`,
        family: tier.planFamily,
        tierCode: entry.tierCode,
        credits: entry.creditLimit || tier.creditLimit,
        interval: entry.billingInterval,
        priceCents: entry.priceCents,
        priceId,
      };
    }
  }
  return null;
}

/**
 * What the 'Upgrade to Unlock' dialog offers in a plan. Without a subscription: its first pack, to
 * subscribe. To a subscriber: the current plan as it is; in another plan its first pack that is an
 * upgrade of the current price (describePlanAction: it costs more, so it is billed now), else its
 * first pack marked below the current plan (a downgrade is scheduled from 'Manage your plan', never
 * taken at once).
 */
export function upgradeOfferOf(
  option: PlanOption,
  subscriber: { current: PlanActionCurrent; family: PlanFamily | null } | null,
): { tier: PlanOptionTier; kind: 'choose' | 'current' | 'below' } | null {
  const first = option.tiers[0];
  if (!first) return null;
  if (!subscriber) return { tier: first, kind: 'choose' };
  const { current } = subscriber;
  if (option.family === subscriber.family)
    return { tier: option.tiers.find((tier) => tier.priceId === current.priceId) ?? first, kind: 'current' };
  const upgrade = option.tiers.find(
    (tier) =>
      describePlanAction(current, { priceId: tier.priceId, unitAmount: tier.priceCents, creditLimit: tier.credits }) ===
      'upgrade',
  );
  return upgrade ? { tier: upgrade, kind: 'choose' } : { tier: first, kind: 'below' };
}

export function findFamily(family: string | null | undefined) {
  if (!family) return undefined;
  return planFamilies.find((entry) => entry.family === family);
}

export function familyName(family: string | null | undefined): string | null {
  return findFamily(family)?.name ?? null;
}
