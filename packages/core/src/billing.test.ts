import { describe, expect, it } from 'vitest';
import {
  BillingBalance,
  USAGE_BACKOFF_SECONDS,
  USAGE_POLL_INTERVAL_MS,
  USAGE_VISIBILITY_REFETCH_DELAY_MS,
  billingPriceCatalogue,
  cancellationScheduledMessage,
  computeCreditMeter,
  computeAllowanceFraction,
  computeTimeFraction,
  monthsBetween,
  daysRemainingUntil,
  describeProration,
  downgradeCanceledMessage,
  downgradeScheduledMessage,
  findBillingPrice,
  formatBillingDate,
  formatMeterNumber,
  hasScheduledDowngrade,
  isDowngradeExceedingLimit,
  paymentErrorMessage,
  prorateUpgradeCredits,
  promoSuccessMessage,
  usageBackoffDelayMs,
} from './billing';

describe('proration of money', () => {
  it('divides minor units by 100, rounds days up and upper-cases the currency', () => {
    expect(
      describeProration({
        currency: 'eur',
        creditAmount: -1234,
        chargeAmount: 5678,
        totalDueNow: 4444,
        daysRemaining: 14.2,
      }),
    ).toEqual({
      currency: 'EUR',
      creditAmount: 12.34,
      chargeAmount: 56.78,
      totalDueNow: 44.44,
      daysRemaining: 15,
    });
  });

  it('defaults the currency to USD', () => {
    expect(describeProration({ creditAmount: 0, chargeAmount: 100, totalDueNow: 100, daysRemaining: 1 }).currency).toBe(
      'USD',
    );
    expect(
      describeProration({ currency: null, creditAmount: 0, chargeAmount: 100, totalDueNow: 100, daysRemaining: 0 })
        .currency,
    ).toBe('USD');
  });

  it('counts the days until the period end, rounded up, never below 0', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(daysRemainingUntil(new Date('2026-03-15T00:00:00Z'), now)).toBe(14);
    expect(daysRemainingUntil(new Date('2026-03-15T00:00:01Z'), now)).toBe(15);
    expect(daysRemainingUntil(new Date('2026-02-15T00:00:00Z'), now)).toBe(0);
  });
});

describe('proration of credits', () => {
  it('is the allowance difference times the remaining fraction of the period', () => {
    const periodStart = new Date('2026-03-01T00:00:00Z');
    const periodEnd = new Date('2026-03-31T00:00:00Z');
    const fraction = computeTimeFraction({ periodStart, periodEnd, at: new Date('2026-03-16T00:00:00Z') });
    expect(fraction).toBe(0.5);
    expect(prorateUpgradeCredits({ currentCreditLimit: 3000, targetCreditLimit: 10000, timeFraction: fraction })).toBe(
      3500,
    );
  });

  it('never grants the full new allowance mid-period, nor anything for a smaller plan', () => {
    expect(prorateUpgradeCredits({ currentCreditLimit: 3000, targetCreditLimit: 4500, timeFraction: 1 / 3 })).toBe(500);
    expect(prorateUpgradeCredits({ currentCreditLimit: 3000, targetCreditLimit: 500, timeFraction: 0.9 })).toBe(0);
    expect(prorateUpgradeCredits({ currentCreditLimit: 0, targetCreditLimit: 1000, timeFraction: 0.123_456_7 })).toBe(
      123.456,
    );
  });

  it('takes an annual plan by the month it is in, since its allowance is monthly', () => {
    const periodStart = new Date('2026-01-10T00:00:00Z');
    const periodEnd = new Date('2027-01-10T00:00:00Z');
    // Day 59 of the year: 2026-03-10 starts its third month, which ends 2026-04-10; the 20th is two thirds in.
    const at = new Date('2026-03-20T00:00:00Z');
    const fraction = computeAllowanceFraction({ periodStart, periodEnd, at, interval: 'year' });
    expect(fraction).toBeCloseTo(21 / 31, 10);
    expect(computeAllowanceFraction({ periodStart, periodEnd, at, interval: 'month' })).toBe(
      computeTimeFraction({ periodStart, periodEnd, at }),
    );
    // The month's start and the clamp at the period's end.
    expect(
      computeAllowanceFraction({ periodStart, periodEnd, at: new Date('2026-03-10T00:00:00Z'), interval: 'year' }),
    ).toBe(1);
    expect(computeAllowanceFraction({ periodStart, periodEnd, at: periodEnd, interval: 'year' })).toBe(0);
    // Months are counted as the monthly grants count them (a month after 31 January is 3 March).
    const lateStart = new Date('2026-01-31T00:00:00Z');
    expect(
      computeAllowanceFraction({
        periodStart: lateStart,
        periodEnd: new Date('2027-01-31T00:00:00Z'),
        at: new Date('2026-02-14T00:00:00Z'),
        interval: 'year',
      }),
    ).toBeCloseTo(17 / 31, 10);
  });

  it('counts a month as begun only once it has: a month after 31 January begins on 3 March', () => {
    const start = new Date('2027-01-31T00:00:00Z');
    expect(monthsBetween(start, new Date('2027-03-01T00:00:00Z'))).toBe(0);
    expect(monthsBetween(start, new Date('2027-03-03T00:00:00Z'))).toBe(1);
    expect(monthsBetween(start, new Date('2027-03-31T00:00:00Z'))).toBe(2);
    expect(monthsBetween(start, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('clamps the fraction to 0..1', () => {
    const periodStart = new Date('2026-03-01T00:00:00Z');
    const periodEnd = new Date('2026-03-31T00:00:00Z');
    expect(computeTimeFraction({ periodStart, periodEnd, at: new Date('2026-02-01T00:00:00Z') })).toBe(1);
    expect(computeTimeFraction({ periodStart, periodEnd, at: new Date('2026-04-01T00:00:00Z') })).toBe(0);
    expect(computeTimeFraction({ periodStart, periodEnd: periodStart, at: periodStart })).toBe(0);
  });
});

describe('credit meter', () => {
  it('shows used percent of the total limit and the remaining credits', () => {
    const meter = computeCreditMeter({
      usageUsed: 750,
      totalCreditLimit: 3000,
      totalCreditsRemaining: 2250,
      planCreditsRemaining: 2250,
      bonusCreditsRemaining: 0,
    });
    expect(meter).toMatchObject({
      usedPercent: 25,
      remaining: 2250,
      limit: 3000,
      planRemaining: 2250,
      bonusRemaining: 0,
      barWidthPercent: 25,
      isKnown: true,
    });
  });

  it('caps the used percent to 0-100', () => {
    expect(computeCreditMeter({ usageUsed: 5000, totalCreditLimit: 3000 }).usedPercent).toBe(100);
    expect(computeCreditMeter({ usageUsed: -5, totalCreditLimit: 3000 }).usedPercent).toBe(0);
  });

  it('falls back to limit minus used (floored at 0), plan remaining to creditsRemaining, bonus to total minus plan', () => {
    expect(computeCreditMeter({ usageUsed: 100, totalCreditLimit: 3000 }).remaining).toBe(2900);
    expect(computeCreditMeter({ usageUsed: 4000, totalCreditLimit: 3000 }).remaining).toBe(0);
    const meter = computeCreditMeter({
      usageUsed: 0,
      totalCreditLimit: 4000,
      totalCreditsRemaining: 4000,
      creditsRemaining: 3000,
    });
    expect(meter.planRemaining).toBe(3000);
    expect(meter.bonusRemaining).toBe(1000);
  });

  it('draws a 2 % bar when nothing is known', () => {
    expect(computeCreditMeter(null)).toMatchObject({ isKnown: false, usedPercent: null, barWidthPercent: 2 });
    expect(computeCreditMeter({ totalCreditLimit: 0, usageUsed: 0 }).barWidthPercent).toBe(2);
  });

  it('shows numbers with up to one decimal', () => {
    expect(formatMeterNumber(2250)).toBe('2,250');
    expect(formatMeterNumber(12.345)).toBe('12.3');
    expect(formatMeterNumber(0.05)).toBe('0.1');
    expect(computeCreditMeter({ usageUsed: 1, totalCreditLimit: 3 }).usedPercent).toBe(33.3);
  });
});

describe('plan action', () => {
  it('flags a downgrade below the credits already used, and a scheduled downgrade only with both fields', () => {
    expect(isDowngradeExceedingLimit({ usageUsed: 600, targetCreditLimit: 500 })).toBe(true);
    expect(isDowngradeExceedingLimit({ usageUsed: 500, targetCreditLimit: 500 })).toBe(false);
    expect(hasScheduledDowngrade({ scheduledPriceId: 'p', scheduledChangeDate: '2026-04-01T00:00:00.000Z' })).toBe(
      true,
    );
    expect(hasScheduledDowngrade({ scheduledPriceId: 'p', scheduledChangeDate: null })).toBe(false);
  });
});

describe('usage poller', () => {
  it('polls every 60 s, refetches 2 s after the tab becomes visible and backs off 15, 30, 60, 120, 300 s', () => {
    expect(USAGE_POLL_INTERVAL_MS).toBe(60_000);
    expect(USAGE_VISIBILITY_REFETCH_DELAY_MS).toBe(2000);
    expect(USAGE_BACKOFF_SECONDS).toEqual([15, 30, 60, 120, 300]);
    expect([1, 2, 3, 4, 5, 6, 20].map(usageBackoffDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 300_000, 300_000, 300_000,
    ]);
    expect(usageBackoffDelayMs(0)).toBe(15_000);
  });
});

describe('texts', () => {
  it('has the card error messages with a default', () => {
    expect(paymentErrorMessage('card_declined')).toBe(
      'Your card was declined. Please update your payment method and try again.',
    );
    expect(paymentErrorMessage('insufficient_funds')).toBe(
      'Your card has insufficient funds. Please try a different payment method.',
    );
    expect(paymentErrorMessage('payment_method_required')).toBe(
      'No payment method on file. Please add a payment method first.',
    );
    expect(paymentErrorMessage('authentication_required')).toBe(
      'Your bank requires authentication. Please try again and complete the verification.',
    );
    expect(paymentErrorMessage('expired_card')).toBe('Your card has expired. Please update your payment method.');
    expect(paymentErrorMessage('something_else')).toBe('Failed to process upgrade. Please try again.');
  });

  it('fills the plan change messages with their date fallbacks', () => {
    const date = '2026-04-01T00:00:00.000Z';
    expect(formatBillingDate(date)).toBe('April 1, 2026');
    expect(downgradeScheduledMessage('Starter', date)).toBe('Your plan will change to Starter on April 1, 2026.');
    expect(downgradeScheduledMessage('Starter', null)).toBe(
      'Your plan will change to Starter on the end of your current billing period.',
    );
    expect(downgradeCanceledMessage('Growth')).toBe('You will remain on Growth.');
    expect(cancellationScheduledMessage('Growth', date)).toBe('Your subscription (Growth) will end on April 1, 2026.');
    expect(cancellationScheduledMessage('Growth', null)).toBe(
      'Your subscription (Growth) will end on the close of the current billing period.',
    );
    expect(promoSuccessMessage(250)).toBe('Added 250 credits to your balance.');
    expect(promoSuccessMessage(null)).toBe('Bonus credits applied successfully.');
  });
});

describe('price catalogue', () => {
  it('has a monthly and an annual price for every tier, and the three offers', () => {
    expect(findBillingPrice('growth_3000_month')).toMatchObject({
      mode: 'subscription',
      amountCents: 7900,
      creditLimit: 3000,
      planFamily: 'growth',
      interval: 'month',
    });
    expect(findBillingPrice('growth_3000_year')).toMatchObject({
      amountCents: 56880,
      creditLimit: 3000,
      interval: 'year',
    });
    expect(findBillingPrice('scale_100000_year')).toMatchObject({ amountCents: 1_437_840 });
    expect(billingPriceCatalogue.filter((price) => price.kind === 'plan')).toHaveLength(26);
    expect(findBillingPrice('offer_starter')).toMatchObject({
      mode: 'subscription',
      amountCents: 2500,
      creditLimit: 500,
      bonusCredits: 1000,
      tierCode: 'starter_500',
    });
    expect(findBillingPrice('offer_coaching')).toMatchObject({ mode: 'payment', amountCents: 99700, creditLimit: 0 });
    expect(findBillingPrice('offer_lifetime')).toMatchObject({
      mode: 'payment',
      amountCents: 933333,
      creditLimit: 3000,
      interval: 'lifetime',
    });
  });

  it('parses a balance with its nullable fields', () => {
    expect(
      BillingBalance.safeParse({
        ...Object.fromEntries(Object.keys(BillingBalance.shape).map((key) => [key, null])),
        cancelAtPeriodEnd: false,
      }).success,
    ).toBe(true);
  });
});
