import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BlockLoaderConfig,
  WIDGET_PAGE_CONFIG_ELEMENT_ID,
  WidgetChatReply,
  WidgetPageConfig,
  defaultWidgetSettings,
  type WidgetConnection,
} from '@agentry/core/widget';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember, createTestWidget, createTestWidgetDist } from '../../test/widget-fixtures';
import { widgetConversation, widgetMessage } from './widget.tables';

/**
 * The website block (docs/product/widget.md#website-block): a widget connection of type
 * 'website-block' with its own designer list, plan count and loader (block.js), and the
 * widget's visitor API, limits and conversations.
 */
describe('website block connections, block.js and visitor chat', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let dist: ReturnType<typeof createTestWidgetDist>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    dist = createTestWidgetDist();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      WIDGET_DIST_DIR: dist.dir,
    });
    owner = await signInWithWorkspace(harness.app, 'owner@blocks.test');
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    agentId = (
      await createTestAgent(harness.app, owner, { aiName: 'Block Bot', instructions: 'You are the block bot.' })
    ).buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
    dist.remove();
  });
  beforeEach(() => fake.reset());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const chat = (widgetId: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url: `/api/widget/${widgetId}/chat`, headers, payload });
  const listOf = async (type: string) =>
    (await inject('GET', `/api/subaccounts/${owner.subaccountId}/connections?type=${type}`, owner.cookie)).json<{
      connections: WidgetConnection[];
    }>().connections;

  let block: WidgetConnection;

  it('creates a block deployed at once, counted apart from widgets on the free plan, and listed by its type', async () => {
    const widget = await createTestWidget(harness.app, owner);
    block = await createTestWidget(harness.app, owner, { type: 'website-block', agentId });
    expect(block).toMatchObject({ type: 'website-block', buildId: agentId, needsRedeploy: false });
    expect(block.settings.block).toEqual({ height: 560, fillContainer: false, borderWidth: 1, cornerRadius: 16 });
    expect(widget.type).toBe('website-widget');

    // Free plan: one of each type. A second block is refused; paid plans have no limit.
    const second = await inject('POST', `/api/subaccounts/${owner.subaccountId}/connections`, owner.cookie, {
      type: 'website-block',
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toMatchObject({ code: 'PLAN_REQUIRED', capability: 'connections_per_type' });

    expect((await listOf('website-block')).map((entry) => entry.connectionId)).toEqual([block.connectionId]);
    expect((await listOf('website-widget')).map((entry) => entry.connectionId)).toEqual([widget.connectionId]);

    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    const third = await inject('POST', `/api/subaccounts/${owner.subaccountId}/connections`, owner.cookie, {
      type: 'website-block',
    });
    expect(third.statusCode).toBe(201);
    expect(await listOf('website-block')).toHaveLength(2);
  });

  it('saves a draft, deploys it, and serves only the deployed block settings to the iframe page and block.js', async () => {
    const draft = {
      ...block.settings,
      widgetTitle: 'Ask our clinic',
      block: { height: 640, fillContainer: false, borderWidth: 2, cornerRadius: 8 },
    };
    const saved = await inject('PUT', `/api/connections/${block.connectionId}`, owner.cookie, { settings: draft });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<WidgetConnection>()).toMatchObject({ needsRedeploy: true, settings: { block: draft.block } });

    // Visitors still get the deployed copy.
    const before = BlockLoaderConfig.parse(
      loaderConfig((await inject('GET', `/widget/${block.widgetId}/block.js`)).body),
    );
    expect(before).toEqual({ widgetId: block.widgetId, origin: expect.any(String), fillContainer: false, height: 360 });

    const deployed = await inject('POST', `/api/connections/${block.connectionId}/deploy`, owner.cookie, {});
    expect(deployed.json<WidgetConnection>().needsRedeploy).toBe(false);

    const page = await inject('GET', `/widget/${block.widgetId}`);
    expect(page.statusCode).toBe(200);
    const config = pageConfig(page.body);
    expect(config).toMatchObject({ isBlock: true, widgetTitle: 'Ask our clinic', block: draft.block });
    expect(config).not.toHaveProperty('dailyLimit');
    expect(config).not.toHaveProperty('allowedDomains');

    const settings = await inject('GET', `/api/widget/${block.widgetId}/settings`);
    expect(settings.json()).toMatchObject({ isBlock: true, block: draft.block });

    const script = await inject('GET', `/widget/${block.widgetId}/block.js`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(script.headers.etag).toBeDefined();
    expect(script.body).toContain('__agentryTestBlockConfig');
    expect(script.body).not.toContain('__AGENTRY_WIDGET_CONFIG__');
    const cached = await harness.app.inject({
      method: 'GET',
      url: `/widget/${block.widgetId}/block.js`,
      headers: { 'if-none-match': String(script.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    // Fill the container: the loader gives the frame the element's whole height.
    await inject('PUT', `/api/connections/${block.connectionId}`, owner.cookie, {
      settings: { ...draft, block: { ...draft.block, fillContainer: true } },
      deploy: true,
    });
    const filled = BlockLoaderConfig.parse(
      loaderConfig((await inject('GET', `/widget/${block.widgetId}/block.js`)).body),
    );
    expect(filled.fillContainer).toBe(true);
  });

  it("refuses the wrong loader for each type, and a block's invalid height or corners (400)", async () => {
    const widget = (await listOf('website-widget'))[0];
    if (!widget) throw new Error('no widget');
    const wrongForBlock = await inject('GET', `/widget/${block.widgetId}/widget.js`);
    expect(wrongForBlock.statusCode).toBe(404);
    expect(wrongForBlock.body).toContain('block.js');
    const wrongForWidget = await inject('GET', `/widget/${widget.widgetId}/block.js`);
    expect(wrongForWidget.statusCode).toBe(404);
    expect(wrongForWidget.body).toContain('widget.js');
    expect((await inject('GET', '/widget/wgt_unknown/block.js')).statusCode).toBe(404);

    for (const invalid of [{ height: 200 }, { height: 1200 }, { cornerRadius: 40 }, { borderWidth: -1 }]) {
      const response = await inject('PUT', `/api/connections/${block.connectionId}`, owner.cookie, {
        settings: { ...defaultWidgetSettings, block: { ...defaultWidgetSettings.block, ...invalid } },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers visitors through the widget chat API and stores the conversation for the dashboard', async () => {
    const first = await chat(block.widgetId, { message: 'Do you open on Saturday?' });
    expect(first.statusCode).toBe(200);
    const reply = WidgetChatReply.parse(first.json());
    expect(reply.message).toBe('Echo: Do you open on Saturday?');
    expect(fake.requests[0]?.body.messages[0]).toEqual({ role: 'system', content: 'You are the block bot.' });

    const next = await chat(block.widgetId, {
      message: 'And Sunday?',
      contactIdentifier: reply.contactIdentifier,
      widgetConversationThreadId: reply.widgetConversationThreadId,
    });
    expect(WidgetChatReply.parse(next.json()).widgetConversationThreadId).toBe(reply.widgetConversationThreadId);

    const db = harness.app.platform.database.db;
    const [conversation] = await db
      .select()
      .from(widgetConversation)
      .where(eq(widgetConversation.id, reply.widgetConversationThreadId));
    expect(conversation).toMatchObject({ connectionId: block.connectionId, totalMessages: 4 });
    const messages = await db
      .select()
      .from(widgetMessage)
      .where(eq(widgetMessage.conversationId, reply.widgetConversationThreadId));
    expect(messages).toHaveLength(4);

    const listed = await inject('GET', `/api/connections/${block.connectionId}/conversations`, owner.cookie);
    expect(listed.json().conversations).toHaveLength(1);

    // Viewers read the block but cannot change it.
    const viewer = await addTestMember(harness.app, owner.subaccountId, 'viewer@blocks.test', 'viewer');
    expect((await inject('GET', `/api/connections/${block.connectionId}`, viewer.cookie)).statusCode).toBe(200);
    const write = await inject('PUT', `/api/connections/${block.connectionId}`, viewer.cookie, {
      settings: block.settings,
    });
    expect(write.statusCode).toBe(403);
  });

  it('keeps to the allowed domains: frame-ancestors on the iframe page and 403 for another origin', async () => {
    await inject('PUT', `/api/connections/${block.connectionId}`, owner.cookie, {
      settings: { ...block.settings, allowedDomains: ['clinic.example'] },
      deploy: true,
    });
    const page = await inject('GET', `/widget/${block.widgetId}`);
    expect(String(page.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://clinic.example http://clinic.example",
    );
    const refused = await chat(block.widgetId, { message: 'hi' }, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('WIDGET_ORIGIN_NOT_ALLOWED');
    expect((await chat(block.widgetId, { message: 'hi' }, { origin: 'https://www.clinic.example' })).statusCode).toBe(
      200,
    );
  });

  it('answers 429 once the daily limit is reached, like the widget', async () => {
    await inject('PUT', `/api/connections/${block.connectionId}`, owner.cookie, {
      settings: { ...block.settings, dailyLimit: 1 },
      deploy: true,
    });
    // The earlier tests already used today's allowance of 1.
    const over = await chat(block.widgetId, { message: 'one more' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('This chat has reached its daily message limit. Please try again tomorrow.');
  });
});

function loaderConfig(script: string): unknown {
  const match = /var c=(\{.*?\});window/.exec(script);
  return JSON.parse(match?.[1] ?? 'null');
}

function pageConfig(html: string) {
  const match = new RegExp(
    `<script id="${WIDGET_PAGE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  return WidgetPageConfig.parse(JSON.parse(match?.[1] ?? 'null'));
}
