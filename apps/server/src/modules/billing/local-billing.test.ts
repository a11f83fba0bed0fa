import { and, eq } from 'drizzle-orm';
import {
  addMonths,
  PLAN_CHANGE_IS_DOWNGRADE_MESSAGE,
  PLAN_CHANGE_IS_UPGRADE_MESSAGE,
  PLAN_ENDING_MESSAGE,
} from '@agentry/core/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { PaymentDeclinedError } from '../../platform/payments/billing-provider';
import { createLocalBillingProvider } from '../../platform/payments/local-billing-provider';
import { user } from '../auth/auth.tables';
import { creditLedger } from '../credits/credits.tables';
import { grantPeriodCredits } from '../credits/grant-credits';
import { spendCredits } from '../credits/spend-credits';
import { billingSubscription } from './billing.tables';
import { grantMonthlyAllowances } from './grant-monthly-allowances';

const priceId = (key: string) => `price_local_${key}`;

describe('billing with the local provider (TEST MODE checkout page, adjustable clock)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let userCount = 0;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  async function newCustomer() {
    userCount += 1;
    const { cookie } = await signIn(harness.app, `local-${userCount}@agency.test`);
    const me = (await harness.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    return { cookie, userId: me.user.id as string, subaccountId: me.subaccounts[0].id as string };
  }

  async function call(cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    return harness.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  const balanceOf = async (cookie: string) => (await call(cookie, 'GET', '/api/openrouter/usage')).json().balance;

  /** What the browser does on the test page: submit the form. */
  async function submitCheckout(url: string, outcome: 'pay' | 'decline' = 'pay') {
    const path = new URL(url).pathname;
    return harness.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
  }

  async function subscribe(cookie: string, key: string) {
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: priceId(key),
      mode: 'subscription',
      successUrl: '/success?returnUrl=%2Fusage',
      cancelUrl: '/pricing',
    });
    expect(checkout.statusCode).toBe(200);
    const paid = await submitCheckout(checkout.json().url);
    expect(paid.statusCode).toBe(303);
    return paid;
  }

  const advanceDays = (days: number) =>
    harness.app.inject({ method: 'POST', url: '/api/billing/local/advance-clock', payload: { days } });

  it('serves the catalogue with local price ids', async () => {
    const catalogue = (await harness.app.inject({ method: 'GET', url: '/api/openrouter/plans' })).json();
    expect(Object.keys(catalogue.plans)).toEqual(['starter', 'growth', 'scale', 'enterprise']);
    expect(catalogue.plans.enterprise).toEqual([]);
    expect(catalogue.plans.scale).toHaveLength(10);
    expect(catalogue.plans.starter[0]).toMatchObject({
      plan_code: 'starter',
      plan_family: 'starter',
      tier_code: 'starter_500',
      stripe_price_id: priceId('starter_500_month'),
      stripe_price_id_live: null,
      credit_limit: 500,
      display_name: 'Starter',
      is_active: true,
      capabilities: { limits: { subaccounts: 1 } },
    });
    const pricing = (await harness.app.inject({ method: 'GET', url: '/api/pricing/plans' })).json();
    expect(pricing.plans.starter).toContainEqual({
      billingInterval: 'year',
      price: 180,
      priceCents: 18000,
      stripePriceId: priceId('starter_500_year'),
      tierCode: 'starter_500',
      creditLimit: 500,
    });
    expect(pricing.offers.map((offer: { name: string }) => offer.name)).toEqual([
      'Starter',
      'Zoom Coaching Call',
      'Mentoring + Lifetime',
    ]);
  });

  it('pays on the TEST MODE page, grants the plan, declines a test card and renews when the clock reaches the period end', async () => {
    const { cookie, userId } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: priceId('growth_3000_month'),
      mode: 'subscription',
      successUrl: '/success?returnUrl=%2Fusage',
      cancelUrl: '/pricing',
    });
    const { url } = checkout.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/billing\/local-checkout\/cs_local_/);

    const page = await harness.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('>Pay</button>');
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).toContain('Card declined');
    expect(page.body).toContain('$79');

    const declined = await submitCheckout(url, 'decline');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect((await balanceOf(cookie)).totalCreditsRemaining).toBe(0);

    const paid = await submitCheckout(url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^http:\/\/localhost:3000\/success\?returnUrl=%2Fusage&session_id=cs_local_/);
    expect(await balanceOf(cookie)).toMatchObject({
      currentPriceId: priceId('growth_3000_month'),
      planCode: 'growth',
      planCreditsRemaining: 3000,
      totalCreditLimit: 3000,
      usageUsed: 0,
    });
    // Paying again (a double click) changes nothing.
    expect((await submitCheckout(url)).statusCode).toBe(303);

    await spendCredits({
      db: harness.app.platform.database.db,
      billingUserId: userId,
      millicredits: 250_000,
      idempotencyKey: `chat:${userId}`,
      reason: 'test',
    });
    expect(await balanceOf(cookie)).toMatchObject({
      usageUsed: 250,
      planCreditsRemaining: 2750,
      totalCreditLimit: 3000,
    });

    const advanced = await advanceDays(32);
    expect(advanced.statusCode).toBe(200);
    expect(await balanceOf(cookie)).toMatchObject({
      planCreditsRemaining: 3000,
      usageUsed: 0,
      subscriptionStatus: 'active',
    });
    const grants = await harness.app.platform.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant')));
    expect(grants.map((grant) => grant.metadata?.billingReason)).toEqual(['subscription_create', 'subscription_cycle']);
  });

  it('upgrades through the local checkout with prorated credits, downgrades to Starter at renewal and locks the extra sub accounts', async () => {
    const { cookie, subaccountId } = await newCustomer();
    await subscribe(cookie, 'growth_3000_month');
    const second = await call(cookie, 'POST', '/api/subaccounts', { name: 'Client Two' });
    expect(second.statusCode).toBe(201);

    const preview = await call(cookie, 'POST', '/stripe/preview-upgrade', {
      newPriceId: priceId('scale_10000_month'),
      renewCycle: true,
    });
    expect(preview.json()).toMatchObject({
      billingCycleReset: false,
      currentPlan: { displayName: 'Growth' },
      targetPlan: { displayName: 'Scale', creditLimit: 10000 },
      proration: { currency: 'usd' },
    });
    const upgrade = await call(cookie, 'POST', '/stripe/create-upgrade-checkout', {
      newPriceId: priceId('scale_10000_month'),
      returnUrl: '/usage',
    });
    const page = await harness.app.inject({ method: 'GET', url: new URL(upgrade.json().url).pathname });
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Confirm your plan change');
    const confirmed = await submitCheckout(upgrade.json().url);
    const returnUrl = new URL(String(confirmed.headers.location));
    expect(returnUrl.pathname).toBe('/usage');
    expect(returnUrl.searchParams.get('upgrade_success')).toBe('true');
    const finalized = await call(cookie, 'POST', '/stripe/finalize-upgrade', {
      sessionId: returnUrl.searchParams.get('session_id'),
    });
    expect(finalized.json()).toMatchObject({
      success: true,
      status: 'upgraded',
      currentPlan: { displayName: 'Scale' },
    });
    const upgraded = await balanceOf(cookie);
    expect(upgraded.planCode).toBe('scale');
    // Upgraded at the start of the period: almost the whole 7,000 difference, never the full new allowance.
    expect(upgraded.planCreditsRemaining).toBeGreaterThan(9990);
    expect(upgraded.planCreditsRemaining).toBeLessThanOrEqual(10000);
    // The meter's limit is the plan's allowance (plus bonus), not what the prorated grant left.
    expect(upgraded.totalCreditLimit).toBe(10000);

    const scheduled = await call(cookie, 'POST', '/stripe/schedule-downgrade', {
      newPriceId: priceId('starter_500_month'),
    });
    expect(scheduled.json().scheduledPlan).toMatchObject({ displayName: 'Starter', creditLimit: 500 });
    expect((await call(cookie, 'GET', '/api/billing/subaccount-lock')).json().mustChoose).toBe(false);
    await advanceDays(32);
    expect(await balanceOf(cookie)).toMatchObject({
      planCode: 'starter',
      planCreditsRemaining: 500,
      scheduledPriceId: null,
    });

    const lock = (await call(cookie, 'GET', '/api/billing/subaccount-lock')).json();
    expect(lock).toMatchObject({ mustChoose: true, allowedActive: 1 });
    expect(lock.subaccounts.map((entry: { name: string }) => entry.name)).toEqual([
      expect.stringMatching(/'s agency$/),
      'Client Two',
    ]);
    expect(lock.subaccounts[0]).toEqual(
      expect.objectContaining({ id: subaccountId, logoUrl: null, agentCount: 0, isLocked: false }),
    );
    const kept = await call(cookie, 'POST', '/api/billing/subaccount-lock', { subaccountId });
    expect(kept.json()).toMatchObject({ mustChoose: false });
    const lockedId = second.json().id as string;
    const write = await call(cookie, 'PATCH', `/api/subaccounts/${lockedId}/theme`, { isDarkMode: false });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Pick a plan to use this feature',
      reason: 'subaccount_locked',
    });
    expect((await call(cookie, 'GET', `/api/subaccounts/${lockedId}/theme`)).statusCode).toBe(200);
    expect(
      (await call(cookie, 'PATCH', `/api/subaccounts/${subaccountId}/theme`, { isDarkMode: false })).statusCode,
    ).toBe(200);

    // An upgrade clears the lock.
    const again = await call(cookie, 'POST', '/stripe/create-upgrade-checkout', {
      newPriceId: priceId('growth_3000_month'),
    });
    const back = new URL(String((await submitCheckout(again.json().url)).headers.location));
    await call(cookie, 'POST', '/stripe/finalize-upgrade', { sessionId: back.searchParams.get('session_id') });
    expect((await call(cookie, 'PATCH', `/api/subaccounts/${lockedId}/theme`, { isDarkMode: false })).statusCode).toBe(
      200,
    );
  });

  it('changes to a cheaper plan only at renewal: the immediate path refuses it, and the scheduled one refuses a dearer plan', async () => {
    const { cookie } = await newCustomer();
    await subscribe(cookie, 'scale_10000_month');
    const before = await balanceOf(cookie);
    for (const path of ['/stripe/preview-upgrade', '/stripe/create-upgrade-checkout']) {
      const refused = await call(cookie, 'POST', path, {
        newPriceId: priceId('starter_500_month'),
        renewCycle: true,
        returnUrl: '/usage',
      });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().error.message).toBe(PLAN_CHANGE_IS_DOWNGRADE_MESSAGE);
    }
    const dearer = await call(cookie, 'POST', '/stripe/schedule-downgrade', {
      newPriceId: priceId('scale_20000_month'),
    });
    expect(dearer.statusCode).toBe(400);
    expect(dearer.json().error.message).toBe(PLAN_CHANGE_IS_UPGRADE_MESSAGE);
    expect(await balanceOf(cookie)).toMatchObject({
      planCode: 'scale',
      planCreditsRemaining: before.planCreditsRemaining,
      scheduledPriceId: null,
    });
    // The right way still works: scheduled for the renewal date.
    const scheduled = await call(cookie, 'POST', '/stripe/schedule-downgrade', {
      newPriceId: priceId('starter_500_month'),
    });
    expect(scheduled.statusCode).toBe(200);
  });

  it('keeps as many sub accounts active as the plan allows after a downgrade: the owner chooses them, at most that many', async () => {
    const { cookie, subaccountId } = await newCustomer();
    await subscribe(cookie, 'scale_10000_month');
    const created: string[] = [];
    for (let index = 2; index <= 7; index += 1) {
      const response = await call(cookie, 'POST', '/api/subaccounts', { name: `Client ${index}` });
      expect(response.statusCode).toBe(201);
      created.push(response.json().id as string);
    }
    await call(cookie, 'POST', '/stripe/schedule-downgrade', { newPriceId: priceId('growth_3000_month') });
    await advanceDays(32);
    expect((await call(cookie, 'GET', '/api/billing/subaccount-lock')).json()).toMatchObject({
      mustChoose: true,
      allowedActive: 5,
    });

    const tooMany = await call(cookie, 'POST', '/api/billing/subaccount-lock', {
      subaccountIds: [subaccountId, ...created.slice(0, 5)],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Your plan keeps 5 sub accounts active: choose at most 5.');

    const keep = [created[5]!, created[4]!, created[3]!, created[2]!, subaccountId];
    const chosen = await call(cookie, 'POST', '/api/billing/subaccount-lock', { subaccountIds: keep });
    expect(chosen.statusCode).toBe(200);
    const lock = chosen.json<{ mustChoose: boolean; subaccounts: { id: string; isLocked: boolean }[] }>();
    expect(lock.mustChoose).toBe(false);
    expect(
      lock.subaccounts
        .filter((entry) => !entry.isLocked)
        .map((entry) => entry.id)
        .sort(),
    ).toEqual([...keep].sort());
    expect(
      (await call(cookie, 'PATCH', `/api/subaccounts/${created[0]}/theme`, { isDarkMode: false })).statusCode,
    ).toBe(403);
    expect(
      (await call(cookie, 'PATCH', `/api/subaccounts/${created[5]}/theme`, { isDarkMode: false })).statusCode,
    ).toBe(200);
  });

  it('changes no plan that is cancelled and ending: resubscribe first (nothing is charged for a plan about to end)', async () => {
    const { cookie } = await newCustomer();
    await subscribe(cookie, 'growth_3000_month');
    await call(cookie, 'POST', '/stripe/cancel-subscription', { cancelAtPeriodEnd: true });
    for (const [path, target] of [
      ['/stripe/preview-upgrade', 'scale_10000_month'],
      ['/stripe/create-upgrade-checkout', 'scale_10000_month'],
      ['/stripe/schedule-downgrade', 'starter_500_month'],
    ] as const) {
      const refused = await call(cookie, 'POST', path, { newPriceId: priceId(target), renewCycle: true });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().error.message).toBe(PLAN_ENDING_MESSAGE);
    }
  });

  it('keeps the plan when the card saved for an upgrade is declined', async () => {
    const { cookie } = await newCustomer();
    await subscribe(cookie, 'growth_3000_month');
    const upgrade = await call(cookie, 'POST', '/stripe/create-upgrade-checkout', {
      newPriceId: priceId('scale_10000_month'),
    });
    const back = new URL(String((await submitCheckout(upgrade.json().url, 'decline')).headers.location));
    const finalized = await call(cookie, 'POST', '/stripe/finalize-upgrade', {
      sessionId: back.searchParams.get('session_id'),
    });
    expect(finalized.statusCode).toBe(402);
    expect(finalized.json().error).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Your card was declined. Please update your payment method and try again.',
      paymentErrorCode: 'card_declined',
    });
    expect(await balanceOf(cookie)).toMatchObject({ planCode: 'growth', planCreditsRemaining: 3000 });
    // The declined card was not kept: the old card pays the next renewal.
    await advanceDays(32);
    expect(await balanceOf(cookie)).toMatchObject({
      planCode: 'growth',
      subscriptionStatus: 'active',
      planCreditsRemaining: 3000,
    });
  });

  it('grants an annual plan monthly from the scheduled job', async () => {
    const { cookie, userId } = await newCustomer();
    await subscribe(cookie, 'growth_3000_year');
    expect(await balanceOf(cookie)).toMatchObject({ planCreditsRemaining: 3000, billingInterval: 'year' });
    await spendCredits({
      db: harness.app.platform.database.db,
      billingUserId: userId,
      millicredits: 1_000_000,
      idempotencyKey: `annual:${userId}`,
      reason: 'test',
    });
    await advanceDays(32);
    expect(await balanceOf(cookie)).toMatchObject({ planCreditsRemaining: 3000, usageUsed: 0 });
    await advanceDays(1);
    const grants = await harness.app.platform.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant')));
    expect(grants).toHaveLength(2);
  });

  it('grants an annual plan no month of a year whose invoice is unpaid, and catches up once it is paid', async () => {
    const { cookie, userId } = await newCustomer();
    await subscribe(cookie, 'growth_3000_year');
    const { db } = harness.app.platform.database;
    const [subscription] = await db.select().from(billingSubscription).where(eq(billingSubscription.userId, userId));
    // The renewal moved the period and its invoice failed: past due, the new year unpaid.
    const yearStart = addMonths(subscription!.currentPeriodStart, 12);
    await db
      .update(billingSubscription)
      .set({ status: 'past_due', currentPeriodStart: yearStart, currentPeriodEnd: addMonths(yearStart, 12) })
      .where(eq(billingSubscription.id, subscription!.id));
    const inMonth2 = new Date(addMonths(yearStart, 2).getTime() + 24 * 60 * 60 * 1000);
    const grantsOf = () =>
      db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant')));
    const before = (await grantsOf()).length;
    expect(await grantMonthlyAllowances({ db, now: inMonth2 })).toBe(0);
    expect(await grantsOf()).toHaveLength(before);
    // The renewal invoice is paid late (month 0 of the new year), then the job grants the month it is in.
    await grantPeriodCredits({
      db,
      billingUserId: userId,
      millicredits: 3_000_000,
      idempotencyKey: `invoice:late-renewal-${userId}`,
      reference: 'late-renewal',
      periodStartedAt: yearStart,
    });
    await db.update(billingSubscription).set({ status: 'active' }).where(eq(billingSubscription.id, subscription!.id));
    expect(await grantMonthlyAllowances({ db, now: inMonth2 })).toBe(1);
    expect(await grantsOf()).toHaveLength(before + 2);
  });

  it('cancels back to the free plan when the clock passes the end of a cancelled subscription', async () => {
    const { cookie } = await newCustomer();
    await subscribe(cookie, 'starter_500_month');
    await call(cookie, 'POST', '/stripe/cancel-subscription', { cancelAtPeriodEnd: true });
    await advanceDays(32);
    expect(await balanceOf(cookie)).toMatchObject({ currentPriceId: null, subscriptionStatus: 'canceled' });
    const resubscribe = await call(cookie, 'POST', '/stripe/resubscribe', {});
    expect(resubscribe.json().url).toContain('/api/billing/local-checkout/');
  });

  it('sells the secret offers: the Starter offer adds its 1,000 bonus credits once, the lifetime deal grants every month', async () => {
    const { cookie } = await newCustomer();
    const starter = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: priceId('offer_starter'),
      mode: 'subscription',
    });
    await submitCheckout(starter.json().url);
    expect(await balanceOf(cookie)).toMatchObject({
      planCode: 'starter',
      planCreditsRemaining: 500,
      bonusCreditsRemaining: 1000,
      bonusCreditsGranted: 1000,
    });

    // One plan per account: the lifetime deal is not sold next to a subscription.
    const refused = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: priceId('offer_lifetime'),
      mode: 'payment',
    });
    expect(refused.json()).toEqual({
      hasActiveSubscription: true,
      error: 'You already have an active subscription!',
    });

    const buyer = await newCustomer();
    const lifetime = await call(buyer.cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: priceId('offer_lifetime'),
      mode: 'payment',
    });
    expect((await submitCheckout(lifetime.json().url)).statusCode).toBe(303);
    expect((await call(buyer.cookie, 'GET', '/api/billing/capabilities')).json()).toMatchObject({
      planFamily: 'growth',
      capabilities: { features: { marketplace: true } },
    });
    expect((await balanceOf(buyer.cookie)).planCreditsRemaining).toBe(3000);
    await advanceDays(31);
    const grants = await harness.app.platform.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, buyer.userId), eq(creditLedger.kind, 'grant')));
    expect(
      grants
        .filter((grant) => String(grant.idempotencyKey).startsWith('monthly:lifetime_'))
        .map((grant) => Number(grant.metadata?.month))
        .sort((a, b) => a - b),
    ).toEqual([0, 1]);
  });

  it('closes the TEST MODE page opened in another tab, so only one plan can be paid', async () => {
    const { cookie } = await newCustomer();
    const open = (key: string) =>
      call(cookie, 'POST', '/api/stripe/create-checkout', { priceId: priceId(key), mode: 'subscription' });
    const first = (await open('growth_3000_month')).json<{ url: string }>();
    const second = (await open('scale_10000_month')).json<{ url: string }>();
    const page = await harness.app.inject({ method: 'GET', url: new URL(first.url).pathname });
    expect(page.body).toContain('This checkout page has expired. Start again from the pricing page.');
    expect(page.body).not.toContain('<form');
    // Paying on the first page anyway goes back to where the checkout started, and charges nothing.
    const late = await submitCheckout(first.url);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).not.toContain('/success');
    expect((await balanceOf(cookie)).planCreditsRemaining).toBe(0);
    // A double click is one page: the same session, still open.
    const twice = (await open('scale_10000_month')).json<{ url: string }>();
    expect(twice.url).toBe(second.url);
    await submitCheckout(second.url);
    expect(await balanceOf(cookie)).toMatchObject({ planCode: 'scale', planCreditsRemaining: 10000 });
  });

  it('starts a checkout from the sign-in callback, and reads a price', async () => {
    const query = `priceId=${priceId('scale_10000_month')}&mode=subscription&returnUrl=%2Fusage`;
    const visitor = await harness.app.inject({ method: 'GET', url: `/api/auth/callback/checkout?${query}` });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(
      `/api/auth/signin?callbackUrl=${encodeURIComponent(`/api/auth/callback/checkout?${query}`)}`,
    );
    const { cookie } = await newCustomer();
    const started = await call(cookie, 'GET', `/api/auth/callback/checkout?${query}`);
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toMatch(/\/api\/billing\/local-checkout\/cs_local_/);
    const price = await call(cookie, 'POST', '/stripe/get-price', { priceId: priceId('scale_10000_month') });
    expect(price.json()).toEqual({
      priceId: priceId('scale_10000_month'),
      unitAmount: 29700,
      currency: 'usd',
      interval: 'month',
    });
    expect((await call(cookie, 'POST', '/stripe/get-price', { priceId: 'price_unknown' })).statusCode).toBe(404);
  });

  it('refuses a second sub account on the free plan with 403, naming the plan', async () => {
    const { cookie } = await newCustomer();
    const refused = await call(cookie, 'POST', '/api/subaccounts', { name: 'Second' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Your Free plan includes 1 sub account. Upgrade your plan to add more.',
    });
  });
});

describe('the local provider on a public address', () => {
  it('offers no adjustable clock and takes no test payments', async () => {
    const harness = await createTestApp({
      PUBLIC_URL: 'https://app.agentry.example',
      AUTH_SECRET: 'a'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      const clock = await harness.app.inject({
        method: 'POST',
        url: '/api/billing/local/advance-clock',
        payload: { days: 1 },
      });
      expect(clock.statusCode).toBe(404);
      const refund = await harness.app.inject({
        method: 'POST',
        url: '/api/billing/local/charges/ch_local_any/refund',
        payload: {},
      });
      expect(refund.statusCode).toBe(404);
      const { db } = harness.app.platform.database;
      const [row] = await db
        .insert(user)
        .values({ id: 'public-user', name: 'Public', email: 'public@agency.test' })
        .returning();
      const provider = createLocalBillingProvider({
        db,
        publicUrl: 'https://app.agentry.example',
        isTestModeAllowed: false,
      });
      const customerId = await provider.createCustomer({
        userId: row!.id,
        email: row!.email,
        name: row!.name,
        idempotencyKey: 'customer',
      });
      const session = await provider.createCheckoutSession({
        mode: 'subscription',
        customerId,
        priceId: priceId('growth_3000_month'),
        successUrl: '/ok',
        cancelUrl: '/no',
        metadata: {},
        idempotencyKey: 'checkout',
      });
      await expect(provider.completeCheckout(session.id, 'pay')).rejects.toBeInstanceOf(PaymentDeclinedError);
      const page = await harness.app.inject({ method: 'GET', url: new URL(session.url).pathname });
      expect(page.body).toContain('Test payments are disabled');
      expect(page.body).not.toContain('>Pay</button>');
    } finally {
      await harness.close();
    }
  });
});
