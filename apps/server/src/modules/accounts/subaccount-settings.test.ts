import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subaccount } from '@agentry/core/auth';
import type { ConnectionSummary, SubaccountProfile } from '@agentry/core/subaccounts';
import { agent } from '../agents/agents.tables';
import { billingSubscription } from '../billing/billing.tables';
import { channelConnection } from '../channels/channels.tables';
import { member, organization } from '../auth/auth.tables';
import { widgetConnection } from '../widget/widget.tables';
import { rowsOf } from '../../platform/db/rows-of';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember, createTestWidget } from '../../test/widget-fixtures';

/** A PNG small enough for the upload route: 1x1 pixel. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('sub-account settings, deletion, workspace creates and the connections list', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let app: TestApp;

  beforeAll(async () => {
    // Provider keys are stored encrypted: the key the server would read from ENCRYPTION_KEY.
    harness = await createTestApp({ ENCRYPTION_KEY: randomBytes(32).toString('hex') });
    app = harness.app;
  });
  afterAll(() => harness.close());

  const inject = (cookie: string, method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function uploadLogo(cookie: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/files?purpose=avatar',
      headers: { cookie, 'content-type': 'image/png', 'x-file-name': 'logo.png' },
      payload: onePixelPng,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; url: string }>();
  }

  it('saves the name and an uploaded logo, and shows them in the sub-account list', async () => {
    const owner = await signInWithWorkspace(app, 'settings-owner@agency.test');
    const logo = await uploadLogo(owner.cookie);
    const saved = await inject(owner.cookie, 'PATCH', `/api/subaccounts/${owner.subaccountId}`, {
      name: '  Bright Smile Dental ',
      logoUrl: logo.url,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SubaccountProfile>()).toMatchObject({
      name: 'Bright Smile Dental',
      logoUrl: logo.url,
      permissionRole: 'owner',
      isLocked: false,
      planName: 'Free',
      canWhiteLabel: false,
    });
    const me = await inject(owner.cookie, 'GET', '/api/me');
    expect(me.json<{ subaccounts: Subaccount[] }>().subaccounts[0]).toMatchObject({
      name: 'Bright Smile Dental',
      logoUrl: logo.url,
      isLocked: false,
      isOwner: true,
    });
    // Only uploaded images: an outside address would make the client's browser fetch it.
    const foreign = await inject(owner.cookie, 'PATCH', `/api/subaccounts/${owner.subaccountId}`, {
      logoUrl: 'https://tracker.example/logo.png',
    });
    expect(foreign.statusCode).toBe(400);
    // Nor a file that is no picture: an attachment (served to its owner only) or one that does not exist.
    const attachment = await app.inject({
      method: 'POST',
      url: '/api/files?purpose=attachment',
      headers: { cookie: owner.cookie, 'content-type': 'text/csv', 'x-file-name': 'list.csv' },
      payload: 'name,phone\nAnn,+15550001\n',
    });
    expect(attachment.statusCode).toBe(201);
    for (const logoUrl of [attachment.json<{ url: string }>().url, '/files/aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const refused = await inject(owner.cookie, 'PATCH', `/api/subaccounts/${owner.subaccountId}`, { logoUrl });
      expect(refused.statusCode, logoUrl).toBe(400);
      expect(refused.json().error.message).toBe('Upload the logo as an image file');
    }
    const removed = await inject(owner.cookie, 'PATCH', `/api/subaccounts/${owner.subaccountId}`, { logoUrl: null });
    expect(removed.json<SubaccountProfile>().logoUrl).toBeNull();
  });

  it("stores a provider key's default model, which new agents on that key get", async () => {
    const owner = await signInWithWorkspace(app, 'default-model@agency.test');
    const created = await inject(owner.cookie, 'POST', `/api/subaccounts/${owner.subaccountId}/provider-keys`, {
      provider: 'openai',
      label: 'Client key',
      apiKey: 'sk-test-client-1234',
      defaultModel: ' gpt-4.1-mini ',
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ id: string; defaultModel: string | null; lastFour: string }>();
    expect(key).toMatchObject({ defaultModel: 'gpt-4.1-mini', lastFour: '1234' });
    expect(created.body).not.toContain('sk-test-client');
    const agentOnKey = await createTestAgent(app, owner, {
      aiName: 'Keyed',
      provider: 'openai',
      providerKeyId: key.id,
    });
    expect(agentOnKey.model).toBe('gpt-4.1-mini');
    const cleared = await inject(
      owner.cookie,
      'PUT',
      `/api/subaccounts/${owner.subaccountId}/provider-keys/${key.id}`,
      { defaultModel: '' },
    );
    expect(cleared.json<{ defaultModel: string | null }>().defaultModel).toBeNull();
  });

  it('keeps white-label fields to plans that include them (Scale)', async () => {
    const owner = await signInWithWorkspace(app, 'white-label@agency.test');
    const fields = { brandName: 'Acme AI', supportEmail: 'Help@Acme.test', hidePlatformBranding: true };
    const refused = await inject(owner.cookie, 'PUT', `/api/subaccounts/${owner.subaccountId}/white-label`, fields);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', capability: 'whitelabel_subaccounts' });

    await grantTestPlan(app.platform.database.db, owner.userId, 'scale_10000_month');
    const saved = await inject(owner.cookie, 'PUT', `/api/subaccounts/${owner.subaccountId}/white-label`, fields);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SubaccountProfile>()).toMatchObject({
      planName: 'Scale',
      canWhiteLabel: true,
      whiteLabel: { brandName: 'Acme AI', supportEmail: 'help@acme.test', hidePlatformBranding: true },
    });
    const badEmail = await inject(owner.cookie, 'PUT', `/api/subaccounts/${owner.subaccountId}/white-label`, {
      ...fields,
      supportEmail: 'not an address',
    });
    expect(badEmail.statusCode).toBe(400);
  });

  it('lets admins manage the profile; members, viewers and outsiders cannot', async () => {
    const owner = await signInWithWorkspace(app, 'roles-owner@agency.test');
    const admin = await addTestMember(app, owner.subaccountId, 'roles-admin@agency.test', 'admin');
    const teammate = await addTestMember(app, owner.subaccountId, 'roles-member@agency.test', 'member');
    const viewer = await addTestMember(app, owner.subaccountId, 'roles-viewer@agency.test', 'viewer');
    const outsider = await signInWithWorkspace(app, 'roles-outsider@other.test');
    const url = `/api/subaccounts/${owner.subaccountId}`;

    expect((await inject(admin.cookie, 'PATCH', url, { name: 'Renamed by admin' })).statusCode).toBe(200);
    const byMember = await inject(teammate.cookie, 'PATCH', url, { name: 'No' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.code).toBe('FORBIDDEN');
    const byViewer = await inject(viewer.cookie, 'PATCH', url, { name: 'No' });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error).toMatchObject({ code: 'VIEWER_READ_ONLY', message: 'Viewers cannot save changes' });
    expect((await inject(outsider.cookie, 'PATCH', url, { name: 'No' })).statusCode).toBe(404);
    expect((await inject(outsider.cookie, 'GET', `${url}/profile`)).statusCode).toBe(404);
    expect((await inject(outsider.cookie, 'GET', `${url}/connection-summaries`)).statusCode).toBe(404);
    expect((await inject(viewer.cookie, 'GET', `${url}/profile`)).json<SubaccountProfile>().permissionRole).toBe(
      'viewer',
    );
    expect((await inject(teammate.cookie, 'GET', `${url}/deletion-summary`)).statusCode).toBe(403);
    expect((await inject(viewer.cookie, 'DELETE', url, { confirmation: 'confirm' })).statusCode).toBe(403);
    expect((await inject(outsider.cookie, 'DELETE', url, { confirmation: 'confirm' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${url}/profile` })).statusCode).toBe(401);
  });

  it('deletes a sub account with everything in it, after the typed confirmation', async () => {
    const owner = await signInWithWorkspace(app, 'delete-owner@agency.test');
    const { db } = app.platform.database;
    await grantTestPlan(db, owner.userId);
    const created = await inject(owner.cookie, 'POST', '/api/subaccounts', { name: 'Short-lived client' });
    const doomed = { cookie: owner.cookie, subaccountId: created.json<Subaccount>().id };
    const doomedAgent = await createTestAgent(app, doomed, { aiName: 'Doomed agent' });
    await createTestWidget(app, doomed, { agentId: doomedAgent.buildId });
    await inject(owner.cookie, 'PATCH', '/api/me/active-subaccount', { subaccountId: doomed.subaccountId });

    const summary = await inject(owner.cookie, 'GET', `/api/subaccounts/${doomed.subaccountId}/deletion-summary`);
    expect(summary.json()).toMatchObject({ agents: 1, widgets: 1, members: 1, demos: 0 });

    const unconfirmed = await inject(owner.cookie, 'DELETE', `/api/subaccounts/${doomed.subaccountId}`, {
      confirmation: 'yes',
    });
    expect(unconfirmed.statusCode).toBe(400);
    const deleted = await inject(owner.cookie, 'DELETE', `/api/subaccounts/${doomed.subaccountId}`, {
      confirmation: 'Confirm',
    });
    expect(deleted.statusCode).toBe(204);

    const left = async (table: typeof agent | typeof widgetConnection) =>
      (await db.select({ value: count() }).from(table).where(eq(table.subaccountId, doomed.subaccountId)))[0]?.value;
    expect(await left(agent)).toBe(0);
    expect(await left(widgetConnection)).toBe(0);
    expect(await db.select().from(organization).where(eq(organization.id, doomed.subaccountId))).toHaveLength(0);
    const me = (await inject(owner.cookie, 'GET', '/api/me')).json<{ activeSubaccountId: string }>();
    expect(me.activeSubaccountId).toBe(owner.subaccountId);
    expect((await inject(owner.cookie, 'GET', `/api/subaccounts/${doomed.subaccountId}/profile`)).statusCode).toBe(404);

    // The last one stays: the workspace needs a sub account to work in.
    const last = await inject(owner.cookie, 'DELETE', `/api/subaccounts/${owner.subaccountId}`, {
      confirmation: 'confirm',
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe('This is your only sub account. Create another one before deleting it.');
  });

  const ownersOnlySubaccount = "This is the owner's only sub account. They need another one before it can be deleted.";

  it("refuses another admin deleting the owner's last sub account", async () => {
    const owner = await signInWithWorkspace(app, 'last-owner@agency.test');
    const invited = await signInWithWorkspace(app, 'last-invited-admin@agency.test');
    const { db } = app.platform.database;
    await db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: invited.userId, role: 'admin' });
    const url = `/api/subaccounts/${owner.subaccountId}`;

    // The invited admin has a workspace of their own, but the owner would be left with none.
    const refused = await inject(invited.cookie, 'DELETE', url, { confirmation: 'confirm' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ownersOnlySubaccount);
    expect(await db.select().from(organization).where(eq(organization.id, owner.subaccountId))).toHaveLength(1);

    // Once the owner has another one, the same admin may delete it.
    await grantTestPlan(db, owner.userId);
    expect((await inject(owner.cookie, 'POST', '/api/subaccounts', { name: 'Second' })).statusCode).toBe(201);
    expect((await inject(invited.cookie, 'DELETE', url, { confirmation: 'confirm' })).statusCode).toBe(204);
  });

  /**
   * Runs `deletes` at once. On PostgreSQL a transaction holds the sub accounts' rows until both
   * deletes wait on a lock, so both have passed whatever check comes before their DELETE: the race
   * is forced, not hoped for. PGlite has one connection and runs transactions one after the other.
   */
  async function raceDeletes(subaccountIds: string[], deletes: () => Promise<{ statusCode: number }[]>) {
    const { db, mode } = app.platform.database;
    if (mode !== 'postgres') return deletes();
    let running: Promise<{ statusCode: number }[]> | undefined;
    await db.transaction(async (tx) => {
      await tx
        .select({ id: organization.id })
        .from(organization)
        .where(inArray(organization.id, subaccountIds))
        .for('update');
      running = deletes();
      const waiting = sql`select count(*)::int as value from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const [row] = rowsOf<{ value: number }>(await db.execute(waiting));
        if ((row?.value ?? 0) >= subaccountIds.length) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('The deletes never waited on a lock');
    });
    return running!;
  }

  it("leaves one of a user's two sub accounts when both are deleted at once", async () => {
    const owner = await signInWithWorkspace(app, 'parallel-delete@agency.test');
    const { db } = app.platform.database;
    await grantTestPlan(db, owner.userId);
    const second = (await inject(owner.cookie, 'POST', '/api/subaccounts', { name: 'Other' })).json<Subaccount>().id;
    const ids = [owner.subaccountId, second];

    const responses = await raceDeletes(ids, () =>
      Promise.all(
        ids.map((id) => inject(owner.cookie, 'DELETE', `/api/subaccounts/${id}`, { confirmation: 'confirm' })),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    const left = await db.select({ id: organization.id }).from(organization).where(inArray(organization.id, ids));
    expect(left).toHaveLength(1);
  });

  it('creates one sub account for parallel creates at the limit, naming the plan when it refuses', async () => {
    const owner = await signInWithWorkspace(app, 'parallel-subaccounts@agency.test');
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        inject(owner.cookie, 'POST', '/api/subaccounts', { name: `Client ${index}` }),
      ),
    );
    // Free plan: one sub account, which the workspace already has.
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(6).fill(403));
    expect(responses[0]?.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      capability: 'subaccounts',
      planName: 'Free',
      message: 'Your Free plan includes 1 sub account. Upgrade your plan to add more.',
    });

    // Growth allows 5: four more, however many arrive at once.
    await grantTestPlan(app.platform.database.db, owner.userId);
    const growth = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        inject(owner.cookie, 'POST', '/api/subaccounts', { name: `Growth client ${index}` }),
      ),
    );
    const statuses = growth.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(201), ...Array<number>(4).fill(403)]);
    expect(growth.find((response) => response.statusCode === 403)?.json().error.message).toBe(
      'Your Growth plan includes 5 sub accounts. Upgrade your plan to add more.',
    );
    const list = (await inject(owner.cookie, 'GET', '/api/subaccounts')).json<{ subaccounts: Subaccount[] }>();
    expect(list.subaccounts).toHaveLength(5);
  });

  it('marks locked sub accounts in the list after the plan ends', async () => {
    const owner = await signInWithWorkspace(app, 'locked-list@agency.test');
    const { db } = app.platform.database;
    const subscriptionId = await grantTestPlan(db, owner.userId);
    const created = await inject(owner.cookie, 'POST', '/api/subaccounts', { name: 'Second client' });
    const secondId = created.json<Subaccount>().id;
    await db
      .update(billingSubscription)
      .set({ status: 'canceled', endedAt: new Date() })
      .where(eq(billingSubscription.id, subscriptionId));
    const list = (await inject(owner.cookie, 'GET', '/api/subaccounts')).json<{ subaccounts: Subaccount[] }>();
    expect(list.subaccounts.map((entry) => [entry.id, entry.isLocked])).toEqual([
      [owner.subaccountId, false],
      [secondId, true],
    ]);
    const profile = await inject(owner.cookie, 'GET', `/api/subaccounts/${secondId}/profile`);
    expect(profile.json<SubaccountProfile>()).toMatchObject({ isLocked: true, planName: 'Free' });
    const rename = await inject(owner.cookie, 'PATCH', `/api/subaccounts/${secondId}`, { name: 'Still locked' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error).toMatchObject({ code: 'PLAN_REQUIRED', reason: 'subaccount_locked' });
  });

  it('lists website widgets and messaging connections together, newest first', async () => {
    const owner = await signInWithWorkspace(app, 'connections-list@agency.test');
    const { db } = app.platform.database;
    const empty = await inject(owner.cookie, 'GET', `/api/subaccounts/${owner.subaccountId}/connection-summaries`);
    expect(empty.json()).toEqual({ connections: [] });

    const salesAgent = await createTestAgent(app, owner, { aiName: 'Sales agent' });
    const widget = await createTestWidget(app, owner, {
      agentId: salesAgent.buildId,
      settings: { widgetTitle: 'Dental chat' },
    });
    const smsId = randomUUID();
    const instagramId = randomUUID();
    await db.insert(channelConnection).values([
      {
        id: smsId,
        subaccountId: owner.subaccountId,
        serviceType: 'sms',
        name: 'Front desk SMS',
        agentId: salesAgent.buildId,
        status: 'needs_attention',
        createdAt: new Date(Date.now() + 1000),
      },
      {
        id: instagramId,
        subaccountId: owner.subaccountId,
        serviceType: 'instagram-dms',
        name: 'Instagram DMs',
        createdAt: new Date(Date.now() + 2000),
      },
    ]);

    const viewer = await addTestMember(app, owner.subaccountId, 'connections-viewer@agency.test', 'viewer');
    const response = await inject(viewer.cookie, 'GET', `/api/subaccounts/${owner.subaccountId}/connection-summaries`);
    expect(response.statusCode).toBe(200);
    const connections = response.json<{ connections: ConnectionSummary[] }>().connections;
    expect(
      connections.map((entry) => [entry.serviceType, entry.name, entry.status, entry.agent?.name ?? null]),
    ).toEqual([
      ['instagram-dms', 'Instagram DMs', 'pending_connection', null],
      ['sms', 'Front desk SMS', 'needs_attention', 'Sales agent'],
      ['website-widget', 'Dental chat', 'active', 'Sales agent'],
    ]);
    expect(connections[2]?.href).toBe(`/${owner.subaccountId}/website-widget?widget=${widget.connectionId}`);
    expect(connections[0]?.href).toBe(`/${owner.subaccountId}/link3?connection=${instagramId}`);
  });
});
