import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { grantTestPlan } from '../../test/grant-test-plan';
import { signIn } from '../../test/sign-in';
import { member, user, userProfile } from './auth.tables';

const NOBODY = { exists: false, hasAccess: false, needsVerification: false };

describe('anonymous callers learn nothing about accounts, subscriptions or invitations', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let known: { cookie: string; userId: string; subaccountId: string };
  const knownEmail = 'known.customer@agency.test';
  const invitedEmail = 'invited.person@agency.test';

  beforeAll(async () => {
    harness = await createTestApp();
    const { app } = harness;
    const { cookie } = await signIn(app, knownEmail);
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    known = { cookie, userId: me.user.id, subaccountId: me.subaccounts[0].id };
    await grantTestPlan(app.platform.database.db, known.userId);
    // Invited the way the Team page does it.
    const invited = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${known.subaccountId}/team/invitations`,
      headers: { cookie },
      payload: { email: invitedEmail, role: 'member' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
  });
  afterAll(() => harness.close());

  function get(url: string, options: { cookie?: string; ip?: string } = {}) {
    return harness.app.inject({
      method: 'GET',
      url,
      remoteAddress: options.ip ?? '203.0.113.5',
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
  }

  it('pre-register never changes an existing user and answers the same as for a new address', async () => {
    const { app } = harness;
    const db = app.platform.database.db;
    const before = await db.select().from(userProfile).where(eq(userProfile.userId, known.userId));
    expect(before[0]?.emailConsent).toBe(false);
    const [userBefore] = await db.select().from(user).where(eq(user.id, known.userId));

    const existing = await app.inject({
      method: 'POST',
      url: '/api/auth/pre-register',
      payload: { email: knownEmail, emailconsent: true },
    });
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/auth/pre-register',
      payload: { email: 'brand.new@agency.test', emailconsent: true },
    });
    expect(existing.statusCode).toBe(200);
    expect(existing.body).toBe(fresh.body);

    const after = await db.select().from(userProfile).where(eq(userProfile.userId, known.userId));
    expect(after[0]?.emailConsent).toBe(false);
    expect(after[0]?.updatedAt).toEqual(before[0]?.updatedAt);
    const [userAfter] = await db.select().from(user).where(eq(user.id, known.userId));
    expect(userAfter).toEqual(userBefore);
    expect(await db.select().from(member).where(eq(member.userId, known.userId))).toHaveLength(1);

    // The new address was registered, with the consent it gave.
    const [created] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'brand.new@agency.test'));
    const [createdProfile] = await db
      .select()
      .from(userProfile)
      .where(eq(userProfile.userId, created?.id ?? ''));
    expect(createdProfile?.emailConsent).toBe(true);
  });

  it('check-user answers the same for known and unknown addresses to anonymous callers; the real answer only about oneself', async () => {
    const knownAnswer = await get(`/api/auth/check-user?email=${knownEmail}`);
    const unknownAnswer = await get('/api/auth/check-user?email=nobody.at.all@agency.test');
    expect(knownAnswer.statusCode).toBe(200);
    expect(knownAnswer.json()).toEqual(NOBODY);
    expect(unknownAnswer.json()).toEqual(NOBODY);

    expect((await get(`/api/auth/check-user?email=${knownEmail}`, { cookie: known.cookie })).json()).toEqual({
      exists: true,
      hasAccess: true,
      needsVerification: false,
    });
    expect(
      (await get(`/api/auth/check-user?email=${knownEmail.toUpperCase()}`, { cookie: known.cookie })).json(),
    ).toEqual({ exists: true, hasAccess: true, needsVerification: false });
    // Signed in, asking about somebody else: the anonymous answer.
    expect((await get('/api/auth/check-user?email=brand.new@agency.test', { cookie: known.cookie })).json()).toEqual(
      NOBODY,
    );
  });

  it('check-linked-access does not reveal invitations to anyone but the invited user', async () => {
    const { app } = harness;
    expect((await get(`/api/auth/check-linked-access?email=${invitedEmail}`)).json()).toEqual({
      hasLinkedAccess: false,
    });
    expect((await get(`/api/auth/check-linked-access?email=${invitedEmail}`, { cookie: known.cookie })).json()).toEqual(
      { hasLinkedAccess: false },
    );

    const { cookie } = await signIn(app, invitedEmail);
    expect((await get(`/api/auth/check-linked-access?email=${invitedEmail}`, { cookie })).json()).toEqual({
      hasLinkedAccess: true,
    });
  });

  it('the lookups are rate-limited per IP address', async () => {
    const ip = '198.51.100.200';
    for (let index = 0; index < 30; index += 1) {
      expect((await get(`/api/auth/check-user?email=probe${index}@agency.test`, { ip })).statusCode).toBe(200);
    }
    const over = await get('/api/auth/check-linked-access?email=probe@agency.test', { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });

  it('signed-out checkout with an e-mail does not reveal whether it belongs to a subscriber', async () => {
    const { app } = harness;
    const body = { priceId: 'price_unknown_or_known', mode: 'subscription', successUrl: '/success', cancelUrl: '/' };
    const subscriber = await app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout',
      payload: { ...body, email: knownEmail },
    });
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout',
      payload: { ...body, email: 'stranger.checkout@agency.test' },
    });
    expect(subscriber.statusCode).toBe(stranger.statusCode);
    expect(subscriber.statusCode).toBe(401);
    expect(subscriber.json().error.code).toBe(stranger.json().error.code);
    expect(subscriber.json().error.message).toBe(stranger.json().error.message);
    expect(subscriber.body).not.toContain('shouldSignIn');
  });
});

describe('the lookup limit follows SIGN_IN_LOOKUP_LIMIT_PER_MINUTE', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ SIGN_IN_LOOKUP_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => harness.close());

  it('answers three lookups a minute from one IP address, then 429', async () => {
    const lookUp = () =>
      harness.app.inject({
        method: 'GET',
        url: '/api/auth/check-user?email=probe@agency.test',
        remoteAddress: '198.51.100.210',
      });
    for (let index = 0; index < 3; index += 1) expect((await lookUp()).statusCode).toBe(200);
    expect((await lookUp()).statusCode).toBe(429);
  });
});
