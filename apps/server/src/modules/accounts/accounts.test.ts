import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../auth/auth.tables';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { grantTestPlan } from '../../test/grant-test-plan';

describe('sub accounts and their theme', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: { cookie: string; subaccountId: string; userId: string };
  let outsider: { cookie: string };

  beforeAll(async () => {
    harness = await createTestApp();
    const { app } = harness;
    const ownerSession = await signIn(app, 'owner@agency.test');
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: ownerSession.cookie } })).json();
    owner = { cookie: ownerSession.cookie, subaccountId: me.subaccounts[0].id, userId: me.user.id };
    outsider = await signIn(app, 'outsider@other.test');
  });
  afterAll(() => harness.close());

  async function addMember(email: string, role: 'admin' | 'member' | 'viewer') {
    const { app } = harness;
    const session = await signIn(app, email);
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session.cookie } })).json();
    await app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: me.user.id, role });
    return session;
  }

  it('answers the default theme to a member', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' });
  });

  it('saves a theme change and a normalised primary colour', async () => {
    const { app } = harness;
    const dark = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: owner.cookie },
      payload: { isDarkMode: false },
    });
    expect(dark.json()).toMatchObject({ isDarkMode: false, theme: 'light' });
    const colour = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: owner.cookie },
      payload: { primaryColor: 'ABC' },
    });
    expect(colour.json()).toEqual({ isDarkMode: false, theme: 'light', primaryColor: '#aabbcc' });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: owner.cookie },
      payload: { primaryColor: 'teal-ish' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it("hides another user's sub account: 404, the same as one that does not exist", async () => {
    const { app } = harness;
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: outsider.cookie },
    });
    const missing = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${randomUUID()}/theme`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(missing.json().error.message);
    const write = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: outsider.cookie },
      payload: { isDarkMode: true },
    });
    expect(write.statusCode).toBe(404);
    const switchTo = await app.inject({
      method: 'PATCH',
      url: '/api/me/active-subaccount',
      headers: { cookie: outsider.cookie },
      payload: { subaccountId: owner.subaccountId },
    });
    expect(switchTo.statusCode).toBe(404);
  });

  it('lets a viewer read but not write (403), and a member write', async () => {
    const { app } = harness;
    const viewer = await addMember('viewer@agency.test', 'viewer');
    const read = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: viewer.cookie },
    });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: viewer.cookie },
      payload: { isDarkMode: true },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({ code: 'VIEWER_READ_ONLY', message: 'Viewers cannot save changes' });

    const teammate = await addMember('member@agency.test', 'member');
    const memberWrite = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/theme`,
      headers: { cookie: teammate.cookie },
      payload: { isDarkMode: true },
    });
    expect(memberWrite.statusCode).toBe(200);
  });

  it('lists, creates and switches sub accounts', async () => {
    const { app } = harness;
    // A second sub account needs a plan (the free plan has one).
    await grantTestPlan(app.platform.database.db, owner.userId);
    const created = await app.inject({
      method: 'POST',
      url: '/api/subaccounts',
      headers: { cookie: owner.cookie },
      payload: { name: '  Acme Dental  ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme Dental', role: 'admin', agentCount: 0 });
    const switched = await app.inject({
      method: 'PATCH',
      url: '/api/me/active-subaccount',
      headers: { cookie: owner.cookie },
      payload: { subaccountId: created.json().id },
    });
    expect(switched.json().activeSubaccountId).toBe(created.json().id);
    const list = await app.inject({ method: 'GET', url: '/api/subaccounts', headers: { cookie: owner.cookie } });
    expect(list.json().subaccounts.map((entry: { name: string }) => entry.name)).toContain('Acme Dental');
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: owner.cookie },
      payload: { name: 'Olivia Owner' },
    });
    expect(renamed.json().user.name).toBe('Olivia Owner');
  });

  it('refuses every sub-account route without a session', async () => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/subaccounts/${owner.subaccountId}/theme` });
    expect(response.statusCode).toBe(401);
  });
});
