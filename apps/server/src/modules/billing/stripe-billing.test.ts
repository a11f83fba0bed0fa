import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, computeTimeFraction, monthsBetween, prorateUpgradeCredits } from '@agentry/core/billing';
import { createTestApp } from '../../test/create-test-app';
import {
  DECLINED_CARD,
  GOOD_CARD,
  startFakeStripeServer,
  type FakeEvent,
  type FakeStripeServer,
} from '../../test/fake-stripe-server';
import { signIn } from '../../test/sign-in';
import { creditLedger } from '../credits/credits.tables';
import { createBillingProvider } from '../../platform/payments/create-billing-provider';
import { billingPrice, billingSubscription, planCheckoutLock } from './billing.tables';
import { syncSubscription } from './sync-subscription';

const WEBHOOK_SECRET = 'whsec_test_secret';
const PRICE = {
  starter: 'price_starter_500_m',
  growth: 'price_growth_3000_m',
  growthPlus: 'price_growth_4500_m',
  scale: 'price_scale_10000_m',
  growthYear: 'price_growth_3000_y',
  scaleYear: 'price_scale_10000_y',
  pack: 'price_pack_1000',
  offer: 'price_offer_starter_m',
  lifetime: 'price_offer_lifetime',
};

describe('billing with Stripe (fake Stripe server on loopback)', () => {
  let fake: FakeStripeServer;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let userCount = 0;

  beforeAll(async () => {
    fake = await startFakeStripeServer({
      webhookSecret: WEBHOOK_SECRET,
      promotionCodes: { SAVE69: 'promo_save69' },
      prices: [
        { id: PRICE.starter, unit_amount: 2500, interval: 'month' },
        { id: PRICE.growth, unit_amount: 7900, interval: 'month' },
        { id: PRICE.growthPlus, unit_amount: 10900, interval: 'month' },
        { id: PRICE.scale, unit_amount: 29700, interval: 'month' },
        { id: PRICE.growthYear, unit_amount: 56880, interval: 'year' },
        { id: PRICE.scaleYear, unit_amount: 213840, interval: 'year' },
        { id: PRICE.pack, unit_amount: 1500, interval: null },
        { id: PRICE.offer, unit_amount: 1975, interval: 'month' },
        { id: PRICE.lifetime, unit_amount: 933333, interval: null },
      ],
    });
    harness = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_IDS: JSON.stringify({
        starter_500_month: PRICE.starter,
        growth_3000_month: PRICE.growth,
        growth_4500_month: PRICE.growthPlus,
        scale_10000_month: PRICE.scale,
        growth_3000_year: PRICE.growthYear,
        scale_10000_year: PRICE.scaleYear,
        pack_1000: PRICE.pack,
        offer_starter: PRICE.offer,
        offer_lifetime: PRICE.lifetime,
      }),
    });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  async function newCustomer() {
    userCount += 1;
    const email = `stripe-${userCount}@agency.test`;
    const { cookie } = await signIn(harness.app, email);
    const me = (await harness.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    return { cookie, userId: me.user.id as string, email };
  }

  async function deliver(event: FakeEvent) {
    const { payload, signature } = fake.signEvent(event);
    return harness.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  async function deliverAll() {
    for (const event of fake.takeEvents()) expect((await deliver(event)).statusCode).toBe(200);
  }

  async function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return harness.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  async function balanceOf(cookie: string) {
    return (await call(cookie, 'GET', '/api/openrouter/usage')).json().balance;
  }

  async function subscribe(cookie: string, priceId: string, completion: { backdateDays?: number } = {}) {
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId,
      mode: 'subscription',
      successUrl: '/success',
      cancelUrl: '/pricing',
    });
    expect(checkout.statusCode).toBe(200);
    const { sessionId } = checkout.json();
    const session = fake.completeCheckout(sessionId, completion);
    await deliverAll();
    return { sessionId, subscriptionId: session.subscription as string };
  }

  async function grantsOf(userId: string) {
    return harness.app.platform.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant')));
  }

  it('lists the configured Stripe price ids, and none for what is not configured', async () => {
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json();
    expect(pricing.plans.growth).toContainEqual({
      billingInterval: 'month',
      price: 79,
      priceCents: 7900,
      stripePriceId: PRICE.growth,
      tierCode: 'growth_3000',
      creditLimit: 3000,
    });
    expect(pricing.plans.growth).toContainEqual(
      expect.objectContaining({ billingInterval: 'year', price: 568.8, stripePriceId: PRICE.growthYear }),
    );
    expect(
      pricing.plans.scale.find((entry: { tierCode: string }) => entry.tierCode === 'scale_20000').stripePriceId,
    ).toBeNull();
    const catalogue = (await harness.app.inject({ method: 'GET', url: '/api/openrouter/plans' })).json();
    expect(catalogue.plans.growth[0]).toMatchObject({
      plan_code: 'growth',
      tier_code: 'growth_3000',
      stripe_price_id: PRICE.growth,
      stripe_price_id_live: null,
      credit_limit: 3000,
    });
  });

  it('subscribes through a checkout session and grants the period on the paid invoice', async () => {
    const { cookie, userId } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: PRICE.growth,
      mode: 'subscription',
      successUrl: '/success?returnUrl=%2Fusage',
      cancelUrl: '/pricing',
      promoCode: 'SAVE69',
    });
    expect(checkout.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const created = fake.requests.find(
      (request) => request.path === '/v1/checkout/sessions' && request.method === 'POST' && request.params.customer,
    );
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRICE.growth, quantity: '1' }],
      discounts: [{ promotion_code: 'promo_save69' }],
    });
    expect(String(created?.params.success_url)).toContain('session_id={CHECKOUT_SESSION_ID}');
    expect(created?.idempotencyKey).toMatch(/^checkout:/);

    fake.completeCheckout(checkout.json().sessionId);
    await deliverAll();
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: PRICE.growth,
      planCode: 'growth',
      tierCode: 'growth_3000',
      configuredLimit: 3000,
      planCreditsRemaining: 3000,
      totalCreditsRemaining: 3000,
      usageUsed: 0,
    });
    expect((await call(cookie, 'GET', '/api/billing/capabilities')).json()).toMatchObject({
      planFamily: 'growth',
      capabilities: { features: { marketplace: true } },
    });
    expect((await call(cookie, 'GET', '/stripe/subscription-details')).json()).toMatchObject({
      hasSubscription: true,
      priceId: PRICE.growth,
      subscription: { amount: 7900 },
    });
    expect(await grantsOf(userId)).toHaveLength(1);

    // The same plan again, another plan, and someone else's subscribed address.
    expect(
      (
        await call(cookie, 'POST', '/api/stripe/create-checkout', { priceId: PRICE.growth, mode: 'subscription' })
      ).json(),
    ).toMatchObject({ hasActiveSubscription: true, error: 'You already have an active subscription!' });
    expect(
      (
        await call(cookie, 'POST', '/api/stripe/create-checkout', { priceId: PRICE.scale, mode: 'subscription' })
      ).json(),
    ).toEqual({ useUpgradeFlow: true, newPriceId: PRICE.scale });
    const other = await newCustomer();
    const me = (await call(cookie, 'GET', '/api/me')).json();
    expect(
      (
        await call(other.cookie, 'POST', '/api/stripe/create-checkout', {
          priceId: PRICE.growth,
          mode: 'subscription',
          email: me.user.email,
        })
      ).json(),
    ).toMatchObject({
      shouldSignIn: true,
      error: 'This email already has an active subscription. Please sign in to manage it.',
    });
    expect((await call(cookie, 'POST', '/api/stripe/create-portal', { returnUrl: '/usage' })).json().url).toMatch(
      /^https:\/\/billing\.stripe\.test\//,
    );
  });

  it('grants once when webhooks arrive twice and out of order, and re-reads the subscription', async () => {
    const { cookie, userId } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: PRICE.growth,
      mode: 'subscription',
    });
    fake.completeCheckout(checkout.json().sessionId);
    const [completed, created, paid] = fake.takeEvents();
    if (!completed || !created || !paid) throw new Error('expected three events');
    expect([completed.type, created.type, paid.type]).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);

    // The invoice first, twice; then the rest, the first one again, and the same invoice under a new event id.
    expect((await deliver(paid)).json()).toMatchObject({ outcome: 'processed' });
    expect((await deliver(paid)).json()).toMatchObject({ outcome: 'duplicate' });
    await deliver(created);
    await deliver(completed);
    await deliver({ ...paid, id: `${paid.id}_again`, type: 'invoice.payment_succeeded' });
    expect(await grantsOf(userId)).toHaveLength(1);
    expect(await balanceOf(cookie)).toMatchObject({ planCreditsRemaining: 3000, currentPriceId: PRICE.growth });

    // A stale snapshot delivered late does not roll the plan back: we read Stripe, not the event.
    fake.subscriptions.get(String(created.object.id))!.item.price = PRICE.growthPlus;
    await deliver({ ...created, id: `${created.id}_late` });
    const [row] = await harness.app.platform.database.db
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, String(created.object.id)));
    expect(row?.priceId).toBe(PRICE.growthPlus);
    fake.subscriptions.get(String(created.object.id))!.item.price = PRICE.growth;

    const forged = await harness.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: JSON.stringify({ id: 'evt_x', type: 'invoice.paid', data: { object: { id: 'in_x' } } }),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('upgrades mid-period at the previewed proration date and grants the prorated credits once', async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.growth, { backdateDays: 15 });
    const preview = await call(cookie, 'POST', '/stripe/preview-upgrade', {
      newPriceId: PRICE.scale,
      renewCycle: true,
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    const subscription = fake.subscriptions.get(subscriptionId)!;
    const prorationSeconds = Math.floor(new Date(body.prorationDate).getTime() / 1000);
    const fraction = computeTimeFraction({
      periodStart: subscription.item.current_period_start * 1000,
      periodEnd: subscription.item.current_period_end * 1000,
      at: prorationSeconds * 1000,
    });
    expect(body).toMatchObject({
      proration: {
        currency: 'usd',
        creditAmount: Math.round(7900 * fraction),
        chargeAmount: Math.round(29700 * fraction),
        totalDueNow: Math.round(29700 * fraction) - Math.round(7900 * fraction),
      },
      billingCycleReset: false,
      currentPlan: { displayName: 'Growth', creditLimit: 3000 },
      targetPlan: { displayName: 'Scale', creditLimit: 10000 },
    });
    expect(body.proration.daysRemaining).toBeGreaterThanOrEqual(13);
    const previewRequest = fake.requests.find((request) => request.path === '/v1/invoices/create_preview');
    expect(previewRequest?.params).toMatchObject({
      subscription: subscriptionId,
      subscription_details: { proration_behavior: 'always_invoice', proration_date: String(prorationSeconds) },
    });

    const checkout = await call(cookie, 'POST', '/stripe/create-upgrade-checkout', {
      newPriceId: PRICE.scale,
      returnUrl: '/usage',
    });
    expect(checkout.json()).toMatchObject({ error: null });
    const setupSession = [...fake.sessions.values()].find(
      (session) => session.mode === 'setup' && session.customer === subscription.customer,
    );
    expect(setupSession?.success_url).toContain('upgrade_success=true&session_id={CHECKOUT_SESSION_ID}');
    fake.completeCheckout(setupSession!.id, { paymentMethod: GOOD_CARD });

    const finalized = await call(cookie, 'POST', '/stripe/finalize-upgrade', { sessionId: setupSession!.id });
    expect(finalized.json()).toMatchObject({
      success: true,
      status: 'upgraded',
      currentPlan: { displayName: 'Scale', creditLimit: 10000 },
    });
    const update = fake.requests.find(
      (request) =>
        request.path === `/v1/subscriptions/${subscriptionId}` && request.method === 'POST' && request.params.items,
    );
    expect(update?.params).toMatchObject({
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      proration_date: String(prorationSeconds),
    });
    // Stripe refuses default_payment_method in a pending update: the card is switched in its own call.
    expect(update?.params).not.toHaveProperty('default_payment_method');
    expect(fake.subscriptions.get(subscriptionId)?.default_payment_method).toBe(GOOD_CARD);
    expect(update?.idempotencyKey).toMatch(/^upgrade:/);

    const expected = prorateUpgradeCredits({
      currentCreditLimit: 3000,
      targetCreditLimit: 10000,
      timeFraction: fraction,
    });
    expect(expected).toBeGreaterThan(3000);
    expect(expected).toBeLessThan(4000);
    const afterUpgrade = await balanceOf(cookie);
    expect(afterUpgrade).toMatchObject({ currentPriceId: PRICE.scale, planCode: 'scale', configuredLimit: 10000 });
    expect(afterUpgrade.planCreditsRemaining).toBeCloseTo(3000 + expected, 3);
    expect(afterUpgrade.planCreditLimit).toBeCloseTo(3000 + expected, 3);

    // The webhooks of the same change, and a second finalize, add nothing.
    await deliverAll();
    const again = await call(cookie, 'POST', '/stripe/finalize-upgrade', { sessionId: setupSession!.id });
    expect(again.json()).toMatchObject({ success: true, status: 'upgraded' });
    expect(
      fake.requests.filter(
        (request) =>
          request.path === `/v1/subscriptions/${subscriptionId}` && request.method === 'POST' && request.params.items,
      ),
    ).toHaveLength(1);
    expect((await balanceOf(cookie)).planCreditsRemaining).toBeCloseTo(3000 + expected, 3);
    const prorations = await harness.app.platform.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'upgrade_proration')));
    expect(prorations).toHaveLength(1);
  });

  it('adds nothing for an upgrade invoice processed after the next period began: those credits had expired', async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.growth, { backdateDays: 15 });
    const { db } = harness.app.platform.database;
    const provider = createBillingProvider({ config: harness.app.platform.config, db, logger: harness.app.log });
    const subscription = await provider.retrieveSubscription(subscriptionId);
    // The upgrade is paid at Stripe (the customer's tab closed before finalize-upgrade ran) ...
    await provider.changePrice({
      customerId: subscription!.customerId,
      subscriptionId,
      itemId: subscription!.itemId!,
      newPriceId: PRICE.scale,
      prorationDate: new Date(),
      idempotencyKey: `late-upgrade:${subscriptionId}`,
      paymentMethodId: GOOD_CARD,
    });
    const upgradeEvents = fake.takeEvents();
    const upgradePaid = upgradeEvents.find((event) => event.type === 'invoice.paid');
    expect(upgradePaid).toBeDefined();
    // ... and its event reaches us only after the renewal's.
    fake.endPeriod(subscriptionId);
    await deliverAll();
    expect((await balanceOf(cookie)).planCreditsRemaining).toBe(10000);
    for (const event of upgradeEvents) expect((await deliver(event)).statusCode).toBe(200);

    expect((await balanceOf(cookie)).planCreditsRemaining).toBe(10000);
    const prorations = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'upgrade_proration')));
    expect(prorations).toEqual([]);
  });

  it('upgrades an annual plan with credits for the rest of the month it is in, the months after at the new allowance', async () => {
    const { cookie } = await newCustomer();
    // Day 59 of the year: the third month of the allowance is nine days old.
    const { subscriptionId } = await subscribe(cookie, PRICE.growthYear, { backdateDays: 59 });
    const preview = (
      await call(cookie, 'POST', '/stripe/preview-upgrade', { newPriceId: PRICE.scaleYear, renewCycle: true })
    ).json();
    const subscription = fake.subscriptions.get(subscriptionId)!;
    const periodStart = new Date(subscription.item.current_period_start * 1000);
    const at = new Date(preview.prorationDate);
    const month = monthsBetween(periodStart, at);
    const monthFraction = computeTimeFraction({
      periodStart: addMonths(periodStart, month),
      periodEnd: addMonths(periodStart, month + 1),
      at,
    });
    expect(month).toBe(1);
    const expected = prorateUpgradeCredits({
      currentCreditLimit: 3000,
      targetCreditLimit: 10000,
      timeFraction: monthFraction,
    });
    expect(expected).toBeLessThan(7000);
    await call(cookie, 'POST', '/stripe/create-upgrade-checkout', { newPriceId: PRICE.scaleYear, returnUrl: '/usage' });
    const setupSession = [...fake.sessions.values()].find(
      (session) => session.mode === 'setup' && session.customer === subscription.customer,
    );
    fake.completeCheckout(setupSession!.id, { paymentMethod: GOOD_CARD });
    const finalized = await call(cookie, 'POST', '/stripe/finalize-upgrade', { sessionId: setupSession!.id });
    expect(finalized.json()).toMatchObject({ success: true, status: 'upgraded' });
    await deliverAll();
    const balance = await balanceOf(cookie);
    expect(balance.planCreditsRemaining).toBeCloseTo(3000 + expected, 3);
  });

  it('never brings an ended subscription back from a read made before it ended', async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.starter);
    const { db } = harness.app.platform.database;
    // A newer handler wrote the end; this one read the provider a moment before it.
    await db.update(billingSubscription).set({ status: 'canceled' }).where(eq(billingSubscription.id, subscriptionId));
    const provider = createBillingProvider({ config: harness.app.platform.config, db, logger: harness.app.log });
    await syncSubscription({ db, provider, subscriptionId });
    const [row] = await db.select().from(billingSubscription).where(eq(billingSubscription.id, subscriptionId));
    expect(row?.status).toBe('canceled');
  });

  it('keeps the newer read when two syncs of a subscription cross: a slow handler does not undo a cancellation', async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.starter);
    const { db } = harness.app.platform.database;
    const provider = createBillingProvider({ config: harness.app.platform.config, db, logger: harness.app.log });
    // An event handler reads the subscription before the cancellation, and is slow to get its answer.
    const before = await provider.retrieveSubscription(subscriptionId);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slow = {
      ...provider,
      retrieveSubscription: async () => {
        await answered;
        return before;
      },
    };
    const stale = syncSubscription({ db, provider: slow, subscriptionId });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Meanwhile the customer cancels at the period end, and that read is written first.
    const canceled = await call(cookie, 'POST', '/stripe/cancel-subscription', { cancelAtPeriodEnd: true });
    expect(canceled.statusCode, canceled.body).toBe(200);
    answer();
    await stale;
    const [row] = await db.select().from(billingSubscription).where(eq(billingSubscription.id, subscriptionId));
    expect(row?.cancelAtPeriodEnd).toBe(true);
    expect((await balanceOf(cookie)).cancelAtPeriodEnd).toBe(true);
  });

  it('leaves the plan and the card unchanged when the upgrade payment fails', async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.growth, { backdateDays: 10 });
    const before = await balanceOf(cookie);
    await call(cookie, 'POST', '/stripe/create-upgrade-checkout', { newPriceId: PRICE.scale });
    const setupSession = [...fake.sessions.values()]
      .filter((session) => session.mode === 'setup' && session.status === 'open')
      .at(-1)!;
    fake.completeCheckout(setupSession.id, { paymentMethod: DECLINED_CARD });
    const finalized = await call(cookie, 'POST', '/stripe/finalize-upgrade', { sessionId: setupSession.id });
    expect(finalized.statusCode).toBe(402);
    expect(finalized.json().error).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Your card has insufficient funds. Please try a different payment method.',
      paymentErrorCode: 'insufficient_funds',
    });
    await deliverAll();
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: PRICE.growth,
      planCode: 'growth',
      planCreditsRemaining: before.planCreditsRemaining,
      planCreditLimit: 3000,
    });
    expect((await call(cookie, 'GET', '/api/billing/capabilities')).json().planFamily).toBe('growth');
    // The card that paid before stays the one that pays: the next renewal goes through.
    const subscription = fake.subscriptions.get(subscriptionId)!;
    expect(subscription.default_payment_method).toBe(GOOD_CARD);
    expect(subscription.item.price).toBe(PRICE.growth);
    expect(
      fake.requests
        .filter(
          (request) =>
            request.path === `/v1/subscriptions/${subscriptionId}` && request.method === 'POST' && request.params.items,
        )
        .every((request) => !('default_payment_method' in request.params)),
    ).toBe(true);
    fake.endPeriod(subscriptionId);
    const renewal = fake.takeEvents().find((event) => event.type.startsWith('invoice.'));
    expect(renewal?.type).toBe('invoice.paid');
  });

  it('refuses a paid invoice for a price it cannot find (500, retried by Stripe) and grants it once the price is back', async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.starter);
    const { db } = harness.app.platform.database;
    // The price id was rotated in the catalogue while this customer is still on the old one.
    const rotate = (from: string, to: string) =>
      db.update(billingPrice).set({ providerPriceId: to }).where(eq(billingPrice.providerPriceId, from));
    await rotate(PRICE.starter, 'price_starter_rotated');
    try {
      fake.endPeriod(subscriptionId);
      const events = fake.takeEvents();
      const paid = events.find((event) => event.type === 'invoice.paid')!;
      expect((await deliver(paid)).statusCode).toBe(500);
      expect(await grantsOf(userId)).toHaveLength(1);
      await rotate('price_starter_rotated', PRICE.starter);
      // Stripe's next delivery of the same event.
      expect((await deliver(paid)).statusCode).toBe(200);
      expect(await grantsOf(userId)).toHaveLength(2);
    } finally {
      await rotate('price_starter_rotated', PRICE.starter);
    }
  });

  it('schedules a downgrade for the period end, cancels it, and applies one at renewal', async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.scale);
    const periodEnd = new Date(fake.subscriptions.get(subscriptionId)!.item.current_period_end * 1000).toISOString();

    const scheduled = await call(cookie, 'POST', '/stripe/schedule-downgrade', { newPriceId: PRICE.growth });
    expect(scheduled.json()).toMatchObject({
      scheduledPlan: { displayName: 'Growth', creditLimit: 3000 },
      effectiveDate: periodEnd,
      error: null,
    });
    expect(scheduled.json().message).toMatch(/^Your plan will change to Growth on \w+ \d+, \d{4}\.$/);
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: PRICE.scale,
      scheduledPriceId: PRICE.growth,
      scheduledChangeDate: periodEnd,
    });

    const canceled = await call(cookie, 'POST', '/stripe/cancel-scheduled-downgrade', {});
    expect(canceled.json()).toMatchObject({
      currentPlan: { displayName: 'Scale' },
      message: 'You will remain on Scale.',
      error: null,
    });
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: PRICE.scale,
      scheduledPriceId: null,
      scheduledChangeDate: null,
    });
    expect(fake.requests.some((request) => request.path.endsWith('/release'))).toBe(true);

    await call(cookie, 'POST', '/stripe/schedule-downgrade', { newPriceId: PRICE.growth });
    await deliverAll();
    fake.endPeriod(subscriptionId);
    await deliverAll();
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: PRICE.growth,
      planCode: 'growth',
      planCreditsRemaining: 3000,
      planCreditLimit: 3000,
      scheduledPriceId: null,
    });
  });

  it('ends a scheduled downgrade when the plan is upgraded, so the paid upgrade is not undone at renewal', async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.growthPlus);
    await call(cookie, 'POST', '/stripe/schedule-downgrade', { newPriceId: PRICE.growth });
    expect(await balanceOf(cookie)).toMatchObject({ scheduledPriceId: PRICE.growth });

    const checkout = await call(cookie, 'POST', '/stripe/create-upgrade-checkout', {
      newPriceId: PRICE.scale,
      returnUrl: '/usage',
    });
    expect(checkout.json()).toMatchObject({ error: null });
    const customer = fake.subscriptions.get(subscriptionId)!.customer;
    const setupSession = [...fake.sessions.values()].find(
      (session) => session.mode === 'setup' && session.customer === customer,
    );
    fake.completeCheckout(setupSession!.id, { paymentMethod: GOOD_CARD });
    const finalized = await call(cookie, 'POST', '/stripe/finalize-upgrade', { sessionId: setupSession!.id });
    expect(finalized.json()).toMatchObject({ success: true, status: 'upgraded' });
    expect(await balanceOf(cookie)).toMatchObject({ currentPriceId: PRICE.scale, scheduledPriceId: null });

    await deliverAll();
    fake.endPeriod(subscriptionId);
    await deliverAll();
    expect(await balanceOf(cookie)).toMatchObject({ currentPriceId: PRICE.scale, planCode: 'scale' });
  });

  it('cancels at the period end, undoes it, and after the end resubscribes through a new checkout', async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await subscribe(cookie, PRICE.growth);
    const canceled = await call(cookie, 'POST', '/stripe/cancel-subscription', { cancelAtPeriodEnd: true });
    expect(canceled.json()).toMatchObject({ currentPlan: { displayName: 'Growth' }, error: null });
    expect(canceled.json().message).toMatch(/^Your subscription \(Growth\) will end on \w+ \d+, \d{4}\.$/);
    expect((await balanceOf(cookie)).cancelAtPeriodEnd).toBe(true);

    const resumed = await call(cookie, 'POST', '/stripe/resubscribe', {});
    expect(resumed.json()).toMatchObject({
      message: 'Your subscription will continue without interruption.',
      url: null,
    });
    expect((await balanceOf(cookie)).cancelAtPeriodEnd).toBe(false);

    await call(cookie, 'POST', '/stripe/cancel-subscription', { cancelAtPeriodEnd: true });
    await deliverAll();
    fake.endPeriod(subscriptionId);
    await deliverAll();
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: null,
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });
    expect((await call(cookie, 'GET', '/api/billing/capabilities')).json()).toMatchObject({
      planFamily: null,
      capabilities: { limits: { subaccounts: 1 } },
    });
    expect((await call(cookie, 'GET', '/stripe/subscription-details')).json()).toEqual({
      hasSubscription: false,
      subscription: null,
      priceId: null,
    });
    expect((await call(cookie, 'POST', '/stripe/cancel-subscription', {})).statusCode).toBe(409);

    const again = await call(cookie, 'POST', '/stripe/resubscribe', {});
    expect(again.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ mode: 'subscription', price: PRICE.growth });
    fake.completeCheckout(session.id);
    await deliverAll();
    expect(await balanceOf(cookie)).toMatchObject({ currentPriceId: PRICE.growth, subscriptionStatus: 'active' });
  });

  it('sells a bonus pack in payment mode, granted once however it is confirmed', async () => {
    const { cookie } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: PRICE.pack,
      mode: 'payment',
    });
    const { sessionId } = checkout.json();
    expect(fake.sessions.get(sessionId)).toMatchObject({
      mode: 'payment',
      price: PRICE.pack,
      allow_promotion_codes: true,
    });
    fake.completeCheckout(sessionId);
    await deliverAll();
    const synced = await call(cookie, 'POST', '/api/billing/sync-checkout', { sessionId });
    expect(synced.json().balance).toMatchObject({
      bonusCreditsRemaining: 1000,
      bonusCreditsGranted: 1000,
      planCreditsRemaining: 0,
    });
  });

  it("grants the Starter offer's bonus only once a delayed payment has gone through", async () => {
    const { cookie } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: PRICE.offer,
      mode: 'subscription',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { sessionId } = checkout.json();
    fake.completeCheckout(sessionId, { isPaymentDelayed: true });
    await deliverAll();
    expect((await call(cookie, 'POST', '/api/billing/sync-checkout', { sessionId })).json().balance).toMatchObject({
      bonusCreditsGranted: 0,
      planCreditsRemaining: 0,
    });
    fake.settleAsyncPayment(sessionId);
    await deliverAll();
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance).toMatchObject({
      bonusCreditsGranted: 1000,
      planCreditsRemaining: 500,
    });
  });

  describe('one plan per account', () => {
    const openCheckout = async (cookie: string, priceId: string) => {
      const response = await call(cookie, 'POST', '/api/stripe/create-checkout', { priceId, mode: 'subscription' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ sessionId?: string; hasActiveSubscription?: boolean; useUpgradeFlow?: boolean }>();
    };
    const openSessionsOf = (userId: string) =>
      [...fake.sessions.values()].filter((session) => session.metadata.userId === userId && session.status === 'open');
    const plansOf = (userId: string) =>
      harness.app.platform.database.db
        .select({ priceId: billingSubscription.priceId, status: billingSubscription.status })
        .from(billingSubscription)
        .where(eq(billingSubscription.userId, userId));

    it('closes the checkout page opened before, so two tabs cannot both be paid', async () => {
      const { cookie, userId } = await newCustomer();
      const first = await openCheckout(cookie, PRICE.growth);
      const second = await openCheckout(cookie, PRICE.scale);
      expect(fake.sessions.get(first.sessionId!)?.status).toBe('expired');
      expect(() => fake.completeCheckout(first.sessionId!)).toThrow(/not open/);
      fake.completeCheckout(second.sessionId!);
      await deliverAll();
      expect(await plansOf(userId)).toEqual([{ priceId: PRICE.scale, status: 'active' }]);
      // A double click is still one page: the same session comes back and stays open.
      const { cookie: other } = await newCustomer();
      const once = await openCheckout(other, PRICE.growth);
      const twice = await openCheckout(other, PRICE.growth);
      expect(twice.sessionId).toBe(once.sessionId);
      expect(fake.sessions.get(once.sessionId!)?.status).toBe('open');
    });

    it('counts a plan paid on another page before its event arrived: no second checkout', async () => {
      const { cookie, userId } = await newCustomer();
      const first = await openCheckout(cookie, PRICE.growth);
      fake.completeCheckout(first.sessionId!);
      // The webhook has not arrived yet.
      expect(await openCheckout(cookie, PRICE.scale)).toMatchObject({ useUpgradeFlow: true });
      expect(await openCheckout(cookie, PRICE.growth)).toMatchObject({
        hasActiveSubscription: true,
        error: 'You already have an active subscription!',
      });
      expect(openSessionsOf(userId)).toEqual([]);
      await deliverAll();
      expect(await plansOf(userId)).toEqual([{ priceId: PRICE.growth, status: 'active' }]);
    });

    it('refuses the new page when the one it closes was paid a moment before', async () => {
      const { cookie, userId } = await newCustomer();
      const first = await openCheckout(cookie, PRICE.growth);
      fake.payBeforeExpiring(first.sessionId!);
      const second = await openCheckout(cookie, PRICE.scale);
      expect(second).toMatchObject({ hasActiveSubscription: true, error: 'You already have an active subscription!' });
      expect(openSessionsOf(userId)).toEqual([]);
      await deliverAll();
      expect(await plansOf(userId)).toEqual([{ priceId: PRICE.growth, status: 'active' }]);
    });

    it('switching back to a plan within the minute opens a page that can be paid', async () => {
      const { cookie, userId } = await newCustomer();
      const growth = await openCheckout(cookie, PRICE.growth);
      await openCheckout(cookie, PRICE.scale);
      // The same request again: Stripe would replay the first, closed page for its idempotency key.
      const again = await openCheckout(cookie, PRICE.growth);
      expect(again.sessionId).not.toBe(growth.sessionId);
      expect(openSessionsOf(userId).map((session) => session.id)).toEqual([again.sessionId]);
      fake.completeCheckout(again.sessionId!);
      await deliverAll();
      expect(await plansOf(userId)).toEqual([{ priceId: PRICE.growth, status: 'active' }]);
    });

    it('opens one page when two tabs ask at the same moment, and refuses a plan while a payment is settling', async () => {
      const { cookie, userId } = await newCustomer();
      const [growth, scale] = await Promise.all([
        openCheckout(cookie, PRICE.growth),
        openCheckout(cookie, PRICE.scale),
      ]);
      expect(growth.sessionId).toEqual(expect.any(String));
      expect(scale.sessionId).toEqual(expect.any(String));
      const open = openSessionsOf(userId);
      expect(open).toHaveLength(1);
      // Paid by SEPA: the plan is on its way, so no other plan page opens meanwhile.
      fake.completeCheckout(open[0]!.id, { isPaymentDelayed: true });
      await deliverAll();
      expect(await openCheckout(cookie, PRICE.starter)).toMatchObject({
        hasActiveSubscription: true,
        error: 'You already have an active subscription!',
      });
      const lifetime = await call(cookie, 'POST', '/api/stripe/create-checkout', {
        priceId: PRICE.lifetime,
        mode: 'payment',
      });
      expect(lifetime.json()).toMatchObject({ hasActiveSubscription: true });
      expect(openSessionsOf(userId)).toEqual([]);
    });

    it('waits for a plan checkout another server instance is opening for the same account', async () => {
      const { cookie, userId } = await newCustomer();
      const { db } = harness.app.platform.database;
      // Another instance holds the account's plan checkout (its requests never pass through this process).
      await db
        .insert(planCheckoutLock)
        .values({ userId, holder: 'other-instance', until: new Date(Date.now() + 30_000) });
      const pending = openCheckout(cookie, PRICE.growth);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(openSessionsOf(userId)).toEqual([]);
      // The other instance is done: this one goes on, and leaves no lock behind.
      await db.delete(planCheckoutLock).where(eq(planCheckoutLock.userId, userId));
      expect((await pending).sessionId).toEqual(expect.any(String));
      expect(openSessionsOf(userId)).toHaveLength(1);
      expect(await db.select().from(planCheckoutLock).where(eq(planCheckoutLock.userId, userId))).toEqual([]);
      // A lock whose instance died runs out and is taken over.
      await db
        .insert(planCheckoutLock)
        .values({ userId, holder: 'dead-instance', until: new Date(Date.now() - 1_000) });
      expect((await openCheckout(cookie, PRICE.scale)).sessionId).toEqual(expect.any(String));
    });

    it('asks before a link from another site closes a checkout page the user has open', async () => {
      const { cookie, userId } = await newCustomer();
      const first = await openCheckout(cookie, PRICE.growth);
      const url = `/api/auth/callback/checkout?priceId=${PRICE.scale}&mode=subscription&returnUrl=%2Fusage`;
      const visit = (from: string, as = cookie) =>
        harness.app.inject({ method: 'GET', url, headers: { cookie: as, 'sec-fetch-site': from } });
      const foreign = await visit('cross-site');
      expect(foreign.statusCode).toBe(200);
      expect(foreign.headers['content-type']).toContain('text/html');
      expect(foreign.body).toContain('Continue to checkout');
      expect(foreign.body).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
      expect(foreign.body).toContain('href="/usage"');
      expect(fake.sessions.get(first.sessionId!)?.status).toBe('open');
      expect(openSessionsOf(userId)).toHaveLength(1);
      // The user's own click on 'Continue to checkout' (this site): the other page closes, this one opens.
      const own = await visit('same-origin');
      expect(own.statusCode).toBe(302);
      expect(fake.sessions.get(first.sessionId!)?.status).toBe('expired');
      expect(openSessionsOf(userId)).toHaveLength(1);
      // With no other page open, a link from another site (an e-mailed sign-in link) goes straight on.
      const { cookie: fresh, userId: freshId } = await newCustomer();
      expect((await visit('cross-site', fresh)).statusCode).toBe(302);
      expect(openSessionsOf(freshId)).toHaveLength(1);
    });

    it('counts a resubscription page as a plan page', async () => {
      const { cookie, userId } = await newCustomer();
      const { subscriptionId } = await subscribe(cookie, PRICE.growth);
      await call(cookie, 'POST', '/stripe/cancel-subscription', { cancelAtPeriodEnd: true });
      fake.endPeriod(subscriptionId);
      await deliverAll();
      const resubscribed = await call(cookie, 'POST', '/stripe/resubscribe', {});
      expect(resubscribed.json().url).toEqual(expect.any(String));
      const [page] = openSessionsOf(userId);
      expect(page?.metadata.kind).toBe('resubscribe');
      // Another tab: a plan checkout closes the resubscription page...
      const checkout = await openCheckout(cookie, PRICE.scale);
      expect(fake.sessions.get(page!.id)?.status).toBe('expired');
      // ...and a resubscription closes the plan checkout.
      const again = await call(cookie, 'POST', '/stripe/resubscribe', {});
      expect(again.json().url).toEqual(expect.any(String));
      expect(fake.sessions.get(checkout.sessionId!)?.status).toBe('expired');
      expect(openSessionsOf(userId)).toHaveLength(1);
    });

    it('refuses the lifetime deal to a subscriber and a subscription to a lifetime holder', async () => {
      const subscriber = await newCustomer();
      await subscribe(subscriber.cookie, PRICE.growth);
      const lifetime = await call(subscriber.cookie, 'POST', '/api/stripe/create-checkout', {
        priceId: PRICE.lifetime,
        mode: 'payment',
      });
      expect(lifetime.json()).toMatchObject({
        hasActiveSubscription: true,
        error: 'You already have an active subscription!',
      });
      expect(openSessionsOf(subscriber.userId)).toEqual([]);

      const holder = await newCustomer();
      const bought = await call(holder.cookie, 'POST', '/api/stripe/create-checkout', {
        priceId: PRICE.lifetime,
        mode: 'payment',
      });
      expect(bought.statusCode, bought.body).toBe(200);
      fake.completeCheckout(bought.json().sessionId);
      await deliverAll();
      expect(await openCheckout(holder.cookie, PRICE.scale)).toMatchObject({
        hasActiveSubscription: true,
        error: 'You already have an active subscription!',
      });
      expect(openSessionsOf(holder.userId)).toEqual([]);
      // A bonus pack is no plan: it is sold to both.
      const pack = await call(holder.cookie, 'POST', '/api/stripe/create-checkout', {
        priceId: PRICE.pack,
        mode: 'payment',
      });
      expect(pack.json().sessionId).toEqual(expect.any(String));
    });
  });

  it('answers 409 for plan changes without a subscription and 400 for a price we do not sell', async () => {
    const { cookie } = await newCustomer();
    const preview = await call(cookie, 'POST', '/stripe/preview-upgrade', { newPriceId: PRICE.scale });
    expect(preview.statusCode).toBe(409);
    expect(preview.json().error.message).toBe(
      'Active subscription not found. Please ensure your subscription is active before making changes.',
    );
    const unknown = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: 'price_nope',
      mode: 'subscription',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Invalid plan selection - missing price ID. Please try again.');
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/stripe/create-checkout',
          payload: { priceId: PRICE.growth },
        })
      ).statusCode,
    ).toBe(401);
  });
});
