import { describe, expect, it } from 'vitest';
import { livePricingReply } from '../test/billing-test-utils';
import { normalizeLivePricing } from '../api/pricing';
import { normalizeUsageLog } from '../api/usage';
import { buildDefaultPlans, buildSecretOffers, defaultCheckoutMode, secretOfferDisplayCents } from './pricing-plans';
import { buildPlanOptions, filterBenefitLines } from './plan-options';
import { aggregateUsageLogs, buildUsageChartData } from './usage-series';
import { secretOffers } from '@agentry/core/plans';

describe('pricing model', () => {
  it("defaults checkout to subscription when the first plan is named 'Monthly', else payment", () => {
    expect(defaultCheckoutMode([{ name: 'Monthly' }, { name: 'Yearly' }])).toBe('subscription');
    expect(defaultCheckoutMode([{ name: 'Starter' }])).toBe('payment');
    expect(defaultCheckoutMode([])).toBe('payment');
  });

  it('displays Starter x 0.79 and the lifetime deal x 0.75', () => {
    expect(secretOffers.map(secretOfferDisplayCents)).toEqual([1975, 99700, 700000]);
  });

  it('takes the price ids from the live data, by lowercase plan name, tier and interval', () => {
    const live = normalizeLivePricing(livePricingReply());
    const growth = buildDefaultPlans(live).find((plan) => plan.key === 'growth');
    expect(growth?.monthly?.priceId).toBe('price_local_growth_3000_month');
    expect(growth?.yearly?.creditPacks.map((pack) => pack.priceId)).toEqual([
      'price_local_growth_3000_year',
      'price_local_growth_4500_year',
      'price_local_growth_6500_year',
      'price_local_growth_9000_year',
    ]);
    expect(buildDefaultPlans(undefined).find((plan) => plan.key === 'growth')?.monthly?.priceId).toBeNull();
    expect(buildSecretOffers(live).map((offer) => offer.monthly?.priceId)).toEqual([
      'price_local_offer_starter',
      'price_local_offer_coaching',
      'price_local_offer_lifetime',
    ]);
  });

  it('leaves credit lines out of the plain benefits', () => {
    expect(
      filterBenefitLines(['3,000 credits per month', '5 sub accounts', 'Unused credits roll over', 'Marketplace']),
    ).toEqual(['5 sub accounts', 'Marketplace']);
  });

  it('offers no plans when nothing is on sale', () => {
    expect(buildPlanOptions({ live: { plans: {}, offers: [], promotions: [] }, interval: 'month' })).toEqual([]);
    expect(
      buildPlanOptions({ live: normalizeLivePricing(livePricingReply()), interval: 'year' }).map(
        (option) => option.name,
      ),
    ).toEqual(['Starter', 'Growth', 'Scale', 'Enterprise']);
  });
});

describe('usage data', () => {
  it("reads a log entry's timestamp or date, model default 'unknown', cost else 0", () => {
    expect(normalizeUsageLog({ date: '2026-11-01T00:00:00Z', cost: '3', usage_total: 12 })).toEqual({
      timestamp: '2026-11-01T00:00:00Z',
      model: 'unknown',
      cost: 0,
      usageTotal: 12,
    });
    expect(normalizeUsageLog(null)).toEqual({ timestamp: null, model: 'unknown', cost: 0, usageTotal: null });
  });

  it('groups credits by day and model for the chart', () => {
    const byDay = aggregateUsageLogs([
      { timestamp: '2026-11-02T10:00:00Z', model: 'a', cost: 1.5, usageTotal: 1 },
      { timestamp: '2026-11-02T11:00:00Z', model: 'a', cost: 0.5, usageTotal: 1 },
      { timestamp: '2026-11-01T11:00:00Z', model: 'b', cost: 2, usageTotal: 1 },
      { timestamp: null, model: 'c', cost: 9, usageTotal: 1 },
    ]);
    expect(buildUsageChartData(byDay)).toEqual({
      rows: [
        { date: '2026-11-01', b: 2 },
        { date: '2026-11-02', a: 2 },
      ],
      models: ['a', 'b'],
      total: 4,
      maxDayTotal: 2,
    });
  });
});
