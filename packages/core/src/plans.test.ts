import { describe, it, expect } from 'vitest';
import {
  ANNUAL_DISCOUNT_BADGE,
  CREDIT_TIER_BONUS,
  CatalogueTier,
  PlanCatalogueReply,
  describePlanAction,
  familyCapabilities,
  findPlanTier,
  formatCredits,
  formatMoney,
  freeCapabilities,
  getPlanFamily,
  legacyPlans,
  listCreditPacks,
  normalizeCatalogueTier,
  planCardLabel,
  planChangeCardLabel,
  planFamilies,
  resolvePlanCapabilities,
  secretOffers,
  yearlyMonthlyDisplay,
} from './plans';

function packsOf(family: Parameters<typeof getPlanFamily>[0]) {
  return getPlanFamily(family).tiers.map((tier) => [tier.creditLimit, tier.monthlyPriceCents / 100]);
}

describe('plan catalogue', () => {
  it('lists the four families in order with Growth featured', () => {
    expect(planFamilies.map((plan) => plan.name)).toEqual(['Starter', 'Growth', 'Scale', 'Enterprise']);
    expect(planFamilies.filter((plan) => plan.isFeatured).map((plan) => plan.family)).toEqual(['growth']);
  });

  it('has the documented credit packs', () => {
    expect(packsOf('starter')).toEqual([
      [500, 25],
      [1000, 35],
      [1500, 45],
      [2000, 55],
    ]);
    expect(packsOf('growth')).toEqual([
      [3000, 79],
      [4500, 109],
      [6500, 149],
      [9000, 199],
    ]);
    expect(packsOf('scale')).toEqual([
      [10000, 297],
      [20000, 497],
      [35000, 797],
      [60000, 1297],
      [100000, 1997],
    ]);
    expect(getPlanFamily('enterprise').tiers).toEqual([]);
    expect(getPlanFamily('enterprise').customPriceLabel).toBe('$2,000+');
  });

  it('has the documented annual prices and list references', () => {
    expect(getPlanFamily('starter').tiers.map((tier) => tier.annualPriceCents)).toEqual([18000, 25200, 32400, 39600]);
    const [growth] = getPlanFamily('growth').tiers;
    const [scale] = getPlanFamily('scale').tiers;
    expect([growth?.annualPriceCents, growth?.annualListPriceCents]).toEqual([56880, 94800]);
    expect([scale?.annualPriceCents, scale?.annualListPriceCents]).toEqual([213840, 356400]);
    expect(getPlanFamily('starter').tiers[0]?.annualListPriceCents).toBe(30000);
  });

  it('marks the smallest pack as default and finds tiers by code', () => {
    expect(getPlanFamily('scale').tiers.map((tier) => tier.isDefault)).toEqual([true, false, false, false, false]);
    expect(findPlanTier('growth_4500')).toMatchObject({
      planFamily: 'growth',
      creditLimit: 4500,
      monthlyPriceCents: 10900,
    });
    expect(findPlanTier('growth_1')).toBeUndefined();
  });

  it('has the documented feature lists', () => {
    expect(getPlanFamily('starter').features).toEqual([
      'Unlimited agents',
      '1 sub account',
      'Basic support',
      'Basic demos',
    ]);
    expect(getPlanFamily('growth').features).toEqual(['5 sub accounts', 'Advanced demos', 'Marketplace']);
    expect(getPlanFamily('scale').features).toEqual([
      'Unlimited sub accounts',
      'White label sub accounts',
      'Whitelabel demos',
    ]);
    expect(getPlanFamily('enterprise').features).toEqual([
      'Bulk credit deals',
      'Priority support',
      'Whiteglove onboarding',
    ]);
  });

  it('lists credit packs with per-credit prices from $0.05 down to about $0.02', () => {
    const starter = listCreditPacks('starter', 'month');
    expect(starter[0]).toMatchObject({
      credits: 500,
      priceCents: 2500,
      pricePerCredit: 0.05,
      savings: 0,
      label: '500 credits',
      isDefault: true,
    });
    expect(starter[1]).toMatchObject({ label: '1k credits', pricePerCredit: 0.035, savings: 30 });
    expect(listCreditPacks('scale', 'month').at(-1)).toMatchObject({ label: '100k credits', pricePerCredit: 0.02 });
    expect(listCreditPacks('starter', 'year').map((pack) => pack.priceCents)).toEqual([18000, 25200, 32400, 39600]);
  });

  it('has the legacy plans and secret offers', () => {
    expect(legacyPlans).toEqual([
      { name: 'Starter Legacy', monthlyPriceCents: 2500, annualPriceCents: 18000 },
      { name: 'Unlimited Legacy', monthlyPriceCents: 7900, annualPriceCents: 46200 },
    ]);
    expect(
      secretOffers.map((offer) => [offer.name, offer.priceCents, offer.anchorPriceCents, offer.secretModalButtonText]),
    ).toEqual([
      ['Starter', 2500, 2500, 'Get Started'],
      ['Zoom Coaching Call', 99700, 200000, 'Book Coaching'],
      ['Mentoring + Lifetime', 933333, 3000000, 'Claim Lifetime'],
    ]);
    expect(secretOffers[0]).toMatchObject({
      credits: 500,
      bonusCredits: 1000,
      discountPercent: 21,
      discountDisplayMultiplier: 0.79,
    });
    expect(secretOffers[2]).toMatchObject({ mode: 'payment', monthlyCredits: 3000, discountDisplayMultiplier: 0.75 });
  });

  it('has the constants', () => {
    expect(ANNUAL_DISCOUNT_BADGE).toBe('-40%');
    expect(CREDIT_TIER_BONUS).toBe(1000);
  });
});

describe('capabilities', () => {
  it('free: 1 sub account, 1 connection per type, 1 agent, basic demos only', () => {
    expect(freeCapabilities).toEqual({
      limits: { subaccounts: 1, connections_per_type: 1, agents_per_subaccount: 1 },
      demos: { basic: true, advanced: false, whitelabel: false },
      features: {
        marketplace: false,
        whitelabel_subaccounts: false,
        whitelabel_branding: false,
        priority_support: false,
      },
    });
  });

  it('grows by family', () => {
    expect(familyCapabilities.starter.limits).toEqual({
      subaccounts: 1,
      connections_per_type: null,
      agents_per_subaccount: null,
    });
    expect(familyCapabilities.growth.limits.subaccounts).toBe(5);
    expect(familyCapabilities.growth.demos.advanced).toBe(true);
    expect(familyCapabilities.growth.features.marketplace).toBe(true);
    expect(familyCapabilities.starter.features.marketplace).toBe(false);
    expect(familyCapabilities.scale.limits.subaccounts).toBeNull();
    expect(familyCapabilities.scale.demos.whitelabel).toBe(true);
    expect(familyCapabilities.scale.features.whitelabel_subaccounts).toBe(true);
    expect(familyCapabilities.scale.features.priority_support).toBe(false);
    expect(familyCapabilities.enterprise.features.priority_support).toBe(true);
  });

  it('fills missing values from the default set', () => {
    expect(resolvePlanCapabilities({ limits: { subaccounts: null }, features: { marketplace: true } })).toEqual({
      ...freeCapabilities,
      limits: { ...freeCapabilities.limits, subaccounts: null },
      features: { ...freeCapabilities.features, marketplace: true },
    });
    expect(resolvePlanCapabilities(undefined)).toEqual(freeCapabilities);
  });
});

describe('catalogue response', () => {
  const wire = {
    plan_code: 'growth',
    tier_code: 'growth_3000',
    stripe_price_id: 'price_test',
    stripe_price_id_live: 'price_live',
    display_name: 'Growth',
    display_description: null,
    display_order: 2,
  };

  it('applies the documented defaults', () => {
    const tier = CatalogueTier.parse(wire);
    expect(normalizeCatalogueTier(tier)).toEqual({
      planCode: 'growth',
      planFamily: 'growth',
      tierCode: 'growth_3000',
      stripePriceId: 'price_live',
      creditLimit: 0,
      displayName: 'Growth',
      displayDescription: null,
      displayOrder: 2,
      isActive: true,
      capabilities: freeCapabilities,
    });
  });

  it('keeps explicit values and uses the ordinary price without a live one', () => {
    const tier = CatalogueTier.parse({
      ...wire,
      plan_family: 'growth',
      stripe_price_id_live: null,
      is_active: false,
      credit_limit: 3000,
    });
    expect(normalizeCatalogueTier(tier)).toMatchObject({
      stripePriceId: 'price_test',
      isActive: false,
      creditLimit: 3000,
    });
  });

  it('parses the reply keyed by family', () => {
    expect(PlanCatalogueReply.safeParse({ plans: { growth: [wire] } }).success).toBe(true);
    expect(PlanCatalogueReply.safeParse({ plans: { growth: [{ ...wire, tier_code: 1 }] } }).success).toBe(false);
  });
});

describe('formatting', () => {
  it.each([
    [500, '500'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [4500, '4.5k'],
    [100000, '100k'],
  ])('formatCredits(%i) = %s', (credits, text) => {
    expect(formatCredits(credits)).toBe(text);
  });

  it('divides a yearly total by 12 to 2 decimals', () => {
    expect(yearlyMonthlyDisplay(56880)).toBe('47.40');
    expect(yearlyMonthlyDisplay(18000)).toBe('15.00');
    expect(yearlyMonthlyDisplay(213840)).toBe('178.20');
  });

  it('formats money', () => {
    expect(formatMoney(2500)).toBe('$25');
    expect(formatMoney(56880)).toBe('$568.80');
    expect(formatMoney(933333)).toBe('$9,333.33');
    expect(formatMoney(1000, 'eur')).toBe('€10');
  });
});

describe('describePlanAction', () => {
  const current = { priceId: 'price_a', unitAmount: 7900, configuredLimit: 3000 };

  it('is none without a target or for the same price', () => {
    expect(describePlanAction(current, null)).toBe('none');
    expect(describePlanAction(current, { priceId: 'price_a', unitAmount: 9999, creditLimit: 1 })).toBe('none');
  });

  it('compares unit amounts: higher upgrades, lower or equal downgrades', () => {
    expect(describePlanAction(current, { priceId: 'b', unitAmount: 10900, creditLimit: 1 })).toBe('upgrade');
    expect(describePlanAction(current, { priceId: 'b', unitAmount: 2500, creditLimit: 99999 })).toBe('downgrade');
    expect(describePlanAction(current, { priceId: 'b', unitAmount: 7900, creditLimit: 99999 })).toBe('downgrade');
  });

  it('falls back to credit limits against the configured limit when the current price is unknown', () => {
    const unknown = { priceId: 'price_a', unitAmount: null, configuredLimit: 3000 };
    expect(describePlanAction(unknown, { priceId: 'b', unitAmount: 100, creditLimit: 4500 })).toBe('upgrade');
    expect(describePlanAction(unknown, { priceId: 'b', unitAmount: 99999, creditLimit: 3000 })).toBe('downgrade');
  });
});

describe('planCardLabel', () => {
  it('labels by credit limit', () => {
    expect(planCardLabel(3000, 4500)).toBe('Upgrade');
    expect(planCardLabel(3000, 500)).toBe('Downgrade');
    expect(planCardLabel(3000, 3000)).toBe('Switch Plan');
  });
});

describe('planChangeCardLabel: the card says what the change does', () => {
  const annualGrowth = { priceId: 'growth_year', unitAmount: 56880, configuredLimit: 3000 };

  it('annual Growth to monthly Scale is billed at renewal (lower price): not an "Upgrade"', () => {
    const label = planChangeCardLabel(annualGrowth, { priceId: 'scale_month', unitAmount: 29700, creditLimit: 10000 });
    expect(label).toEqual({ action: 'downgrade', label: 'Switch Plan', timing: 'at-renewal' });
  });

  it('more credits at a higher price is an Upgrade, now', () => {
    expect(
      planChangeCardLabel(
        { priceId: 'growth_month', unitAmount: 7900, configuredLimit: 3000 },
        { priceId: 'scale_month', unitAmount: 29700, creditLimit: 10000 },
      ),
    ).toEqual({ action: 'upgrade', label: 'Upgrade', timing: 'now' });
  });

  it('fewer credits at a lower price is a Downgrade at renewal', () => {
    expect(planChangeCardLabel(annualGrowth, { priceId: 'starter_year', unitAmount: 18000, creditLimit: 500 })).toEqual(
      { action: 'downgrade', label: 'Downgrade', timing: 'at-renewal' },
    );
  });

  it('the same allowance billed yearly instead of monthly is a switch, now', () => {
    expect(
      planChangeCardLabel(
        { priceId: 'growth_month', unitAmount: 7900, configuredLimit: 3000 },
        { priceId: 'growth_year', unitAmount: 56880, creditLimit: 3000 },
      ),
    ).toEqual({ action: 'upgrade', label: 'Switch Plan', timing: 'now' });
  });

  it('falls back to the credit limits when the prices are unknown', () => {
    expect(planChangeCardLabel({ configuredLimit: 3000 }, { priceId: 'scale_month', creditLimit: 10000 })).toEqual({
      action: 'upgrade',
      label: 'Upgrade',
      timing: 'now',
    });
  });
});
