import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { latestMagicLink, signIn } from '../../test/sign-in';

describe('sign-in with a magic link', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ DIRECT_LOGIN_EMAILS: 'boss@agency.test' });
  });
  afterAll(() => harness.close());

  it('mails a link to the dev mailbox, signs in on follow, lands on /agents/create and gets a sub account', async () => {
    const { app } = harness;
    const { cookie, location } = await signIn(app, 'new.user@agency.test');
    expect(new URL(location ?? '', 'http://localhost:3000').pathname).toBe('/agents/create');
    expect(cookie).toMatch(/session_token=/);

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.user.email).toBe('new.user@agency.test');
    expect(body.subaccounts).toHaveLength(1);
    expect(body.subaccounts[0].role).toBe('admin');
    expect(body.activeSubaccountId).toBe(body.subaccounts[0].id);
  });

  it('keeps the session until sign-out, then answers 401 in the structured shape', async () => {
    const { app } = harness;
    const { cookie } = await signIn(app, 'session.user@agency.test');
    const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe('session.user@agency.test');

    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    expect(me.json().error.support_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a magic link works only once', async () => {
    const { app } = harness;
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      payload: { email: 'once@agency.test', callbackURL: '/agents/create' },
    });
    const link = await latestMagicLink(app, 'once@agency.test');
    const first = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(first.cookies.some((entry) => entry.name.endsWith('session_token') && entry.value)).toBe(true);
    const second = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(second.cookies.some((entry) => entry.name.endsWith('session_token') && entry.value)).toBe(false);
  });

  it('pre-register trims and lower-cases; check-user tells a signed-in user about their own address only', async () => {
    const { app } = harness;
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/pre-register',
      payload: { email: '   ', emailconsent: false },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Email is required');

    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/pre-register',
      payload: { email: '  Mixed.Case@Agency.TEST ', emailconsent: true },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ ok: true });

    // Signed out, every address looks unknown.
    const check = await app.inject({ method: 'GET', url: '/api/auth/check-user?email=mixed.case@agency.test' });
    expect(check.json()).toEqual({ exists: false, hasAccess: false, needsVerification: false });

    // Following the magic link verifies the pre-registered user without creating a second one.
    const { cookie } = await signIn(app, 'mixed.case@agency.test');
    const after = await app.inject({
      method: 'GET',
      url: '/api/auth/check-user?email=mixed.case@agency.test',
      headers: { cookie },
    });
    expect(after.json()).toEqual({ exists: true, hasAccess: true, needsVerification: false });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().subaccounts).toHaveLength(1);
  });

  it('check-access answers for oneself only', async () => {
    const { app } = harness;
    const { cookie } = await signIn(app, 'access@agency.test');
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    const own = await app.inject({
      method: 'GET',
      url: `/auth/check-access?userId=${me.user.id}`,
      headers: { cookie },
    });
    expect(own.json()).toEqual({ hasAccess: true });
    const other = await app.inject({
      method: 'GET',
      url: '/auth/check-access?userId=someone-else',
      headers: { cookie },
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/auth/check-access?userId=${me.user.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('direct login works only for allow-listed addresses', async () => {
    const { app } = harness;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/direct-login',
      payload: { email: 'stranger@agency.test', returnUrl: '/agents' },
    });
    expect(refused.statusCode).toBe(403);

    const offsite = await app.inject({
      method: 'POST',
      url: '/api/direct-login',
      payload: { email: 'boss@agency.test', returnUrl: 'https://evil.test/steal' },
    });
    expect(offsite.statusCode).toBe(400);

    const allowed = await app.inject({
      method: 'POST',
      url: '/api/direct-login',
      payload: { email: 'Boss@Agency.test', returnUrl: '/usage' },
    });
    expect(allowed.statusCode).toBe(200);
    const redirect = new URL(allowed.json().redirectUrl);
    expect(redirect.searchParams.get('callbackURL')).toBe('/usage');
    const follow = await app.inject({ method: 'GET', url: redirect.pathname + redirect.search });
    expect(follow.statusCode).toBe(302);
    expect(new URL(follow.headers.location as string, 'http://localhost:3000').pathname).toBe('/usage');
    // Nothing was mailed: the link went to the caller.
    const mailbox = await app.inject({ method: 'GET', url: '/api/dev/mailbox?email=boss@agency.test' });
    expect(mailbox.json().messages).toHaveLength(0);

    // Without a return address it lands where every sign-in lands.
    const plain = await app.inject({
      method: 'POST',
      url: '/api/direct-login',
      payload: { email: 'boss@agency.test' },
    });
    expect(new URL(plain.json().redirectUrl).searchParams.get('callbackURL')).toBe('/agents/create');
  });

  it('the sign-in entry point opens the modal on the landing page', async () => {
    const { app } = harness;
    const response = await app.inject({ method: 'GET', url: '/api/auth/signin?callbackUrl=/usage' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?signin=1&callbackUrl=%2Fusage');
    const offsite = await app.inject({ method: 'GET', url: '/api/auth/signin?callbackUrl=//evil.test' });
    expect(offsite.headers.location).toBe('/?signin=1&callbackUrl=%2Fagents%2Fcreate');
  });
});
