import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { createBillingProvider } from '../../platform/payments/create-billing-provider';
import { GOOD_CARD, startFakeStripeServer, type FakeEvent, type FakeStripeServer } from '../../test/fake-stripe-server';
import { signIn } from '../../test/sign-in';
import { creditLedger } from '../credits/credits.tables';
import { getCreditBalance } from '../credits/get-credit-balance';
import { reserveCredits } from '../credits/reserve-credits';
import { spendCredits } from '../credits/spend-credits';
import { billingSubscription } from './billing.tables';
import { grantMonthlyAllowances } from './grant-monthly-allowances';
import { reverseChargeCredits } from './reverse-charge-credits';

const WEBHOOK_SECRET = 'whsec_refund_secret';
const PRICE = {
  growth: 'price_growth_3000_m',
  scale: 'price_scale_10000_m',
  pack: 'price_pack_1000',
  offer: 'price_offer_starter_m',
  lifetime: 'price_offer_lifetime',
};
const DAY_MS = 24 * 60 * 60 * 1000;

describe('refunds and disputes with Stripe (fake Stripe server on loopback)', () => {
  let fake: FakeStripeServer;
  let stripe: Stripe;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let userCount = 0;

  beforeAll(async () => {
    fake = await startFakeStripeServer({
      webhookSecret: WEBHOOK_SECRET,
      prices: [
        { id: PRICE.growth, unit_amount: 7900, interval: 'month' },
        { id: PRICE.scale, unit_amount: 29700, interval: 'month' },
        { id: PRICE.pack, unit_amount: 1500, interval: null },
        { id: PRICE.offer, unit_amount: 1975, interval: 'month' },
        { id: PRICE.lifetime, unit_amount: 933333, interval: null },
      ],
    });
    const base = new URL(fake.url);
    // The operator's side: refunds are made with Stripe's own API (dashboard or SDK).
    stripe = new Stripe('sk_test_fake', { host: base.hostname, port: Number(base.port), protocol: 'http' });
    harness = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_IDS: JSON.stringify({
        growth_3000_month: PRICE.growth,
        scale_10000_month: PRICE.scale,
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

  const db = () => harness.app.platform.database.db;

  async function newCustomer() {
    userCount += 1;
    const { cookie } = await signIn(harness.app, `refund-${userCount}@agency.test`);
    const me = (await harness.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    return { cookie, userId: me.user.id as string };
  }

  async function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return harness.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  async function deliver(event: FakeEvent) {
    const { payload, signature } = fake.signEvent(event);
    const reply = await harness.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ outcome: string }>();
  }

  async function deliverAll() {
    const events = fake.takeEvents();
    for (const event of events) await deliver(event);
    return events;
  }

  /** Pays a checkout (a plan, the offer, a pack or the lifetime deal) and delivers its events. */
  async function buy(cookie: string, priceId: string, mode: 'subscription' | 'payment') {
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', { priceId, mode });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { sessionId } = checkout.json<{ sessionId: string }>();
    const session = fake.completeCheckout(sessionId);
    await deliverAll();
    const invoiceId = session.subscription ? fake.subscriptions.get(session.subscription)?.latest_invoice : null;
    const chargeId = invoiceId ? fake.chargeOf({ invoiceId }) : fake.chargeOf({ sessionId });
    return { sessionId, subscriptionId: session.subscription, invoiceId, chargeId };
  }

  /** The app's own provider, as the webhook handler uses it. */
  const providerOf = () =>
    createBillingProvider({ config: harness.app.platform.config, db: db(), logger: harness.app.log });

  const lifetimeStatusOf = async (sessionId: string) => {
    const [row] = await db()
      .select({ status: billingSubscription.status })
      .from(billingSubscription)
      .where(eq(billingSubscription.id, `lifetime_${sessionId}`));
    return row?.status;
  };

  const balanceOf = (userId: string) => getCreditBalance({ db: db(), billingUserId: userId });

  const reversalsOf = (userId: string) =>
    db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'refund')));

  const disputeEntriesOf = (userId: string) =>
    db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'dispute')));

  it('takes back the credits of a credit pack refunded in full, once however often the event arrives', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.pack, 'payment');
    expect((await balanceOf(userId)).bonusMillicredits).toBe(1_000_000);

    await stripe.refunds.create({ charge: chargeId });
    const events = fake.takeEvents();
    const refunded = events.find((event) => event.type === 'charge.refunded');
    expect(refunded?.object).toMatchObject({ id: chargeId, object: 'charge', amount: 1500, amount_refunded: 1500 });
    for (const event of events) await deliver(event);

    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 0, bonusMillicredits: 0, debtMillicredits: 0 });
    expect(await reversalsOf(userId)).toMatchObject([
      { kind: 'refund', planDelta: 0, bonusDelta: -1_000_000, reference: chargeId },
    ]);
    // The same event again, the same change under another event id, and two deliveries racing.
    expect(await deliver(refunded!)).toMatchObject({ outcome: 'duplicate' });
    await deliver({ ...refunded!, id: `${refunded!.id}_again` });
    await Promise.all([
      deliver({ ...refunded!, id: `${refunded!.id}_race_1` }),
      deliver({ ...refunded!, id: `${refunded!.id}_race_2` }),
    ]);
    expect(await reversalsOf(userId)).toHaveLength(1);
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);
  });

  it('gives the credits back when the refund fails, and takes them again when a new refund goes through', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.pack, 'payment');
    const { id: refundId } = await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);

    // The cardholder's card was closed: the money came back to us.
    fake.failRefund(refundId);
    const events = fake.takeEvents();
    expect(events.map((event) => event.type)).toEqual(['charge.refund.updated', 'refund.updated', 'refund.failed']);
    for (const event of events) await deliver(event);
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 0, bonusMillicredits: 1_000_000 });
    expect(await reversalsOf(userId)).toMatchObject([
      { kind: 'refund', bonusDelta: -1_000_000 },
      { kind: 'refund', bonusDelta: 1_000_000, metadata: { step: 'refund_failed', refundFailedCents: 1500 } },
    ]);
    // The refund's own event read again, and the older charge.refunded delivered late: nothing moves.
    await deliver({ ...events[0]!, id: `${events[0]!.id}_again` });
    expect((await balanceOf(userId)).bonusMillicredits).toBe(1_000_000);

    // The operator refunds again, to another card: taken once more.
    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);
    expect(await reversalsOf(userId)).toHaveLength(3);
  });

  it('brings back a lifetime deal whose full refund failed, and its monthly grants go on', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId, sessionId } = await buy(cookie, PRICE.lifetime, 'payment');
    const { id: refundId } = await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect(await lifetimeStatusOf(sessionId)).toBe('canceled');

    fake.failRefund(refundId);
    await deliverAll();
    expect(await lifetimeStatusOf(sessionId)).toBe('active');
    expect((await balanceOf(userId)).planMillicredits).toBe(3_000_000);
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance.currentPriceId).not.toBeNull();
  });

  it('takes the refunded share of a partial refund, and a second refund only the difference', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.pack, 'payment');

    await stripe.refunds.create({ charge: chargeId, amount: 500 });
    const first = (await deliverAll()).find((event) => event.type === 'charge.refunded');
    // A third of $15.00: a third of the 1,000 credits, to the millicredit.
    expect((await balanceOf(userId)).bonusMillicredits).toBe(1_000_000 - 333_333);

    await stripe.refunds.create({ charge: chargeId, amount: 700 });
    await deliverAll();
    // $12.00 of $15.00 refunded in all: 800 credits taken, the second entry only the difference.
    expect((await balanceOf(userId)).bonusMillicredits).toBe(200_000);
    expect((await reversalsOf(userId)).map((entry) => entry.bonusDelta).sort((a, b) => a - b)).toEqual([
      -466_667, -333_333,
    ]);
    // The first refund's event delivered late re-reads the charge: nothing more is taken.
    await deliver({ ...first!, id: `${first!.id}_late` });
    expect((await balanceOf(userId)).bonusMillicredits).toBe(200_000);
    expect(await reversalsOf(userId)).toHaveLength(2);
  });

  it('records credits already spent as owed when refunded, and billed calls stop until a grant covers it', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.pack, 'payment');
    await spendCredits({
      db: db(),
      billingUserId: userId,
      millicredits: 800_000,
      idempotencyKey: `spent:${userId}`,
      reason: 'test',
    });

    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({
      bonusMillicredits: -800_000,
      totalMillicredits: -800_000,
      debtMillicredits: 800_000,
    });
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance.totalCreditsRemaining).toBe(-800);
    await expect(
      reserveCredits({ db: db(), billingUserId: userId, millicredits: 1, reference: 'chat:after-refund' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });

  it('takes the whole payment back on a dispute, gives it back when the dispute is won, keeps it when lost', async () => {
    const winner = await newCustomer();
    const won = await buy(winner.cookie, PRICE.pack, 'payment');
    // A fifth refunded first: the dispute takes the rest.
    await stripe.refunds.create({ charge: won.chargeId, amount: 300 });
    await deliverAll();
    expect((await balanceOf(winner.userId)).bonusMillicredits).toBe(800_000);

    const disputeId = fake.openDispute(won.chargeId);
    const opened = fake.takeEvents();
    expect(opened.map((event) => event.type)).toContain('charge.dispute.created');
    for (const event of opened) await deliver(event);
    expect((await balanceOf(winner.userId)).bonusMillicredits).toBe(0);
    expect(await disputeEntriesOf(winner.userId)).toMatchObject([{ bonusDelta: -800_000, reference: won.chargeId }]);

    fake.closeDispute(disputeId, 'won');
    const closed = fake.takeEvents();
    expect(closed.map((event) => event.type)).toContain('charge.dispute.closed');
    for (const event of closed) await deliver(event);
    expect((await balanceOf(winner.userId)).bonusMillicredits).toBe(800_000);
    // The dispute's creation delivered again after it was won reads it won: nothing is taken again.
    for (const event of opened) await deliver({ ...event, id: `${event.id}_late` });
    expect((await balanceOf(winner.userId)).bonusMillicredits).toBe(800_000);
    expect(await reversalsOf(winner.userId)).toHaveLength(1);

    const loser = await newCustomer();
    const lost = await buy(loser.cookie, PRICE.pack, 'payment');
    const lostDispute = fake.openDispute(lost.chargeId);
    await deliverAll();
    expect((await balanceOf(loser.userId)).bonusMillicredits).toBe(0);
    fake.closeDispute(lostDispute, 'lost');
    await deliverAll();
    expect((await balanceOf(loser.userId)).bonusMillicredits).toBe(0);
    expect(await disputeEntriesOf(loser.userId)).toHaveLength(1);
  });

  it("takes back a refunded subscription invoice's period credits, and the next paid period pays what is owed", async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId, subscriptionId } = await buy(cookie, PRICE.growth, 'subscription');
    await spendCredits({
      db: db(),
      billingUserId: userId,
      millicredits: 500_000,
      idempotencyKey: `spent:${userId}`,
      reason: 'test',
    });

    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    // 3,000 taken: the 2,500 left in the plan bucket, and the 500 already spent are owed.
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 0, bonusMillicredits: -500_000 });
    expect(await reversalsOf(userId)).toMatchObject([{ planDelta: -2_500_000, bonusDelta: -500_000 }]);
    // The subscription itself is left to Stripe's subscription events.
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance.currentPriceId).toBe(PRICE.growth);

    fake.endPeriod(subscriptionId!);
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 2_500_000, bonusMillicredits: 0 });
  });

  it('takes back only what was used of a period that is over: its unused credits already expired', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId, subscriptionId } = await buy(cookie, PRICE.growth, 'subscription');
    await spendCredits({
      db: db(),
      billingUserId: userId,
      millicredits: 1_000_000,
      idempotencyKey: `spent:${userId}`,
      reason: 'test',
    });
    fake.endPeriod(subscriptionId!);
    await deliverAll();
    expect((await balanceOf(userId)).planMillicredits).toBe(3_000_000);

    // The first month's 3,000: 2,000 expired unused at the renewal, 1,000 were used.
    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 2_000_000, bonusMillicredits: 0 });
  });

  it("takes back both the plan credits and the bonus of the Starter offer's refunded first payment", async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.offer, 'subscription');
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 500_000, bonusMillicredits: 1_000_000 });
    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 0, bonusMillicredits: 0 });
  });

  it('stops the monthly grants of a refunded lifetime deal and takes back what it granted', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId, sessionId } = await buy(cookie, PRICE.lifetime, 'payment');
    expect((await balanceOf(userId)).planMillicredits).toBe(3_000_000);

    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect((await balanceOf(userId)).planMillicredits).toBe(0);
    const [row] = await db()
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, `lifetime_${sessionId}`));
    expect(row?.status).toBe('canceled');
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance.currentPriceId).toBeNull();

    await grantMonthlyAllowances({ db: db(), now: new Date(Date.now() + 40 * DAY_MS) });
    expect((await balanceOf(userId)).planMillicredits).toBe(0);
  });

  it('grants a payment first when its refund is handled before its checkout, then takes it back', async () => {
    const { cookie, userId } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: PRICE.pack,
      mode: 'payment',
    });
    const { sessionId } = checkout.json<{ sessionId: string }>();
    fake.completeCheckout(sessionId);
    const paymentEvents = fake.takeEvents();
    await stripe.refunds.create({ charge: fake.chargeOf({ sessionId }) });
    await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);
    for (const event of paymentEvents) await deliver(event);
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);
  });
  it('keeps a payment refunded in full during an inquiry taken back when the inquiry closes', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.pack, 'payment');
    const inquiryId = fake.openDispute(chargeId, { isInquiry: true });
    const opened = await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);

    // Stripe lets the merchant refund a charge while its inquiry is open.
    await stripe.refunds.create({ charge: chargeId });
    const refunded = await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);

    // The bank asks no further (Stripe's warning_closed, read as won): the refund still stands.
    fake.closeDispute(inquiryId, 'warning_closed');
    const closed = await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 0, bonusMillicredits: 0, debtMillicredits: 0 });
    // Every event again, late and in another order: nothing moves.
    for (const event of [...closed, ...refunded, ...opened].reverse())
      await deliver({ ...event, id: `${event.id}_late` });
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);

    // The refund made during the inquiry fails afterwards: the money stayed with us, the credits come back.
    const [refundId] = fake.refundsOf(chargeId);
    fake.failRefund(refundId!);
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({
      planMillicredits: 0,
      bonusMillicredits: 1_000_000,
      debtMillicredits: 0,
    });
  });

  it('gives back, when an inquiry closes, only what a refund made during it does not cover', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId } = await buy(cookie, PRICE.pack, 'payment');
    const inquiryId = fake.openDispute(chargeId, { isInquiry: true });
    await deliverAll();
    await stripe.refunds.create({ charge: chargeId, amount: 500 });
    await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);

    fake.closeDispute(inquiryId, 'warning_closed');
    await deliverAll();
    // A third of $15.00 refunded: a third of the 1,000 credits stays taken.
    expect((await balanceOf(userId)).bonusMillicredits).toBe(1_000_000 - 333_333);
    expect(await disputeEntriesOf(userId)).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ bonusDelta: -1_000_000 }),
        expect.objectContaining({ bonusDelta: 666_667 }),
      ]),
    );

    // A second refund after the inquiry closed takes the rest.
    await stripe.refunds.create({ charge: chargeId });
    await deliverAll();
    expect((await balanceOf(userId)).bonusMillicredits).toBe(0);
  });

  it("takes nothing back for a refunded upgrade whose prorated credits expired unused, and the period's usage once", async () => {
    const { cookie, userId } = await newCustomer();
    const checkout = await call(cookie, 'POST', '/api/stripe/create-checkout', {
      priceId: PRICE.growth,
      mode: 'subscription',
    });
    const session = fake.completeCheckout(checkout.json<{ sessionId: string }>().sessionId, { backdateDays: 15 });
    await deliverAll();
    const subscriptionId = session.subscription!;
    const firstCharge = fake.chargeOf({ invoiceId: fake.subscriptions.get(subscriptionId)!.latest_invoice! });
    const provider = providerOf();
    const subscription = await provider.retrieveSubscription(subscriptionId);
    const upgrade = await provider.changePrice({
      customerId: subscription!.customerId,
      subscriptionId,
      itemId: subscription!.itemId!,
      newPriceId: PRICE.scale,
      prorationDate: new Date(),
      idempotencyKey: `refund-upgrade:${subscriptionId}`,
      paymentMethodId: GOOD_CARD,
    });
    await deliverAll();
    const prorated = (await balanceOf(userId)).planMillicredits - 3_000_000;
    expect(prorated).toBeGreaterThan(3_000_000);
    await spendCredits({
      db: db(),
      billingUserId: userId,
      millicredits: 1_000_000,
      idempotencyKey: `spent:${userId}`,
      reason: 'test',
    });
    fake.endPeriod(subscriptionId);
    await deliverAll();
    expect((await balanceOf(userId)).planMillicredits).toBe(10_000_000);

    // The upgrade's prorated credits all expired unused at the renewal: none are owed.
    await stripe.refunds.create({ charge: fake.chargeOf({ invoiceId: upgrade.invoice!.id }) });
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 10_000_000, bonusMillicredits: 0 });
    // The first invoice: of its 3,000 credits, the 1,000 used; the 2,000 left expired.
    await stripe.refunds.create({ charge: firstCharge });
    await deliverAll();
    expect(await balanceOf(userId)).toMatchObject({ planMillicredits: 9_000_000, bonusMillicredits: 0 });
  });

  it('keeps a lifetime deal whose dispute was won when a handler that read the dispute open finishes later', async () => {
    const { cookie, userId } = await newCustomer();
    const { chargeId, sessionId } = await buy(cookie, PRICE.lifetime, 'payment');
    const disputeId = fake.openDispute(chargeId);
    await deliverAll();
    expect(await lifetimeStatusOf(sessionId)).toBe('canceled');
    const provider = providerOf();
    const readWhileOpen = await provider.retrieveCharge(chargeId);
    expect(readWhileOpen?.dispute?.status).toBe('open');

    fake.closeDispute(disputeId, 'won');
    await deliverAll();
    expect(await lifetimeStatusOf(sessionId)).toBe('active');
    expect((await balanceOf(userId)).planMillicredits).toBe(3_000_000);

    // A handler that read the charge while its dispute was open finishes only now.
    await reverseChargeCredits({
      db: db(),
      provider: { ...provider, retrieveCharge: () => Promise.resolve(readWhileOpen) },
      chargeId,
    });
    expect(await lifetimeStatusOf(sessionId)).toBe('active');
    expect((await balanceOf(userId)).planMillicredits).toBe(3_000_000);
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance.currentPriceId).toBe(PRICE.lifetime);
  });

  it('does not bring back a lifetime deal on a won dispute when the account has taken another plan since', async () => {
    const { cookie } = await newCustomer();
    const lifetime = await buy(cookie, PRICE.lifetime, 'payment');
    const disputeId = fake.openDispute(lifetime.chargeId);
    await deliverAll();
    expect(await lifetimeStatusOf(lifetime.sessionId)).toBe('canceled');

    await buy(cookie, PRICE.growth, 'subscription');
    fake.closeDispute(disputeId, 'won');
    await deliverAll();
    expect(await lifetimeStatusOf(lifetime.sessionId)).toBe('canceled');
    expect((await call(cookie, 'GET', '/api/openrouter/usage')).json().balance.currentPriceId).toBe(PRICE.growth);
  });
});
