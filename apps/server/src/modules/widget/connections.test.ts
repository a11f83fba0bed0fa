import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidgetSettings, type WidgetConnection } from '@agentry/core/widget';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember, createTestWidget } from '../../test/widget-fixtures';

describe('website widget connections (dashboard API)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    harness = await createTestApp();
    owner = await signInWithWorkspace(harness.app, 'owner@widgets.test');
    outsider = await signInWithWorkspace(harness.app, 'outsider@widgets.test');
  });
  afterAll(() => harness.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('creates a widget deployed at once with the defaults, and keeps to the plan limit of widgets per sub account', async () => {
    const session = await signInWithWorkspace(harness.app, 'limit@widgets.test');
    const created = await call('POST', `/api/subaccounts/${session.subaccountId}/connections`, session.cookie, {
      type: 'website-widget',
    });
    expect(created.statusCode).toBe(201);
    const connection = created.json<WidgetConnection>();
    expect(connection).toMatchObject({
      subaccountId: session.subaccountId,
      buildId: null,
      template: 'professional',
      needsRedeploy: false,
      deployedAt: expect.any(String),
    });
    expect(connection.widgetId).toMatch(/^wgt_/);
    expect(connection.widgetId).not.toBe(connection.connectionId);
    expect(connection.settings).toEqual(defaultWidgetSettings);

    // The free plan allows one website widget per sub account.
    const second = await call('POST', `/api/subaccounts/${session.subaccountId}/connections`, session.cookie, {
      type: 'website-widget',
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'Pick a plan to use this feature',
      capability: 'connections_per_type',
    });

    await grantTestPlan(harness.app.platform.database.db, session.userId);
    const third = await call('POST', `/api/subaccounts/${session.subaccountId}/connections`, session.cookie, {
      type: 'website-widget',
    });
    expect(third.statusCode).toBe(201);
    const listed = await call(
      'GET',
      `/api/subaccounts/${session.subaccountId}/connections?type=website-widget`,
      session.cookie,
    );
    expect(
      listed
        .json()
        .connections.map((entry: WidgetConnection) => entry.connectionId)
        .sort(),
    ).toEqual([connection.connectionId, third.json().connectionId].sort());
  });

  it('seeds a widget created with an agent from its name, greeting and suggested replies', async () => {
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Shop Helper',
      firstMessage: 'Welcome to the shop!',
      suggestedResponses: ['Where is my order?'],
    });
    const connection = await createTestWidget(harness.app, owner, { agentId: agent.buildId });
    expect(connection).toMatchObject({ buildId: agent.buildId, needsRedeploy: false });
    expect(connection.settings).toMatchObject({
      widgetTitle: 'Shop Helper',
      aiName: 'Shop Helper',
      firstMessage: 'Welcome to the shop!',
      suggestedResponses: ['Where is my order?'],
    });
    const publicSettings = await harness.app.inject({
      method: 'GET',
      url: `/api/widget/${connection.widgetId}/settings`,
    });
    expect(publicSettings.json()).toMatchObject({
      widgetId: connection.widgetId,
      hasBuild: true,
      aiName: 'Shop Helper',
    });
  });

  it('prefills the draft from the agent chosen with Choose Build, follows a change of agent, and keeps what the creator wrote', async () => {
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    const smile = await createTestAgent(harness.app, owner, {
      aiName: 'Smile Desk',
      firstMessage: 'Welcome to Bright Smile Dental!',
      suggestedResponses: ['Book a cleaning', 'Opening hours'],
    });
    const front = await createTestAgent(harness.app, owner, {
      aiName: 'Front Desk',
      firstMessage: 'Hi, this is the front desk.',
      suggestedResponses: ['Parking'],
    });
    const connection = await createTestWidget(harness.app, owner);
    expect(connection.settings).toMatchObject({ widgetTitle: 'Chat Widget', aiName: 'AI Assistant' });
    const url = `/api/connections/${connection.connectionId}`;
    const chosen = await call('PUT', `${url}/update-build`, owner.cookie, { buildId: smile.buildId });
    expect(chosen.json().settings).toMatchObject({
      widgetTitle: 'Smile Desk',
      aiName: 'Smile Desk',
      firstMessage: 'Welcome to Bright Smile Dental!',
      suggestedResponses: ['Book a cleaning', 'Opening hours'],
    });
    // The creator edits the title; the next agent replaces only what they did not write.
    await call('PUT', url, owner.cookie, { settings: { ...chosen.json().settings, widgetTitle: 'Bright Smile' } });
    const changed = await call('PUT', `${url}/update-build`, owner.cookie, { buildId: front.buildId });
    expect(changed.json().settings).toMatchObject({
      widgetTitle: 'Bright Smile',
      aiName: 'Front Desk',
      firstMessage: 'Hi, this is the front desk.',
      suggestedResponses: ['Parking'],
    });
  });

  it('lets members read and edit, viewers only read (403 on writes), admins delete, and hides it from outsiders (404)', async () => {
    const connection = await createTestWidget(harness.app, owner);
    const url = `/api/connections/${connection.connectionId}`;
    const viewer = await addTestMember(harness.app, owner.subaccountId, 'viewer@widgets.test', 'viewer');
    const teammate = await addTestMember(harness.app, owner.subaccountId, 'member@widgets.test', 'member');
    const settings = { ...connection.settings, widgetTitle: 'Support' };

    expect((await call('GET', url, viewer.cookie)).statusCode).toBe(200);
    const viewerWrite = await call('PUT', url, viewer.cookie, { settings });
    expect(viewerWrite.statusCode).toBe(403);
    expect(viewerWrite.json().error).toMatchObject({
      code: 'VIEWER_READ_ONLY',
      message: 'Viewers cannot save changes',
    });
    expect((await call('POST', `${url}/deploy`, viewer.cookie)).statusCode).toBe(403);

    for (const [method, path] of [
      ['GET', url],
      ['PUT', url],
      ['POST', `${url}/deploy`],
      ['GET', `${url}/conversations`],
      ['DELETE', url],
    ] as const) {
      const response = await call(method, path, outsider.cookie, method === 'PUT' ? { settings } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/api/subaccounts/${owner.subaccountId}/connections`, outsider.cookie)).statusCode).toBe(
      404,
    );
    expect((await harness.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const saved = await call('PUT', url, teammate.cookie, { settings });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.widgetTitle).toBe('Support');

    expect((await call('DELETE', url, teammate.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', url, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', url, owner.cookie)).statusCode).toBe(404);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/widget/${connection.widgetId}/settings` })).statusCode,
    ).toBe(404);
  });

  it('flips needsRedeploy when the draft settings or build differ from what was deployed; visitors get only what was deployed', async () => {
    const connection = await createTestWidget(harness.app, owner);
    const url = `/api/connections/${connection.connectionId}`;
    const publicTitle = async () =>
      (await harness.app.inject({ method: 'GET', url: `/api/widget/${connection.widgetId}/settings` })).json()
        .widgetTitle;
    expect(connection.needsRedeploy).toBe(false);

    const drafted = await call('PUT', url, owner.cookie, {
      settings: { ...connection.settings, widgetTitle: 'Draft title' },
    });
    expect(drafted.json()).toMatchObject({ needsRedeploy: true, settings: { widgetTitle: 'Draft title' } });
    expect(await publicTitle()).toBe('Chat Widget');

    const deployed = await call('POST', `${url}/deploy`, owner.cookie);
    expect(deployed.json()).toMatchObject({ needsRedeploy: false });
    expect(await publicTitle()).toBe('Draft title');

    // Saving the same settings again changes nothing visitors see.
    expect((await call('PUT', url, owner.cookie, { settings: deployed.json().settings })).json().needsRedeploy).toBe(
      false,
    );

    const agent = await createTestAgent(harness.app, owner, { aiName: 'Redeploy Agent' });
    const built = await call('PUT', `${url}/update-build`, owner.cookie, { buildId: agent.buildId });
    expect(built.statusCode).toBe(200);
    expect(built.json()).toMatchObject({ buildId: agent.buildId, needsRedeploy: true });
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/widget/${connection.widgetId}/settings` })).json().hasBuild,
    ).toBe(false);

    const saveAndDeploy = await call('PUT', url, owner.cookie, {
      settings: { ...connection.settings, widgetTitle: 'Live', template: 'legacy' },
      deploy: true,
    });
    expect(saveAndDeploy.json()).toMatchObject({ needsRedeploy: false, template: 'legacy', buildId: agent.buildId });
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/widget/${connection.widgetId}/settings` })).json(),
    ).toMatchObject({ hasBuild: true, widgetTitle: 'Live', template: 'legacy' });
  });

  it('refuses an agent of another sub account (404) when creating or choosing the build, and invalid settings (400)', async () => {
    const connection = await createTestWidget(harness.app, owner);
    const foreignAgent = await createTestAgent(harness.app, outsider, { aiName: 'Not yours' });
    const update = await call('PUT', `/api/connections/${connection.connectionId}/update-build`, owner.cookie, {
      buildId: foreignAgent.buildId,
    });
    expect(update.statusCode).toBe(404);
    expect(update.json().error.message).toBe('Agent not found');
    const create = await call('POST', `/api/subaccounts/${owner.subaccountId}/connections`, owner.cookie, {
      type: 'website-widget',
      buildId: foreignAgent.buildId,
    });
    expect(create.statusCode).toBe(404);
    expect((await call('GET', `/api/connections/${connection.connectionId}`, owner.cookie)).json().buildId).toBeNull();

    const invalid = await call('PUT', `/api/connections/${connection.connectionId}`, owner.cookie, {
      settings: { ...connection.settings, width: 900, themeColor: 'teal' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .error.fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['settings.themeColor', 'settings.width']);
  });
});
