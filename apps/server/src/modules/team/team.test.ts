import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages } from '@agentry/core/team';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestApiKey, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { latestMagicLink } from '../../test/sign-in';
import { subaccountSettings } from '../accounts/accounts.tables';
import { member, user } from '../auth/auth.tables';
import { teamInvitation } from './team.tables';

type Session = { cookie: string; userId: string; subaccountId: string };

describe('team: invitations, roles, members', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let app: TestApp;
  let admin: Session;

  beforeAll(async () => {
    harness = await createTestApp();
    app = harness.app;
    admin = await signInWithWorkspace(app, 'admin@team.test');
  });
  afterAll(() => harness.close());

  const call = (
    session: { cookie: string } | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: session ? { cookie: session.cookie } : {},
      ...(payload ? { payload } : {}),
    });

  async function invite(email: string, role: 'admin' | 'member' | 'viewer', by: Session = admin) {
    const response = await call(by, 'POST', `/api/subaccounts/${by.subaccountId}/team/invitations`, { email, role });
    expect(response.statusCode, response.body).toBe(201);
    return invitationToken(email);
  }

  /** The token of the newest invitation mailed to `email`, read from the dev mailbox. */
  async function invitationToken(email: string) {
    const mailbox = await app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` });
    const message = mailbox.json<{ messages: { subject: string; link: string }[] }>().messages[0];
    expect(message?.subject).toContain('invited');
    const link = new URL(message!.link);
    expect(link.pathname).toMatch(/^\/invite\//);
    return link.pathname.slice('/invite/'.length);
  }

  async function signInThroughRedirect(redirectUrl: string) {
    const link = new URL(redirectUrl);
    const verify = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(verify.statusCode).toBe(302);
    return verify.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  }

  async function team(session: Session, subaccountId = admin.subaccountId) {
    const response = await call(session, 'GET', `/api/subaccounts/${subaccountId}/team`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      members: { id: string; name: string; email: string; role: string; isOwner: boolean }[];
      invitations: { id: string; email: string }[];
    }>();
  }

  it('invites a new address, which signs up through the link and lands in the sub account', async () => {
    const token = await invite('New.Viewer@team.test', 'viewer');
    const stored = await app.platform.database.db.select().from(teamInvitation);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false); // only the hash is kept

    const preview = await call(null, 'GET', `/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({ email: 'new.viewer@team.test', role: 'viewer' });
    expect((await team(admin)).invitations.map((entry) => entry.email)).toContain('new.viewer@team.test');

    const signIn = await call(null, 'POST', `/api/invitations/${token}/sign-in`);
    const { redirectUrl } = signIn.json<{ redirectUrl: string }>();
    const cookie = await signInThroughRedirect(redirectUrl);
    expect(new URL(redirectUrl).searchParams.get('callbackURL')).toBe(`/invite/${token}`);

    const accepted = await call({ cookie }, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ subaccountId: admin.subaccountId });
    const me = (await call({ cookie }, 'GET', '/api/me')).json();
    expect(me.activeSubaccountId).toBe(admin.subaccountId);
    expect(me.subaccounts.find((entry: { id: string }) => entry.id === admin.subaccountId)?.role).toBe('viewer');

    // Single use: the link is spent, and no longer signs anybody in.
    expect((await call({ cookie }, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/invitations/${token}/sign-in`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/invitations/${token}`)).json().error.message).toBe(
      teamMessages.invitationInvalid,
    );
    const after = await team(admin);
    expect(after.invitations).toEqual([]);
    expect(after.members.map((entry) => [entry.email, entry.role])).toContainEqual(['new.viewer@team.test', 'viewer']);
    // Signed up through the link without a name: the address's first part stands in.
    expect(after.members.find((entry) => entry.email === 'new.viewer@team.test')?.name).toBe('new.viewer');
  });

  it('an existing user gets a sign-in e-mail (never a session from the invitation link) and accepts', async () => {
    const existing = await signInWithWorkspace(app, 'existing@team.test');
    const token = await invite('existing@team.test', 'member');
    const signIn = await call(null, 'POST', `/api/invitations/${token}/sign-in`);
    expect(signIn.json()).toEqual({ mailed: true });
    const link = await latestMagicLink(app, 'existing@team.test');
    expect(link.searchParams.get('callbackURL')).toBe(`/invite/${token}`);

    const stranger = await signInWithWorkspace(app, 'stranger@team.test');
    const wrong = await call(stranger, 'POST', `/api/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(teamMessages.wrongAddress);

    expect((await call(existing, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    expect((await team(existing)).members.find((entry) => entry.email === 'existing@team.test')?.role).toBe('member');
  });

  it('a role change takes effect on the next request', async () => {
    const person = await signInWithWorkspace(app, 'promoted@team.test');
    const token = await invite('promoted@team.test', 'viewer');
    await call(person, 'POST', `/api/invitations/${token}/accept`);
    const themeUrl = `/api/subaccounts/${admin.subaccountId}/theme`;
    expect((await call(person, 'PATCH', themeUrl, { primaryColor: '#112233' })).statusCode).toBe(403);

    const memberId = (await team(admin)).members.find((entry) => entry.email === 'promoted@team.test')!.id;
    const change = await call(admin, 'PATCH', `/api/subaccounts/${admin.subaccountId}/team/members/${memberId}`, {
      role: 'member',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await call(person, 'PATCH', themeUrl, { primaryColor: '#112233' })).statusCode).toBe(200);
    // A member sees the team but not its invitations, and cannot manage it.
    expect((await team(person)).invitations).toEqual([]);
    const refused = await call(person, 'POST', `/api/subaccounts/${admin.subaccountId}/team/invitations`, {
      email: 'x@team.test',
      role: 'viewer',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps at least one admin and the owner', async () => {
    const members = (await team(admin)).members;
    const owner = members.find((entry) => entry.isOwner)!;
    const base = `/api/subaccounts/${admin.subaccountId}/team/members`;
    const demote = await call(admin, 'PATCH', `${base}/${owner.id}`, { role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(teamMessages.owner);
    expect((await call(admin, 'DELETE', `${base}/${owner.id}`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/me/subaccounts/${admin.subaccountId}`)).statusCode).toBe(409);

    const other = await signInWithWorkspace(app, 'second-admin@team.test');
    const token = await invite('second-admin@team.test', 'admin');
    await call(other, 'POST', `/api/invitations/${token}/accept`);
    const secondId = (await team(admin)).members.find((entry) => entry.email === 'second-admin@team.test')!.id;
    // Two admins: the non-owner one may be demoted, then they are no admin; the owner stays.
    expect((await call(admin, 'PATCH', `${base}/${secondId}`, { role: 'member' })).statusCode).toBe(200);
    expect((await call(other, 'DELETE', `/api/me/subaccounts/${admin.subaccountId}`)).statusCode).toBe(200);
    expect((await call(other, 'GET', `/api/subaccounts/${admin.subaccountId}/team`)).statusCode).toBe(404);
  });

  it('removing a member, or a member leaving, ends the API keys they made there and the invitations they sent', async () => {
    const owner = await signInWithWorkspace(app, 'keys-owner@team.test');
    await grantTestPlan(app.platform.database.db, owner.userId);
    const leaver = await signInWithWorkspace(app, 'keyholder@team.test');
    await call(leaver, 'POST', `/api/invitations/${await invite('keyholder@team.test', 'admin', owner)}/accept`);
    const inside = { ...leaver, subaccountId: owner.subaccountId };
    const theirKey = await createTestApiKey(app, inside, 'Their integration');
    const ownersKey = await createTestApiKey(app, owner, 'The owner integration');
    await invite('friend@elsewhere.test', 'admin', inside);
    const useKey = (secret: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${secret}` },
        payload: { model: 'no-such-agent', messages: [{ role: 'user', content: 'hi' }] },
      });
    // Known before: the call gets as far as the agent (404), not 401.
    expect((await useKey(theirKey)).statusCode).toBe(404);

    const leaverId = (await team(owner, owner.subaccountId)).members.find(
      (entry) => entry.email === 'keyholder@team.test',
    )!.id;
    expect(
      (await call(owner, 'DELETE', `/api/subaccounts/${owner.subaccountId}/team/members/${leaverId}`)).statusCode,
    ).toBe(200);

    expect((await useKey(theirKey)).statusCode).toBe(401);
    expect((await useKey(ownersKey)).statusCode).toBe(404);
    const keys = await call(owner, 'GET', `/api/subaccounts/${owner.subaccountId}/api-keys`);
    expect(keys.json<{ keys: { name: string }[] }>().keys.map((key) => key.name)).toEqual(['The owner integration']);
    expect((await team(owner, owner.subaccountId)).invitations.map((entry) => entry.email)).not.toContain(
      'friend@elsewhere.test',
    );
    const friendToken = await invitationToken('friend@elsewhere.test');
    const friend = await signInWithWorkspace(app, 'friend@elsewhere.test');
    const accepted = await call(friend, 'POST', `/api/invitations/${friendToken}/accept`);
    expect(accepted.statusCode).not.toBe(200);
  });

  it('a last admin that is not the owner cannot be removed, demoted or leave', async () => {
    const owner = await signInWithWorkspace(app, 'owner-only@team.test');
    const helper = await signInWithWorkspace(app, 'only-admin@team.test');
    const token = await invite('only-admin@team.test', 'admin', owner);
    await call(helper, 'POST', `/api/invitations/${token}/accept`);
    // The owner's stored role is taken down to member (by data) so the helper is the only admin.
    await app.platform.database.db
      .update(member)
      .set({ role: 'member' })
      .where(and(eq(member.organizationId, owner.subaccountId), eq(member.userId, owner.userId)));
    const helperSession = { ...helper, subaccountId: owner.subaccountId };
    const helperId = (await team(helperSession, owner.subaccountId)).members.find(
      (entry) => entry.email === 'only-admin@team.test',
    )!.id;
    const base = `/api/subaccounts/${owner.subaccountId}/team/members/${helperId}`;
    const demote = await call(helper, 'PATCH', base, { role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(teamMessages.lastAdmin);
    expect((await call(helper, 'DELETE', base)).statusCode).toBe(409);
    expect((await call(helper, 'DELETE', `/api/me/subaccounts/${owner.subaccountId}`)).statusCode).toBe(409);
  });

  it('refuses an invitation to a session whose address nobody verified (a sign-in provider that did not)', async () => {
    const person = await signInWithWorkspace(app, 'unverified@team.test');
    const token = await invite('unverified@team.test', 'member');
    await app.platform.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, person.userId));
    const refused = await call(person, 'POST', `/api/invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(teamMessages.wrongAddress);
    await app.platform.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, person.userId));
    expect((await call(person, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  });

  it('resend replaces the link; revoke ends it; duplicates and members are refused', async () => {
    const oldToken = await invite('resend@team.test', 'member');
    const duplicate = await call(admin, 'POST', `/api/subaccounts/${admin.subaccountId}/team/invitations`, {
      email: 'resend@team.test',
      role: 'member',
    });
    expect(duplicate.statusCode).toBe(409);
    const alreadyIn = await call(admin, 'POST', `/api/subaccounts/${admin.subaccountId}/team/invitations`, {
      email: 'admin@team.test',
      role: 'member',
    });
    expect(alreadyIn.json().error.message).toBe(teamMessages.alreadyMember);

    const id = (await team(admin)).invitations.find((entry) => entry.email === 'resend@team.test')!.id;
    const base = `/api/subaccounts/${admin.subaccountId}/team/invitations/${id}`;
    expect((await call(admin, 'POST', `${base}/resend`)).statusCode).toBe(200);
    const newToken = await invitationToken('resend@team.test');
    expect(newToken).not.toBe(oldToken);
    expect((await call(null, 'GET', `/api/invitations/${oldToken}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/invitations/${newToken}`)).statusCode).toBe(200);

    expect((await call(admin, 'DELETE', base)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/invitations/${newToken}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', base)).statusCode).toBe(404);
  });

  it('an expired invitation is refused', async () => {
    const token = await invite('late@team.test', 'viewer');
    await app.platform.database.db
      .update(teamInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitation.email, 'late@team.test'));
    expect((await call(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/invitations/${token}/sign-in`)).statusCode).toBe(404);
    const [row] = await app.platform.database.db.select().from(user).where(eq(user.email, 'late@team.test'));
    expect(row).toBeUndefined();
    // Inviting the address again replaces the expired invitation.
    await invite('late@team.test', 'viewer');
  });

  it('in a locked sub account admins take access away but cannot grant it, and invitations cannot be accepted', async () => {
    const owner = await signInWithWorkspace(app, 'locked-owner@team.test');
    const { db } = app.platform.database;
    await grantTestPlan(db, owner.userId);
    const created = await call(owner, 'POST', '/api/subaccounts', { name: 'Locked client' });
    const locked = { ...owner, subaccountId: created.json<{ id: string }>().id };
    const join = async (email: string, role: 'admin' | 'member') => {
      const session = await signInWithWorkspace(app, email);
      const token = await invite(email, role, locked);
      expect((await call(session, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
      return session;
    };
    const otherAdmin = await join('locked-admin@team.test', 'admin');
    await join('locked-member@team.test', 'member');
    await invite('locked-pending@team.test', 'viewer', locked);
    const joiner = await signInWithWorkspace(app, 'locked-joiner@team.test');
    const joinerToken = await invite('locked-joiner@team.test', 'member', locked);
    await db
      .update(subaccountSettings)
      .set({ lockedAt: new Date() })
      .where(eq(subaccountSettings.subaccountId, locked.subaccountId));

    const base = `/api/subaccounts/${locked.subaccountId}/team`;
    const before = await team(owner, locked.subaccountId);
    const idOf = (email: string) => before.members.find((entry) => entry.email === email)!.id;
    const pendingId = before.invitations.find((entry) => entry.email === 'locked-pending@team.test')!.id;
    const lockError = {
      code: 'PLAN_REQUIRED',
      message: 'Pick a plan to use this feature',
      reason: 'subaccount_locked',
    };
    const expectLocked = (response: { statusCode: number; json: () => { error: unknown } }) => {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject(lockError);
    };

    // Granting access stays refused: inviting, resending, raising a role, accepting.
    expectLocked(await call(owner, 'POST', `${base}/invitations`, { email: 'new@team.test', role: 'viewer' }));
    expectLocked(await call(owner, 'POST', `${base}/invitations/${pendingId}/resend`));
    expectLocked(await call(owner, 'PATCH', `${base}/members/${idOf('locked-member@team.test')}`, { role: 'admin' }));
    expectLocked(await call(joiner, 'POST', `/api/invitations/${joinerToken}/accept`));
    expect((await call(joiner, 'GET', base)).statusCode).toBe(404);
    // Refused, not spent: it can still be accepted once the lock lifts.
    expect((await call(null, 'GET', `/api/invitations/${joinerToken}`)).statusCode).toBe(200);

    // Taking access away works, for admins only.
    const removed = await call(otherAdmin, 'DELETE', `${base}/members/${idOf('locked-member@team.test')}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const demoted = await call(owner, 'PATCH', `${base}/members/${idOf('locked-admin@team.test')}`, { role: 'member' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const byMember = await call(otherAdmin, 'DELETE', `${base}/invitations/${pendingId}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.code).toBe('FORBIDDEN');
    expect((await call(owner, 'DELETE', `${base}/invitations/${pendingId}`)).statusCode).toBe(200);

    const after = await team(owner, locked.subaccountId);
    expect(after.members.map((entry) => [entry.email, entry.role]).sort()).toEqual([
      ['locked-admin@team.test', 'member'],
      ['locked-owner@team.test', 'admin'],
    ]);
    expect(after.invitations.map((entry) => entry.email)).toEqual(['locked-joiner@team.test']);
  });

  it("answers a viewer's writes 403 and an outsider 404 on every team route", async () => {
    const viewer = await signInWithWorkspace(app, 'viewer2@team.test');
    const token = await invite('viewer2@team.test', 'viewer');
    await call(viewer, 'POST', `/api/invitations/${token}/accept`);
    const outsider = await signInWithWorkspace(app, 'outsider@team.test');
    const { members } = await team(admin);
    const memberId = members[0]!.id;
    const base = `/api/subaccounts/${admin.subaccountId}/team`;
    const writes: [method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['POST', `${base}/invitations`, { email: 'x@team.test', role: 'viewer' }],
      ['POST', `${base}/invitations/any/resend`],
      ['DELETE', `${base}/invitations/any`],
      ['PATCH', `${base}/members/${memberId}`, { role: 'viewer' }],
      ['DELETE', `${base}/members/${memberId}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(viewer, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(outsider, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(outsider, 'GET', base)).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', `/api/me/subaccounts/${admin.subaccountId}`)).statusCode).toBe(404);
    expect((await team(viewer)).members.length).toBeGreaterThan(1);
  });
});
