import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPriceCatalogue, type PricingPlansReply } from '@agentry/core/billing';
import { createTestApp } from '../../test/create-test-app';
import { startFakeStripeServer, type FakeStripeServer } from '../../test/fake-stripe-server';
import { signIn } from '../../test/sign-in';

/**
 * Every price a visitor can be shown is the price charged: for each pricing variant (every plan
 * tier and interval, each landing promotion, each secret offer), the amount GET /api/pricing/plans
 * gives the web to display equals the amount on the local TEST MODE checkout page and the
 * amount_total of the Stripe Checkout Session (fake Stripe on loopback, real SDK).
 */

type Shown = {
  label: string;
  priceId: string;
  mode: 'subscription' | 'payment';
  shownCents: number;
  couponId?: string;
  promoCode?: string;
};

/** What the web displays, read from the route it displays from. */
function shownAmounts(pricing: PricingPlansReply): Shown[] {
  const rows: Shown[] = [];
  for (const [plan, entries] of Object.entries(pricing.plans)) {
    for (const entry of entries) {
      if (!entry.stripePriceId) continue;
      rows.push({
        label: `default ${plan} ${entry.tierCode} ${entry.billingInterval}`,
        priceId: entry.stripePriceId,
        mode: 'subscription',
        shownCents: entry.priceCents,
      });
    }
  }
  for (const promotion of pricing.promotions) {
    if (!promotion.stripePriceId) continue;
    rows.push({
      label: `promotional ${promotion.id}`,
      priceId: promotion.stripePriceId,
      mode: 'subscription',
      shownCents: promotion.amountDueCents,
      couponId: promotion.couponId,
    });
    rows.push({
      label: `promotional ${promotion.id} typed as a code`,
      priceId: promotion.stripePriceId,
      mode: 'subscription',
      shownCents: promotion.amountDueCents,
      promoCode: promotion.id.toUpperCase(),
    });
  }
  for (const offer of pricing.offers) {
    if (!offer.stripePriceId || !offer.key.startsWith('offer_')) continue;
    rows.push({
      label: `secret ${offer.key}`,
      priceId: offer.stripePriceId,
      mode: offer.mode,
      shownCents: offer.amountDueCents,
    });
  }
  return rows;
}

/** The documented displayed prices (docs/product/billing-and-credits.md#plans), which the rows above must carry. */
const expectedShown: Record<string, number> = {
  'default growth growth_3000 month': 7900,
  'default growth growth_3000 year': 56880,
  'default starter starter_500 year': 18000,
  'promotional growth69': 2449,
  'promotional growth75': 1975,
  'secret offer_starter': 1975,
  'secret offer_coaching': 99700,
  'secret offer_lifetime': 700000,
};

function checkExpectedShown(rows: Shown[]) {
  const byLabel = Object.fromEntries(rows.map((row) => [row.label, row.shownCents]));
  expect(byLabel).toMatchObject(expectedShown);
  // Every catalogue price for sale appears: 13 plan tiers x 2 intervals, 2 promotions (twice), 3 offers.
  expect(rows).toHaveLength(26 + 4 + 3);
}

async function signInMany(app: Awaited<ReturnType<typeof createTestApp>>['app'], prefix: string, count: number) {
  const cookies: string[] = [];
  for (let index = 0; index < count; index += 1)
    cookies.push((await signIn(app, `${prefix}-${index}@amounts.test`)).cookie);
  return cookies;
}

/** Checkout is rate limited per user: spread the rows over several signed-in users. */
const cookieFor = (cookies: string[], index: number) => cookies[Math.floor(index / 10)] ?? '';

describe('shown amount == charged amount, local TEST MODE provider', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('charges on the TEST MODE page exactly what GET /api/pricing/plans shows, for every variant, offer and promotion', async () => {
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json<PricingPlansReply>();
    const rows = shownAmounts(pricing);
    checkExpectedShown(rows);
    const cookies = await signInMany(harness.app, 'local', Math.ceil(rows.length / 10));
    const mismatches: string[] = [];
    for (const [index, row] of rows.entries()) {
      const checkout = await harness.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout',
        headers: { cookie: cookieFor(cookies, index) },
        payload: {
          priceId: row.priceId,
          mode: row.mode,
          ...(row.couponId ? { couponId: row.couponId } : {}),
          ...(row.promoCode ? { promoCode: row.promoCode } : {}),
        },
      });
      expect(checkout.statusCode, row.label).toBe(200);
      const page = await harness.app.inject({
        method: 'GET',
        url: new URL(checkout.json<{ url: string }>().url).pathname,
      });
      const charged = Number(/data-amount-cents="(\d+)"/.exec(page.body)?.[1]);
      if (charged !== row.shownCents) mismatches.push(`${row.label}: shown ${row.shownCents}, charged ${charged}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps the promotion through sign-in: the checkout callback charges the promotional amount', async () => {
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json<PricingPlansReply>();
    const promotion = pricing.promotions.find((entry) => entry.id === 'growth69');
    if (!promotion?.stripePriceId) throw new Error('growth69 is not for sale');
    const { cookie } = await signIn(harness.app, 'callback@amounts.test');
    const query = new URLSearchParams({
      priceId: promotion.stripePriceId,
      mode: 'subscription',
      couponId: promotion.couponId,
      returnUrl: '/?promo=growth69',
    });
    const callback = await harness.app.inject({
      method: 'GET',
      url: `/api/auth/callback/checkout?${query.toString()}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(302);
    const page = await harness.app.inject({ method: 'GET', url: new URL(String(callback.headers.location)).pathname });
    expect(page.body).toContain('data-amount-cents="2449"');
    expect(page.body).toContain('$24.49');
  });

  it('records the discounted invoices: 75% off two Growth months, then the full price', async () => {
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json<PricingPlansReply>();
    const promotion = pricing.promotions.find((entry) => entry.id === 'growth75');
    const { cookie } = await signIn(harness.app, 'invoices@amounts.test');
    const checkout = await harness.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout',
      headers: { cookie },
      payload: { priceId: promotion?.stripePriceId, mode: 'subscription', couponId: promotion?.couponId },
    });
    const pay = await harness.app.inject({
      method: 'POST',
      url: `${new URL(checkout.json<{ url: string }>().url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(pay.statusCode).toBe(303);
    for (const days of [32, 31]) {
      const advanced = await harness.app.inject({
        method: 'POST',
        url: '/api/billing/local/advance-clock',
        payload: { days },
      });
      expect(advanced.statusCode).toBe(200);
    }
    const me = (await harness.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{
      user: { id: string };
    }>();
    const { localBillingObject } = await import('../../platform/payments/local-billing.tables');
    const { and, eq } = await import('drizzle-orm');
    const rows = await harness.app.platform.database.db
      .select({ data: localBillingObject.data })
      .from(localBillingObject)
      .where(and(eq(localBillingObject.kind, 'invoice'), eq(localBillingObject.customerId, `cus_local_${me.user.id}`)))
      .orderBy(localBillingObject.createdAt);
    expect(rows.map((row) => [row.data.billingReason, row.data.amountPaid])).toEqual([
      ['subscription_create', 1975],
      ['subscription_cycle', 1975],
      ['subscription_cycle', 7900],
    ]);
  });

  it('refuses a coupon that is not one of our promotions, and a promotion on another plan', async () => {
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json<PricingPlansReply>();
    const scale = pricing.plans.scale?.find((entry) => entry.billingInterval === 'month');
    const { cookie } = await signIn(harness.app, 'refused@amounts.test');
    for (const payload of [
      { priceId: pricing.promotions[0]?.stripePriceId, couponId: 'RETENTION50' },
      { priceId: scale?.stripePriceId, couponId: 'promo_growth69' },
    ]) {
      const refused = await harness.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout',
        headers: { cookie },
        payload: { ...payload, mode: 'subscription' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'PROMOTION_NOT_APPLICABLE',
        message: 'This promotion does not apply to the selected plan.',
      });
    }
  });
});

describe('shown amount == charged amount, Stripe (fake Stripe server on loopback)', () => {
  let fake: FakeStripeServer;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  const stripePriceId = (key: string) => `price_${key}`;

  beforeAll(async () => {
    fake = await startFakeStripeServer({
      webhookSecret: 'whsec_amounts',
      prices: billingPriceCatalogue.map((price) => ({
        id: stripePriceId(price.key),
        unit_amount: price.amountCents,
        interval: price.mode === 'subscription' && price.interval !== 'lifetime' ? (price.interval ?? null) : null,
      })),
    });
    harness = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_amounts',
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_IDS: JSON.stringify(
        Object.fromEntries(billingPriceCatalogue.map((price) => [price.key, stripePriceId(price.key)])),
      ),
    });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  async function amountTotalOf(sessionId: string) {
    const response = await fetch(`${fake.url}/v1/checkout/sessions/${sessionId}`, {
      headers: { authorization: 'Bearer sk_test_fake' },
    });
    return (await response.json()) as { amount_total: number | null; discounts: { coupon: string }[] };
  }

  it('creates Checkout Sessions whose amount_total is what GET /api/pricing/plans shows, for every variant, offer and promotion', async () => {
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json<PricingPlansReply>();
    const rows = shownAmounts(pricing);
    checkExpectedShown(rows);
    const cookies = await signInMany(harness.app, 'stripe', Math.ceil(rows.length / 10));
    const mismatches: string[] = [];
    for (const [index, row] of rows.entries()) {
      const checkout = await harness.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout',
        headers: { cookie: cookieFor(cookies, index) },
        payload: {
          priceId: row.priceId,
          mode: row.mode,
          ...(row.couponId ? { couponId: row.couponId } : {}),
          ...(row.promoCode ? { promoCode: row.promoCode } : {}),
        },
      });
      expect(checkout.statusCode, row.label).toBe(200);
      const session = await amountTotalOf(checkout.json<{ sessionId: string }>().sessionId);
      if (session.amount_total !== row.shownCents)
        mismatches.push(`${row.label}: shown ${row.shownCents}, charged ${session.amount_total}`);
    }
    expect(mismatches).toEqual([]);
    // Coupons under stable ids, created once each however many checkouts used them.
    expect([...fake.coupons.keys()].sort()).toEqual([
      'offer_lifetime',
      'offer_starter',
      'promo_growth69',
      'promo_growth75',
    ]);
    expect(fake.coupons.get('promo_growth75')).toMatchObject({
      percent_off: 75,
      duration: 'repeating',
      duration_in_months: 2,
    });
    expect(fake.requests.filter((request) => request.path === '/v1/coupons' && request.method === 'POST')).toHaveLength(
      4,
    );
  });

  it('refuses to charge through a coupon that Stripe holds with another percentage', async () => {
    fake.coupons.set('promo_growth69', { ...fake.coupons.get('promo_growth69')!, percent_off: 50 });
    const other = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_amounts',
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_IDS: JSON.stringify({ growth_3000_month: stripePriceId('growth_3000_month') }),
    });
    try {
      const { cookie } = await signIn(other.app, 'mismatch@amounts.test');
      const sessionsBefore = fake.sessions.size;
      const checkout = await other.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout',
        headers: { cookie },
        payload: { priceId: stripePriceId('growth_3000_month'), mode: 'subscription', couponId: 'promo_growth69' },
      });
      expect(checkout.statusCode).toBe(500);
      expect(fake.sessions.size).toBe(sessionsBefore);
    } finally {
      await other.close();
    }
  });
});
