import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { invitation, member, organization } from './auth.tables';

/**
 * Every route Better Auth's organization plugin mounts, as the plugin's own `auth.api` lists them
 * (method and path). None of them may be reachable over HTTP: sub accounts are created, switched
 * and shared only through our routes, which apply the plan and role rules.
 */
const ORGANIZATION_PLUGIN_ROUTES: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/organization/create' },
  { method: 'POST', path: '/organization/update' },
  { method: 'POST', path: '/organization/delete' },
  { method: 'POST', path: '/organization/check-slug' },
  { method: 'POST', path: '/organization/set-active' },
  { method: 'GET', path: '/organization/get-full-organization' },
  { method: 'GET', path: '/organization/get-organization' },
  { method: 'GET', path: '/organization/list' },
  { method: 'POST', path: '/organization/invite-member' },
  { method: 'POST', path: '/organization/accept-invitation' },
  { method: 'POST', path: '/organization/reject-invitation' },
  { method: 'POST', path: '/organization/cancel-invitation' },
  { method: 'GET', path: '/organization/get-invitation' },
  { method: 'GET', path: '/organization/list-invitations' },
  { method: 'GET', path: '/organization/list-user-invitations' },
  { method: 'POST', path: '/organization/remove-member' },
  { method: 'POST', path: '/organization/update-member-role' },
  { method: 'POST', path: '/organization/leave' },
  { method: 'GET', path: '/organization/list-members' },
  { method: 'GET', path: '/organization/get-active-member' },
  { method: 'GET', path: '/organization/get-active-member-role' },
  { method: 'POST', path: '/organization/has-permission' },
];

describe("the auth library's organization routes", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string; userId: string; subaccountId: string };

  beforeAll(async () => {
    harness = await createTestApp();
    const { cookie } = await signIn(harness.app, 'free.admin@agency.test');
    const me = (await harness.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    admin = { cookie, userId: me.user.id, subaccountId: me.subaccounts[0].id };
  });
  afterAll(() => harness.close());

  async function organizationsOf(userId: string) {
    return harness.app.platform.database.db
      .select({ id: member.organizationId })
      .from(member)
      .where(eq(member.userId, userId));
  }

  it('the list above is every organization route the installed plugin exposes', () => {
    const exposed = Object.values(
      harness.app.authService.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((endpoint) => endpoint.path?.startsWith('/organization/'))
      .map((endpoint) => endpoint.path)
      .sort();
    expect(exposed).toEqual(ORGANIZATION_PLUGIN_ROUTES.map((route) => route.path).sort());
  });

  it('a free user cannot create a sub account through the auth library either', async () => {
    const { app } = harness;
    const ours = await app.inject({
      method: 'POST',
      url: '/api/subaccounts',
      headers: { cookie: admin.cookie },
      payload: { name: 'Second' },
    });
    expect(ours.statusCode).toBe(403);

    const library = await app.inject({
      method: 'POST',
      url: '/api/auth/organization/create',
      headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Sneaky', slug: `sneaky-${randomUUID().slice(0, 8)}` },
    });
    expect(library.statusCode).toBe(404);
    expect(library.json().error).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    expect(library.json().error.support_id).toMatch(/^[0-9a-f]{32}$/);
    expect(await organizationsOf(admin.userId)).toHaveLength(1);
  });

  it('answers every organization route, and spelling variants of it, like an unknown route', async () => {
    const { app } = harness;
    const paths = ORGANIZATION_PLUGIN_ROUTES.flatMap((route) => [
      route,
      { method: route.method, path: `${route.path}/` },
      { method: route.method, path: route.path.replace('/organization/', '/Organization/') },
      { method: route.method, path: route.path.replace('/organization/', '/organizatio%6E/') },
      { method: route.method, path: route.path.replace('/organization/', '//organization//') },
    ]);
    for (const route of paths) {
      const response = await app.inject({
        method: route.method,
        url: `/api/auth${route.path}${route.method === 'GET' ? `?organizationId=${admin.subaccountId}` : ''}`,
        headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
        ...(route.method === 'POST'
          ? {
              payload: {
                organizationId: admin.subaccountId,
                email: 'x@agency.test',
                role: 'owner',
                memberIdOrEmail: 'x',
                slug: 'x',
                name: 'x',
              },
            }
          : {}),
      });
      expect({ route: `${route.method} ${route.path}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 404,
      });
    }
    const rows = await app.platform.database.db
      .select({ id: invitation.id })
      .from(invitation)
      .where(eq(invitation.organizationId, admin.subaccountId));
    expect(rows).toHaveLength(0);
  });

  it('server-side calls of the library respect our roles and plan: no organization creation, no unknown role', async () => {
    const { app } = harness;
    const api = app.authService.auth.api;
    const headers = new Headers({ cookie: admin.cookie });

    await expect(
      api.createOrganization({ body: { name: 'Server side', slug: `server-${randomUUID().slice(0, 8)}` }, headers }),
    ).rejects.toThrow(/not allowed/i);
    // A "system" call naming the user (no session) skips the library's own switch; our hook still refuses.
    await expect(
      api.createOrganization({
        body: { name: 'System', slug: `system-${randomUUID().slice(0, 8)}`, userId: admin.userId },
      }),
    ).rejects.toThrow(/POST \/api\/subaccounts/);
    expect(await organizationsOf(admin.userId)).toHaveLength(1);

    await expect(
      api.createInvitation({
        body: { email: 'boss@agency.test', role: 'owner' as 'admin', organizationId: admin.subaccountId },
        headers,
      }),
    ).rejects.toThrow(/Unknown role/);
    await expect(
      api.createInvitation({
        body: { email: 'boss@agency.test', role: ['admin', 'member'], organizationId: admin.subaccountId },
        headers,
      }),
    ).rejects.toThrow(/Unknown role/);
    const db = app.platform.database.db;
    expect(await db.select().from(invitation).where(eq(invitation.email, 'boss@agency.test'))).toHaveLength(0);

    // A role we know is still accepted, and stored exactly as given.
    const viewerInvite = await api.createInvitation({
      body: { email: 'viewer@agency.test', role: 'viewer', organizationId: admin.subaccountId },
      headers,
    });
    expect(viewerInvite.role).toBe('viewer');

    // Changing an existing member to a role outside admin/member/viewer is refused too.
    const { cookie: memberCookie } = await signIn(app, 'plain.member@agency.test');
    const memberMe = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: memberCookie } })).json();
    const memberId = randomUUID();
    await db
      .insert(member)
      .values({ id: memberId, organizationId: admin.subaccountId, userId: memberMe.user.id, role: 'member' });
    await expect(
      api.updateMemberRole({ body: { memberId, role: 'owner', organizationId: admin.subaccountId }, headers }),
    ).rejects.toThrow(/Unknown role/);
    const [row] = await db.select({ role: member.role }).from(member).where(eq(member.id, memberId));
    expect(row?.role).toBe('member');

    // Nor can the server-only add-member put someone in with such a role.
    const { cookie: outsiderCookie } = await signIn(app, 'would.be.owner@agency.test');
    const outsider = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: outsiderCookie } })).json();
    await expect(
      api.addMember({
        body: { userId: outsider.user.id, role: 'owner' as 'admin', organizationId: admin.subaccountId },
      }),
    ).rejects.toThrow(/Unknown role/);
    expect(
      await db
        .select()
        .from(member)
        .where(and(eq(member.userId, outsider.user.id), eq(member.organizationId, admin.subaccountId))),
    ).toHaveLength(0);

    // A member (not an admin) may not invite at all.
    await expect(
      api.createInvitation({
        body: { email: 'friend@agency.test', role: 'viewer', organizationId: admin.subaccountId },
        headers: new Headers({ cookie: memberCookie }),
      }),
    ).rejects.toThrow();
  });

  it('a member row with an unknown role gives no access and never a 500', async () => {
    const { app } = harness;
    const db = app.platform.database.db;
    const { cookie } = await signIn(app, 'odd.role@agency.test');
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    for (const role of ['owner', 'admin,member', 'superuser']) {
      const [org] = await db
        .insert(organization)
        .values({ id: randomUUID(), name: `Org ${role}`, slug: `org-${randomUUID()}` })
        .returning();
      if (!org) throw new Error('no organization');
      await db.insert(member).values({ id: randomUUID(), organizationId: org.id, userId: me.user.id, role });

      const after = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(after.statusCode).toBe(200);
      expect(after.json().subaccounts.map((entry: { id: string }) => entry.id)).not.toContain(org.id);
      const list = await app.inject({ method: 'GET', url: '/api/subaccounts', headers: { cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.json().subaccounts.map((entry: { id: string }) => entry.id)).not.toContain(org.id);

      // Role checks treat it as no membership at all: the same 404 as a stranger's sub account.
      const theme = await app.inject({ method: 'GET', url: `/api/subaccounts/${org.id}/theme`, headers: { cookie } });
      expect(theme.statusCode).toBe(404);
      const write = await app.inject({
        method: 'PATCH',
        url: `/api/subaccounts/${org.id}/theme`,
        headers: { cookie },
        payload: { isDarkMode: false },
      });
      expect(write.statusCode).toBe(404);
      const switchTo = await app.inject({
        method: 'PATCH',
        url: '/api/me/active-subaccount',
        headers: { cookie },
        payload: { subaccountId: org.id },
      });
      expect(switchTo.statusCode).toBe(404);
      const stored = await db
        .select({ role: member.role })
        .from(member)
        .where(and(eq(member.organizationId, org.id), eq(member.userId, me.user.id)));
      expect(stored).toHaveLength(1);
    }
  });
});
