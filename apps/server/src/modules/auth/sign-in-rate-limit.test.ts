import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp } from '../../test/create-test-app';

const RATE_LIMITED = { code: 'RATE_LIMITED', message: 'Rate limit exceeded. Too many requests in a short period.' };

describe('sign-in e-mails are rate-limited per address and per IP', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // The shipped defaults (checked below), not the generous values other test files run with.
    harness = await createTestApp({
      SIGN_IN_RATE_LIMIT_PER_EMAIL: '5',
      SIGN_IN_RATE_LIMIT_PER_IP: '30',
      DIRECT_LOGIN_EMAILS: 'boss@agency.test',
    });
  });
  afterAll(() => harness.close());

  function requestLink(email: string, remoteAddress = '203.0.113.10') {
    return harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress,
      payload: { email, callbackURL: '/agents/create' },
    });
  }

  /** Mails sent to `email`, once Better Auth's background sends have settled. */
  async function mailsTo(email: string) {
    let previous = -1;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/dev/mailbox?email=${encodeURIComponent(email)}`,
      });
      const count = response.json<{ messages: unknown[] }>().messages.length;
      if (count === previous && count > 0) return count;
      previous = count;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return previous;
  }

  it('defaults to 5 per address and 30 per IP address, and 30 address lookups per IP a minute', () => {
    expect(loadConfig({}).signIn).toEqual({ emailsPerAddress: 5, emailsPerIp: 30, lookupsPerIpPerMinute: 30 });
    expect(loadConfig({ SIGN_IN_LOOKUP_LIMIT_PER_MINUTE: '500' }).signIn.lookupsPerIpPerMinute).toBe(500);
    expect(() => loadConfig({ SIGN_IN_LOOKUP_LIMIT_PER_MINUTE: '0' })).toThrow(
      /SIGN_IN_LOOKUP_LIMIT_PER_MINUTE must be at least 1/,
    );
    expect(() => loadConfig({ SIGN_IN_RATE_LIMIT_PER_EMAIL: '0' })).toThrow(
      /SIGN_IN_RATE_LIMIT_PER_EMAIL must be at least 1/,
    );
  });

  it('40 requests for one address at once send 5 e-mails; the rest get 429 in the structured shape', async () => {
    const email = 'flood.target@agency.test';
    // From many addresses, so only the per-address limit is at work.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        requestLink(index % 2 ? email : email.toUpperCase(), `198.51.100.${index + 1}`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json().error).toMatchObject(RATE_LIMITED);
    expect(refused?.json().error.support_id).toMatch(/^[0-9a-f]{32}$/);
    expect(refused?.json().error.retryAfterMs).toBe(15 * 60_000);
    expect(await mailsTo(email)).toBe(5);
  });

  it('one IP address may request 30 e-mails for different addresses; another IP is unaffected', async () => {
    const ip = '192.0.2.77';
    for (let index = 0; index < 30; index += 1) {
      expect((await requestLink(`visitor${index}@agency.test`, ip)).statusCode).toBe(200);
    }
    const over = await requestLink('visitor30@agency.test', ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject(RATE_LIMITED);
    expect((await requestLink('visitor31@agency.test', '192.0.2.78')).statusCode).toBe(200);
  });

  it('direct login counts against the same limits', async () => {
    const { app } = harness;
    for (let index = 0; index < 5; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/direct-login',
        remoteAddress: `203.0.113.${100 + index}`,
        payload: { email: 'boss@agency.test', returnUrl: '/agents' },
      });
      expect(response.statusCode).toBe(200);
    }
    const sixth = await app.inject({
      method: 'POST',
      url: '/api/direct-login',
      remoteAddress: '203.0.113.120',
      payload: { email: 'boss@agency.test', returnUrl: '/agents' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject(RATE_LIMITED);
    // And the e-mail route shares the address's budget.
    expect((await requestLink('boss@agency.test', '203.0.113.121')).statusCode).toBe(429);
  });
});
