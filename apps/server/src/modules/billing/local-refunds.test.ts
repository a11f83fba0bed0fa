import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { getCreditBalance } from '../credits/get-credit-balance';
import { billingSubscription } from './billing.tables';

const priceId = (key: string) => `price_local_${key}`;
const REMOTE = '203.0.113.5';

type LocalCharge = {
  id: string;
  amountCents: number;
  amountRefundedCents: number;
  checkoutSessionId: string | null;
  invoiceId: string | null;
  disputeId: string | null;
};

describe('refunds and disputes in the local TEST MODE provider (dev routes)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let userCount = 0;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  async function newCustomer() {
    userCount += 1;
    const { cookie } = await signIn(harness.app, `local-refund-${userCount}@agency.test`);
    const me = (await harness.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    return { cookie, userId: me.user.id as string };
  }

  /** Opens a checkout and pays it on the TEST MODE page; answers the session id. */
  async function buy(cookie: string, key: string, mode: 'subscription' | 'payment') {
    const checkout = await harness.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout',
      headers: { cookie },
      payload: { priceId: priceId(key), mode },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const path = new URL(checkout.json<{ url: string }>().url).pathname;
    const paid = await harness.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
    return path.split('/').at(-1)!;
  }

  const devTool = (method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = '127.0.0.1') =>
    harness.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

  async function chargeOfSession(sessionId: string): Promise<LocalCharge> {
    const listed = await devTool('GET', '/api/billing/local/charges');
    expect(listed.statusCode, listed.body).toBe(200);
    const charge = listed
      .json<{ charges: LocalCharge[] }>()
      .charges.find((entry) => entry.checkoutSessionId === sessionId);
    if (!charge) throw new Error(`no charge for ${sessionId}`);
    return charge;
  }

  const balanceOf = (userId: string) =>
    getCreditBalance({ db: harness.app.platform.database.db, billingUserId: userId });

  it('refunds a TEST MODE payment, in part then in full, and takes its credits back', async () => {
    const customer = await newCustomer();
    const sessionId = await buy(customer.cookie, 'growth_3000_month', 'subscription');
    const charge = await chargeOfSession(sessionId);
    expect(charge).toMatchObject({ amountCents: 7900, amountRefundedCents: 0, disputeId: null });
    expect(charge.invoiceId).toEqual(expect.any(String));

    const half = await devTool('POST', `/api/billing/local/charges/${charge.id}/refund`, { amountCents: 3950 });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({ id: charge.id, amountRefundedCents: 3950 });
    expect((await balanceOf(customer.userId)).planMillicredits).toBe(1_500_000);

    const tooMuch = await devTool('POST', `/api/billing/local/charges/${charge.id}/refund`, { amountCents: 5000 });
    expect(tooMuch.statusCode).toBe(400);
    const rest = await devTool('POST', `/api/billing/local/charges/${charge.id}/refund`, {});
    expect(rest.json()).toMatchObject({ amountRefundedCents: 7900 });
    expect((await balanceOf(customer.userId)).planMillicredits).toBe(0);
  });

  it('refuses the refund and dispute tools to a caller that is not on this computer', async () => {
    const customer = await newCustomer();
    const sessionId = await buy(customer.cookie, 'growth_3000_month', 'subscription');
    const charge = await chargeOfSession(sessionId);
    for (const [url, payload] of [
      [`/api/billing/local/charges/${charge.id}/refund`, {}],
      [`/api/billing/local/charges/${charge.id}/dispute`, {}],
      ['/api/billing/local/charges', undefined],
    ] as const) {
      const refused = await harness.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        remoteAddress: REMOTE,
        headers: { 'x-forwarded-for': '127.0.0.1' },
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('LOOPBACK_ONLY');
    }
    expect(await chargeOfSession(sessionId)).toMatchObject({ amountRefundedCents: 0, disputeId: null });
    expect((await balanceOf(customer.userId)).planMillicredits).toBe(3_000_000);
  });

  it('ends a disputed lifetime deal and takes its credits, and brings both back when the dispute is won', async () => {
    const customer = await newCustomer();
    const sessionId = await buy(customer.cookie, 'offer_lifetime', 'payment');
    const lifetimeRow = async () =>
      (
        await harness.app.platform.database.db
          .select({ status: billingSubscription.status })
          .from(billingSubscription)
          .where(eq(billingSubscription.id, `lifetime_${sessionId}`))
      )[0]?.status;
    expect(await lifetimeRow()).toBe('active');
    const charge = await chargeOfSession(sessionId);

    const opened = await devTool('POST', `/api/billing/local/charges/${charge.id}/dispute`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const { id: disputeId } = opened.json<{ id: string; status: string }>();
    expect(opened.json()).toMatchObject({ chargeId: charge.id, status: 'open' });
    expect(await lifetimeRow()).toBe('canceled');
    expect((await balanceOf(customer.userId)).planMillicredits).toBe(0);

    const closed = await devTool('POST', `/api/billing/local/disputes/${disputeId}/close`, { outcome: 'won' });
    expect(closed.json()).toMatchObject({ id: disputeId, status: 'won' });
    expect(await lifetimeRow()).toBe('active');
    expect((await balanceOf(customer.userId)).planMillicredits).toBe(3_000_000);
    const again = await devTool('POST', `/api/billing/local/disputes/${disputeId}/close`, { outcome: 'lost' });
    expect(again.statusCode).toBe(400);
  });
});
