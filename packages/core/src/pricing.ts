import { secretOffers } from './plans';

/**
 * What a customer pays: one function (computeAmountDue) for the price the pricing screen shows
 * and the amount both payment providers charge. Discounts are percentages off a catalogue price,
 * rounded the way Stripe rounds a percent_off coupon (the discount to the nearest cent), so the
 * shown amount is the charged amount to the cent.
 */

export type DiscountDuration = 'once' | 'repeating' | 'forever';

export type PriceDiscount = {
  /** Stable id: the Stripe coupon id, created once under this id. */
  couponId: string;
  name: string;
  percentOff: number;
  duration: DiscountDuration;
  /** Billing periods a repeating discount lasts. */
  durationInMonths: number | null;
};

/** A promotion on the landing page (`/?promo=<id>`): a discount on one price. */
export type Promotion = {
  id: string;
  /** The catalogue price it discounts. */
  priceKey: string;
  discount: PriceDiscount;
  /** Completes '{n}% off …': 'the first month', 'for 2 months'. */
  periodNote: string;
};

/** Billing promotions: 69% off Growth's first month ($24.49), 75% off Growth for two months ($19.75). */
export const promotions: readonly Promotion[] = [
  {
    id: 'growth69',
    priceKey: 'growth_3000_month',
    discount: {
      couponId: 'promo_growth69',
      name: 'Growth 69% off the first month',
      percentOff: 69,
      duration: 'once',
      durationInMonths: null,
    },
    periodNote: 'the first month',
  },
  {
    id: 'growth75',
    priceKey: 'growth_3000_month',
    discount: {
      couponId: 'promo_growth75',
      name: 'Growth 75% off for 2 months',
      percentOff: 75,
      duration: 'repeating',
      durationInMonths: 2,
    },
    periodNote: 'for 2 months',
  },
];

/**
 * A promotion by its landing id ('growth69'), its code as typed ('GROWTH69') or its coupon id
 * ('promo_growth69'); undefined for anything else.
 */
export function findPromotion(idOrCode: string | null | undefined): Promotion | undefined {
  const wanted = idOrCode?.trim().toLowerCase();
  if (!wanted) return undefined;
  return promotions.find((promotion) => promotion.id === wanted || promotion.discount.couponId === wanted);
}

function offerDiscount(name: string, key: string, duration: DiscountDuration): PriceDiscount | null {
  const offer = secretOffers.find((entry) => entry.name === name);
  if (!offer || offer.discountDisplayMultiplier === null) return null;
  const percentOff = Math.round((1 - offer.discountDisplayMultiplier) * 100);
  return { couponId: key, name: `${offer.name} ${percentOff}% off`, percentOff, duration, durationInMonths: null };
}

/**
 * The secret offers' own discounts, applied without a code: the Starter offer at 21% off every
 * month ($25 -> $19.75), the lifetime deal at 25% off its one payment ($9,333.33 -> $7,000).
 */
export const offerDiscounts: Readonly<Record<string, PriceDiscount>> = Object.fromEntries(
  (
    [
      ['offer_starter', offerDiscount('Starter', 'offer_starter', 'forever')],
      ['offer_lifetime', offerDiscount('Mentoring + Lifetime', 'offer_lifetime', 'once')],
    ] as const
  ).flatMap(([key, discount]) => (discount ? [[key, discount] as const] : [])),
);

/** Whether a promotion may be used on a price. */
export function isPromotionFor(promotion: Promotion, priceKey: string): boolean {
  return promotion.priceKey === priceKey;
}

/** A percent off an amount in cents, the discount rounded to the nearest cent. */
export function applyPercentOff(amountCents: number, percentOff: number): number {
  return amountCents - Math.round((amountCents * percentOff) / 100);
}

export type AmountDue = {
  priceKey: string;
  /** The catalogue price before any discount (the struck-through anchor where it differs). */
  listCents: number;
  /** What the first payment charges: shown on the pricing screen and sent to the provider. */
  dueCents: number;
  discount: PriceDiscount | null;
};

/**
 * The amount due for a catalogue price (plan tier and interval, or offer) with an optional
 * promotion. The offer's own discount applies without a promotion; a promotion applies only to
 * its price (elsewhere it is ignored here; the server refuses it).
 */
export function computeAmountDue(options: {
  priceKey: string;
  listCents: number;
  promotion?: Promotion | null;
}): AmountDue {
  const promotion = options.promotion && isPromotionFor(options.promotion, options.priceKey) ? options.promotion : null;
  const discount = promotion?.discount ?? offerDiscounts[options.priceKey] ?? null;
  return {
    priceKey: options.priceKey,
    listCents: options.listCents,
    dueCents: discount ? applyPercentOff(options.listCents, discount.percentOff) : options.listCents,
    discount,
  };
}
