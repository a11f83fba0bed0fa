import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';

const SITE = 'http://localhost:3000';
const priceId = (key: string) => `price_local_${key}`;

/** Where a browser would go: the WHATWG parser reads `\\` as `/` and drops tabs and newlines. */
function browserTarget(location: string | string[] | number | undefined) {
  expect(typeof location).toBe('string');
  return new URL(location as string, SITE);
}

const NASTY_RETURN_URLS = [
  '/\\evil.example/x',
  '/\t/evil.example/x',
  '/\t\\evil.example',
  '//evil.example/x',
  '/%5Cevil.example',
  'https://evil.example/x',
  'javascript:alert(1)',
];

describe('return and redirect addresses stay on this site', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let subscriberCookie: string;
  let newcomerCookie: string;

  beforeAll(async () => {
    harness = await createTestApp();
    newcomerCookie = (await signIn(harness.app, 'newcomer@agency.test')).cookie;
    subscriberCookie = (await signIn(harness.app, 'subscriber@agency.test')).cookie;
    const checkout = await harness.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout',
      headers: { cookie: subscriberCookie },
      payload: {
        priceId: priceId('growth_3000_month'),
        mode: 'subscription',
        successUrl: '/success',
        cancelUrl: '/pricing',
      },
    });
    const paid = await harness.app.inject({
      method: 'POST',
      url: `${new URL(checkout.json().url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
  });
  afterAll(() => harness.close());

  const checkoutCallback = (cookie: string, returnUrl: string, key = 'scale_10000_month') =>
    harness.app.inject({
      method: 'GET',
      url: `/api/auth/callback/checkout?priceId=${priceId(key)}&returnUrl=${encodeURIComponent(returnUrl)}`,
      headers: { cookie },
    });

  it.each(NASTY_RETURN_URLS)(
    'checkout callback (upgrade flow) with returnUrl %j redirects on-site',
    async (returnUrl) => {
      const reply = await checkoutCallback(subscriberCookie, returnUrl);
      expect(reply.statusCode).toBe(302);
      const target = browserTarget(reply.headers.location);
      expect(target.origin).toBe(SITE);
      expect(target.pathname).toBe('/usage');
      expect(target.searchParams.get('upgradePriceId')).toBe(priceId('scale_10000_month'));
    },
  );

  it('checkout callback keeps a good returnUrl', async () => {
    const reply = await checkoutCallback(subscriberCookie, '/agents?tab=1');
    expect(reply.headers.location).toBe(`/agents?tab=1&upgradePriceId=${priceId('scale_10000_month')}`);
  });

  it('checkout callback with a newline in returnUrl answers a redirect, not a 500', async () => {
    for (const returnUrl of ['/usage\n/x', '/usage\r\nSet-Cookie: stolen=1']) {
      const reply = await checkoutCallback(subscriberCookie, returnUrl);
      expect(reply.statusCode).toBe(302);
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect(browserTarget(reply.headers.location).pathname).toBe('/usage');
    }
  });

  it.each(NASTY_RETURN_URLS)('a checkout started with returnUrl %j cancels back on-site', async (returnUrl) => {
    const start = await checkoutCallback(newcomerCookie, returnUrl, 'starter_500_month');
    expect(start.statusCode).toBe(302);
    const sessionPath = new URL(String(start.headers.location)).pathname;
    const cancel = await harness.app.inject({ method: 'POST', url: `${sessionPath}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(browserTarget(cancel.headers.location).origin).toBe(SITE);
  });

  it.each([
    '//evil.example/portal',
    '/\\evil.example/portal',
    '/\t/evil.example',
    'https://evil.example/portal',
    'javascript:alert(1)',
  ])("the local billing portal's Return link refuses %j", async (returnUrl) => {
    const page = await harness.app.inject({
      method: 'GET',
      url: `/api/billing/local-portal?customer=cus_1&returnUrl=${encodeURIComponent(returnUrl)}`,
    });
    expect(page.statusCode).toBe(200);
    const href = /<a href="([^"]*)">Return<\/a>/.exec(page.body)?.[1];
    expect(href).toBe('/usage');
  });

  it("the local billing portal's Return link keeps a path or an address of this site", async () => {
    for (const [returnUrl, expected] of [
      ['/usage?tab=plans', '/usage?tab=plans'],
      [`${SITE}/settings`, `${SITE}/settings`],
    ]) {
      const page = await harness.app.inject({
        method: 'GET',
        url: `/api/billing/local-portal?customer=cus_1&returnUrl=${encodeURIComponent(returnUrl!)}`,
      });
      expect(/<a href="([^"]*)">Return<\/a>/.exec(page.body)?.[1]).toBe(expected!.replaceAll('&', '&#38;'));
    }
  });

  it.each(['/\t/evil.example', '/\\evil.example', '//evil.example', 'https://evil.example/x'])(
    'the sign-in entry point drops callbackUrl %j',
    async (callbackUrl) => {
      const reply = await harness.app.inject({
        method: 'GET',
        url: `/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`,
      });
      expect(reply.statusCode).toBe(302);
      const target = browserTarget(reply.headers.location);
      expect(target.origin).toBe(SITE);
      expect(target.searchParams.get('callbackUrl')).toBe('/agents/create');
    },
  );
});
