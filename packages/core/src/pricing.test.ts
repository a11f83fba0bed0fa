import { describe, expect, it } from 'vitest';
import { findBillingPrice } from './billing';
import { applyPercentOff, computeAmountDue, findPromotion, offerDiscounts, promotions } from './pricing';

const listOf = (key: string) => findBillingPrice(key)?.amountCents ?? Number.NaN;

describe('computeAmountDue', () => {
  it('gives the promotion prices of the landing page: $24.49 and $19.75 against $79', () => {
    expect(
      computeAmountDue({
        priceKey: 'growth_3000_month',
        listCents: listOf('growth_3000_month'),
        promotion: findPromotion('growth69'),
      }),
    ).toMatchObject({ listCents: 7900, dueCents: 2449 });
    expect(
      computeAmountDue({
        priceKey: 'growth_3000_month',
        listCents: listOf('growth_3000_month'),
        promotion: findPromotion('GROWTH75'),
      }),
    ).toMatchObject({ listCents: 7900, dueCents: 1975 });
  });

  it('gives the secret offers their shown prices: Starter $19.75, coaching $997, Mentoring + Lifetime $7,000', () => {
    expect(computeAmountDue({ priceKey: 'offer_starter', listCents: listOf('offer_starter') })).toMatchObject({
      listCents: 2500,
      dueCents: 1975,
      discount: { percentOff: 21, duration: 'forever' },
    });
    expect(computeAmountDue({ priceKey: 'offer_coaching', listCents: listOf('offer_coaching') })).toMatchObject({
      dueCents: 99700,
      discount: null,
    });
    expect(computeAmountDue({ priceKey: 'offer_lifetime', listCents: listOf('offer_lifetime') })).toMatchObject({
      listCents: 933333,
      dueCents: 700000,
      discount: { percentOff: 25, duration: 'once' },
    });
  });

  it('charges the list price without a promotion, and ignores a promotion on another price', () => {
    expect(computeAmountDue({ priceKey: 'growth_3000_month', listCents: 7900 })).toMatchObject({
      dueCents: 7900,
      discount: null,
    });
    expect(
      computeAmountDue({ priceKey: 'scale_10000_month', listCents: 29700, promotion: findPromotion('growth69') }),
    ).toMatchObject({ dueCents: 29700, discount: null });
  });

  it('finds promotions by landing id, typed code or coupon id, and nothing else', () => {
    expect(findPromotion('growth69')?.discount.couponId).toBe('promo_growth69');
    expect(findPromotion(' Promo_Growth75 ')?.id).toBe('growth75');
    expect(findPromotion('RETENTION50')).toBeUndefined();
    expect(findPromotion('')).toBeUndefined();
  });

  it('rounds the discount to the cent as a percent_off coupon does', () => {
    expect(applyPercentOff(933333, 25)).toBe(700000);
    expect(applyPercentOff(7900, 69)).toBe(2449);
    expect(
      new Set([
        ...promotions.map((promotion) => promotion.discount.couponId),
        ...Object.values(offerDiscounts).map((discount) => discount.couponId),
      ]).size,
    ).toBe(4);
  });
});
