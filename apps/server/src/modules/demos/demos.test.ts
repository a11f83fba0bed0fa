import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_HISTORY_CHARS, type Demo, type PublicDemo } from '@agentry/core/demos';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { member } from '../auth/auth.tables';
import { getCreditBalance } from '../credits/get-credit-balance';
import { llmThread } from '../llm/llm.tables';
import { demo } from './demos.tables';

describe('demos', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      DEMO_RATE_LIMIT_PER_MINUTE: '1000',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@demos.test');
    outsider = await signInWithWorkspace(harness.app, 'outsider@demos.test');
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    // Starter: several agents in one sub account, and the same demo capabilities as the free plan.
    await grantTestPlan(harness.app.platform.database.db, owner.userId, 'starter_500_month');
    agentId = (
      await createTestAgent(harness.app, owner, {
        aiName: 'Dental Bot',
        instructions: 'You help patients of Smile Dental.',
        firstMessage: 'Welcome to Smile Dental!',
      })
    ).buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie?: string) =>
    harness.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: cookie ? { cookie } : {},
    });

  async function createDemo(body: Record<string, unknown> = {}, session = owner): Promise<Demo> {
    const response = await inject(
      'POST',
      `/api/subaccounts/${session.subaccountId}/demos`,
      { name: 'Smile Dental demo', type: 'standard', buildId: agentId, ...body },
      session.cookie,
    );
    if (response.statusCode !== 201) throw new Error(`demo creation failed: ${response.statusCode} ${response.body}`);
    return response.json<Demo>();
  }

  async function addMember(email: string, role: 'admin' | 'member' | 'viewer') {
    const session = await signInWithWorkspace(harness.app, email);
    await harness.app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: session.userId, role });
    return session;
  }

  describe('creator API', () => {
    it('creates a demo with the documented defaults, lists, reads, updates and deletes it', async () => {
      const created = await createDemo();
      expect(created.demoId).toMatch(/^demo_[A-Za-z0-9_-]{24}$/);
      expect(created).toMatchObject({
        name: 'Smile Dental demo',
        type: 'standard',
        buildId: agentId,
        build: {
          buildId: agentId,
          assistantId: agentId,
          aiName: 'Dental Bot',
          provider: 'openai',
          openrouterModel: false,
        },
        isMisconfigured: false,
        requestCount: 0,
        requestLimit: 100,
        sharePath: `/shared/${created.demoId}`,
      });
      // Texts left generic come from the agent.
      expect(created.settings).toMatchObject({
        widgetTitle: 'Dental Bot',
        assistantName: 'Dental Bot',
        websiteAssistantName: 'Dental Bot',
        socialContactName: 'Dental Bot',
      });
      expect(created.settings.chatBubble).toEqual({
        enabled: true,
        message: 'Hi there! Need any help?',
        delaySeconds: 2,
      });
      expect(created.settings.widgetTemplate).toBe('professional');
      expect(created.settings.embedSettings).toEqual({ responsive: true, width: 420, height: 600 });
      expect(created.settings.platformSettings).toMatchObject({
        position: 'bottom-right',
        headerHeight: 60,
        headerPadding: 16,
        logoSize: 100,
      });
      expect(created.settings.backgroundSettings).toMatchObject({
        backgroundColor: '#1a1d23',
        titleSize: 24,
        counterPosition: 'bottom-right',
      });

      const list = await inject('GET', `/api/subaccounts/${owner.subaccountId}/demos`, undefined, owner.cookie);
      expect(list.json<{ demos: Demo[] }>().demos.map((entry) => entry.demoId)).toContain(created.demoId);

      const patched = await inject(
        'PATCH',
        `/api/demos/${created.demoId}`,
        {
          name: 'Renamed',
          type: 'sms',
          logoUrl: 'https://cdn.example.com/logo.png',
          settings: {
            ...created.settings,
            welcomeMessage: 'Hi from the demo',
            chatBubble: { ...created.settings.chatBubble, delaySeconds: 5 },
          },
        },
        owner.cookie,
      );
      expect(patched.statusCode).toBe(200);
      expect(patched.json<Demo>()).toMatchObject({
        name: 'Renamed',
        type: 'sms',
        logoUrl: 'https://cdn.example.com/logo.png',
        settings: {
          welcomeMessage: 'Hi from the demo',
          logoUrl: 'https://cdn.example.com/logo.png',
          chatBubble: { delaySeconds: 5 },
        },
      });
      expect((await inject('GET', `/api/demos/${created.demoId}`, undefined, owner.cookie)).json<Demo>().name).toBe(
        'Renamed',
      );

      expect((await inject('DELETE', `/api/demos/${created.demoId}`, undefined, owner.cookie)).statusCode).toBe(204);
      expect((await inject('GET', `/api/demos/${created.demoId}`, undefined, owner.cookie)).statusCode).toBe(404);
      expect((await inject('GET', `/api/shared-demos/${created.demoId}`)).json().error.message).toBe(
        'Demo configuration not found. Please contact the demo creator.',
      );
    });

    it('keeps tenants apart: outsiders get 404 everywhere, viewers read but cannot write (403)', async () => {
      const created = await createDemo();
      for (const [method, url] of [
        ['GET', `/api/demos/${created.demoId}`],
        ['PATCH', `/api/demos/${created.demoId}`],
        ['DELETE', `/api/demos/${created.demoId}`],
        ['GET', `/api/subaccounts/${owner.subaccountId}/demos`],
      ] as const) {
        const response = await inject(
          method,
          url,
          method === 'PATCH' ? { name: 'Hijacked' } : undefined,
          outsider.cookie,
        );
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      // An agent of another sub account cannot be put behind a demo.
      const foreignAgent = await createTestAgent(harness.app, outsider, { aiName: 'Foreign' });
      const stolen = await inject(
        'POST',
        `/api/subaccounts/${owner.subaccountId}/demos`,
        { name: 'x', type: 'standard', buildId: foreignAgent.buildId },
        owner.cookie,
      );
      expect(stolen.statusCode).toBe(404);
      const switched = await inject(
        'PATCH',
        `/api/demos/${created.demoId}`,
        { buildId: foreignAgent.buildId },
        owner.cookie,
      );
      expect(switched.statusCode).toBe(404);

      const viewer = await addMember('viewer@demos.test', 'viewer');
      expect((await inject('GET', `/api/demos/${created.demoId}`, undefined, viewer.cookie)).statusCode).toBe(200);
      expect(
        (await inject('GET', `/api/subaccounts/${owner.subaccountId}/demos`, undefined, viewer.cookie)).statusCode,
      ).toBe(200);
      const write = await inject('PATCH', `/api/demos/${created.demoId}`, { name: 'Viewer edit' }, viewer.cookie);
      expect(write.statusCode).toBe(403);
      expect(write.json().error.message).toBe('Viewers cannot save changes');
      expect((await inject('DELETE', `/api/demos/${created.demoId}`, undefined, viewer.cookie)).statusCode).toBe(403);
      expect(
        (
          await inject(
            'POST',
            `/api/subaccounts/${owner.subaccountId}/demos`,
            { name: 'v', type: 'standard', buildId: agentId },
            viewer.cookie,
          )
        ).statusCode,
      ).toBe(403);
      expect((await inject('GET', `/api/demos/${created.demoId}`)).statusCode).toBe(401);
    });

    it('gates advanced and whitelabel settings by plan (403 PLAN_REQUIRED), basic always', async () => {
      const free = await signInWithWorkspace(harness.app, 'free@demos.test');
      const freeAgent = await createTestAgent(harness.app, free, { aiName: 'Free bot' });
      const post = (body: Record<string, unknown>) =>
        inject(
          'POST',
          `/api/subaccounts/${free.subaccountId}/demos`,
          { name: 'Free demo', type: 'website', buildId: freeAgent.buildId, ...body },
          free.cookie,
        );

      const basic = await post({
        settings: { themeColor: '#2563eb', welcomeMessage: 'Hello', widgetTemplate: 'legacy' },
        requestLimit: 50,
      });
      expect(basic.statusCode).toBe(201);

      const background = await post({ settings: { backgroundUrl: 'https://example.com' } });
      expect(background.statusCode).toBe(403);
      expect(background.json().error).toMatchObject({
        code: 'PLAN_REQUIRED',
        message: 'Pick a plan to use this feature',
        capability: 'demos.advanced',
        settings: ['backgroundUrl'],
      });
      expect((await post({ requestLimit: 500 })).json().error).toMatchObject({
        capability: 'demos.advanced',
        settings: ['requestLimit'],
      });
      expect(
        (await post({ settings: { clientMessage: { enabled: true, header: 'Hi', body: 'For ACME' } } })).statusCode,
      ).toBe(403);
      expect((await post({ settings: { hideBranding: true } })).json().error).toMatchObject({
        capability: 'demos.whitelabel',
        settings: ['hideBranding'],
      });
      expect((await post({ settings: { backgroundSettings: { customTitle: 'ACME Corp' } } })).statusCode).toBe(403);

      // Growth: advanced yes, whitelabel no. Scale: both.
      await grantTestPlan(harness.app.platform.database.db, free.userId, 'growth_3000_month');
      const advanced = await post({
        settings: { backgroundUrl: 'https://example.com', platformSettings: { headerHeight: 80 } },
        requestLimit: 500,
      });
      expect(advanced.statusCode).toBe(201);
      expect((await post({ settings: { hideBranding: true } })).statusCode).toBe(403);

      // A stored gated value may stay when other fields change, even without the capability.
      const stored = advanced.json<Demo>();
      await harness.app.platform.database.db
        .update(demo)
        .set({ settings: { ...stored.settings, hideBranding: true } })
        .where(eq(demo.id, stored.demoId));
      const keep = await inject(
        'PATCH',
        `/api/demos/${stored.demoId}`,
        { name: 'Still fine', settings: { ...stored.settings, hideBranding: true } },
        free.cookie,
      );
      expect(keep.statusCode).toBe(200);
    });

    it('lets a creator reset the request counter, and keeps the demo (misconfigured) when its agent is deleted', async () => {
      const doomedAgent = await createTestAgent(harness.app, owner, { aiName: 'Doomed' });
      const created = await createDemo({ buildId: doomedAgent.buildId });
      await harness.app.platform.database.db.update(demo).set({ requestCount: 7 }).where(eq(demo.id, created.demoId));
      const reset = await inject('PATCH', `/api/demos/${created.demoId}`, { resetRequests: true }, owner.cookie);
      expect(reset.json<Demo>().requestCount).toBe(0);

      expect(
        (
          await inject(
            'DELETE',
            `/api/subaccounts/${owner.subaccountId}/agents/${doomedAgent.buildId}`,
            undefined,
            owner.cookie,
          )
        ).statusCode,
      ).toBe(204);
      const kept = (await inject('GET', `/api/demos/${created.demoId}`, undefined, owner.cookie)).json<Demo>();
      expect(kept).toMatchObject({ buildId: null, build: null, isMisconfigured: true });
      const shared = (await inject('GET', `/api/shared-demos/${created.demoId}`)).json<PublicDemo>();
      expect(shared).toMatchObject({ isConfigured: false, agent: null });
      const chat = await inject('POST', '/api/demo-chat', { demoId: created.demoId, message: 'hello?' });
      expect(chat.statusCode).toBe(409);
      expect(chat.json().error).toMatchObject({
        code: 'DEMO_MISCONFIGURED',
        message: 'Demo is missing configuration. Please recreate the demo from the dashboard.',
      });
      // Choosing an agent again repairs it.
      const repaired = await inject('PATCH', `/api/demos/${created.demoId}`, { buildId: agentId }, owner.cookie);
      expect(repaired.json<Demo>()).toMatchObject({ buildId: agentId, isMisconfigured: false });
    });
  });

  describe('public API and demo chat', () => {
    it('answers the public shape without secrets', async () => {
      const created = await createDemo({ settings: { suggestedResponses: ['Book a cleaning'] } });
      const response = await inject('GET', `/api/shared-demos/${created.demoId}`);
      expect(response.statusCode).toBe(200);
      const shared = response.json<PublicDemo>();
      expect(shared).toMatchObject({
        demoId: created.demoId,
        name: 'Smile Dental demo',
        type: 'standard',
        requestCount: 0,
        requestLimit: 100,
        isConfigured: true,
        agent: { buildId: agentId, aiName: 'Dental Bot', firstMessage: 'Welcome to Smile Dental!' },
      });
      expect(JSON.stringify(shared)).not.toContain('You help patients');
      expect(shared).not.toHaveProperty('subaccountId');
      expect(shared.agent).not.toHaveProperty('apiKeyId');
      const missing = await inject('GET', '/api/shared-demos/demo_doesnotexist');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({
        code: 'DEMO_NOT_FOUND',
        message: 'Demo configuration not found. Please contact the demo creator.',
      });
    });

    it('chats anonymously, keeps the thread across turns and answers every client spelling; the sub account pays', async () => {
      const created = await createDemo();
      const db = harness.app.platform.database.db;
      const balanceBefore = await getCreditBalance({ db, billingUserId: owner.userId });
      const first = await inject('POST', '/api/demo-chat', {
        demoId: created.demoId,
        message: 'Do you do whitening?',
        history: [],
        messages: [],
      });
      expect(first.statusCode).toBe(200);
      const reply = first.json();
      expect(reply).toEqual({
        response: 'Echo: Do you do whitening?',
        message: 'Echo: Do you do whitening?',
        content: 'Echo: Do you do whitening?',
        threadId: expect.any(String),
        thread_id: reply.threadId,
        widgetConversationThreadId: reply.threadId,
        newWidgetConversationThreadId: reply.threadId,
        requestCount: 1,
        requestLimit: 100,
      });
      expect(fake.requests[0]?.body.messages[0]).toEqual({
        role: 'system',
        content: 'You help patients of Smile Dental.',
      });

      // The widget form: ?demoId= and widgetConversationThreadId.
      const second = await inject('POST', `/api/demo-chat?demoId=${created.demoId}`, {
        message: 'How much?',
        widgetConversationThreadId: reply.threadId,
        contactIdentifier: 'preview_abc',
      });
      expect(second.json()).toMatchObject({ message: 'Echo: How much?', threadId: reply.threadId, requestCount: 2 });
      expect(second.json()).not.toHaveProperty('newWidgetConversationThreadId');
      expect(fake.requests[1]?.body.messages.map((message) => [message.role, textOf(message)])).toEqual([
        ['system', 'You help patients of Smile Dental.'],
        ['user', 'Do you do whitening?'],
        ['assistant', 'Echo: Do you do whitening?'],
        ['user', 'How much?'],
      ]);
      const [thread] = await harness.app.platform.database.db
        .select()
        .from(llmThread)
        .where(eq(llmThread.id, reply.threadId));
      expect(thread).toMatchObject({ source: 'demo', subaccountId: owner.subaccountId });
      expect((await inject('GET', `/api/shared-demos/${created.demoId}`)).json<PublicDemo>().requestCount).toBe(2);
      // The sub account's owner paid for both answers.
      const balanceAfter = await getCreditBalance({ db, billingUserId: owner.userId });
      expect(balanceAfter.totalMillicredits).toBeLessThan(balanceBefore.totalMillicredits);
    });

    it('starts a new thread from the history without the welcome message and without empty contents', async () => {
      const created = await createDemo({ settings: { welcomeMessage: 'Hi! I am the Smile Dental demo.' } });
      const response = await inject('POST', '/api/demo-chat', {
        demoId: created.demoId,
        message: 'And on Saturdays?',
        history: [
          { role: 'assistant', content: 'Hi! I am the Smile Dental demo.' },
          { role: 'user', content: 'Are you open on Mondays?' },
          { role: 'assistant', content: '' },
          { role: 'assistant', content: 'Yes, 9 to 5.' },
          { role: 'user', content: '   ' },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(fake.requests[0]?.body.messages.map((message) => [message.role, textOf(message)])).toEqual([
        ['system', 'You help patients of Smile Dental.'],
        ['user', 'Are you open on Mondays?'],
        ['assistant', 'Yes, 9 to 5.'],
        ['user', 'And on Saturdays?'],
      ]);
    });

    it('refuses a history over the character cap with 400 before counting or charging; one under it starts the thread', async () => {
      const created = await createDemo();
      const db = harness.app.platform.database.db;
      const balanceBefore = await getCreditBalance({ db, billingUserId: owner.userId });
      const hugeHistory = Array.from({ length: 50 }, (_, index) => ({
        role: index % 2 === 0 ? 'user' : 'assistant',
        content: `${index} ${'x'.repeat(15_990)}`,
      }));
      const tooBig = `History must be at most ${DEMO_HISTORY_CHARS} characters`;
      const refused = await inject('POST', '/api/demo-chat', {
        demoId: created.demoId,
        message: 'Summarize all of that',
        history: hugeHistory,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(tooBig);
      const refusedMessages = await inject('POST', `/api/demo-chat?demoId=${created.demoId}`, {
        message: 'Summarize all of that',
        messages: hugeHistory,
      });
      expect(refusedMessages.statusCode).toBe(400);
      expect(refusedMessages.json().error.message).toBe(tooBig);
      const smsDemo = await createDemo({ type: 'sms' });
      const refusedOpenRouter = await inject('POST', '/api/openrouter/chat', {
        demoId: smsDemo.demoId,
        build_id: agentId,
        message: 'Summarize all of that',
        messages: hugeHistory,
      });
      expect(refusedOpenRouter.statusCode).toBe(400);
      expect(refusedOpenRouter.json().error.message).toBe(tooBig);
      expect(fake.requests).toHaveLength(0);
      const countOf = async (demoId: string) =>
        (await db.select({ count: demo.requestCount }).from(demo).where(eq(demo.id, demoId)))[0]?.count;
      expect(await countOf(created.demoId)).toBe(0);
      expect(await countOf(smsDemo.demoId)).toBe(0);
      expect((await getCreditBalance({ db, billingUserId: owner.userId })).totalMillicredits).toBe(
        balanceBefore.totalMillicredits,
      );

      // Exactly at the cap: answered, the history seeds the thread.
      const half = DEMO_HISTORY_CHARS / 2;
      const fits = await inject('POST', '/api/demo-chat', {
        demoId: created.demoId,
        message: 'And now?',
        history: [
          { role: 'user', content: `a${'y'.repeat(half - 1)}` },
          { role: 'assistant', content: `b${'z'.repeat(half - 1)}` },
        ],
      });
      expect(fits.statusCode).toBe(200);
      expect(fits.json().requestCount).toBe(1);
      expect(fake.requests[0]?.body.messages.map((message) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'user',
      ]);
      // Once the thread exists the stored thread is the history: a client that sends its whole
      // conversation along is answered, and none of it reaches the model.
      const continued = await inject('POST', '/api/demo-chat', {
        demoId: created.demoId,
        message: 'One more',
        threadId: fits.json().threadId,
        history: hugeHistory,
      });
      expect(continued.statusCode).toBe(200);
      expect(JSON.stringify(fake.requests[1]?.body.messages)).not.toContain('x'.repeat(100));
    });

    it('answers a demo whose stored settings no longer fit with 409, without taking a request', async () => {
      const created = await createDemo();
      const db = harness.app.platform.database.db;
      await db
        .update(demo)
        .set({ settings: { ...created.settings, theme: 'sepia' } as unknown as Demo['settings'] })
        .where(eq(demo.id, created.demoId));
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await inject('POST', '/api/demo-chat', { demoId: created.demoId, message: 'hello?' });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toMatchObject({
          code: 'DEMO_MISCONFIGURED',
          message: 'Demo is missing configuration. Please recreate the demo from the dashboard.',
        });
      }
      const [stored] = await db.select({ count: demo.requestCount }).from(demo).where(eq(demo.id, created.demoId));
      expect(stored?.count).toBe(0);
      expect(fake.requests).toHaveLength(0);
    });

    it('answers /api/openrouter/chat only for the demo its build_id belongs to', async () => {
      const created = await createDemo({ type: 'sms' });
      const ok = await inject('POST', '/api/openrouter/chat', {
        demoId: created.demoId,
        build_id: agentId,
        message: 'Text me',
        provider: 'openrouter',
        model: 'openai/gpt-4o',
        userTimezone: 'Europe/Paris',
        messages: [],
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ response: 'Echo: Text me', thread_id: expect.any(String) });
      const next = await inject('POST', '/api/openrouter/chat', {
        demoId: created.demoId,
        build_id: agentId,
        message: 'Again',
        thread_id: ok.json().thread_id,
      });
      expect(next.json().threadId).toBe(ok.json().thread_id);

      // An agent id alone never opens a chat; nor does a demo with another agent's id.
      const noDemo = await inject('POST', '/api/openrouter/chat', { build_id: agentId, message: 'Let me in' });
      expect(noDemo.statusCode).toBe(400);
      const otherAgent = await createTestAgent(harness.app, owner, { aiName: 'Secret internal agent' });
      const mismatch = await inject('POST', '/api/openrouter/chat', {
        demoId: created.demoId,
        build_id: otherAgent.buildId,
        message: 'Let me in',
      });
      expect(mismatch.statusCode).toBe(404);
      expect(mismatch.json().error.message).toBe('Demo configuration not found. Please contact the demo creator.');
      expect(fake.requests).toHaveLength(2);
    });

    it('answers an unknown demo with 404 and its text, and a missing demoId with 400', async () => {
      const unknown = await inject('POST', '/api/demo-chat', { demoId: 'demo_nope', message: 'hi' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('Demo configuration not found. Please contact the demo creator.');
      expect((await inject('POST', '/api/demo-chat', { message: 'hi' })).statusCode).toBe(400);
      expect(fake.requests).toHaveLength(0);
    });

    it('stops at the request limit with 429 and its text, and a failed answer gives its request back', async () => {
      const created = await createDemo({ requestLimit: 2 });
      const send = (message: string) => inject('POST', '/api/demo-chat', { demoId: created.demoId, message });
      fake.failNext('invalid-key');
      const failed = await send('this one fails');
      expect(failed.statusCode).toBe(502);
      expect(
        (await inject('GET', `/api/demos/${created.demoId}`, undefined, owner.cookie)).json<Demo>().requestCount,
      ).toBe(0);

      expect((await send('one')).statusCode).toBe(200);
      expect((await send('two')).statusCode).toBe(200);
      const over = await send('three');
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toMatchObject({
        code: 'DEMO_LIMIT_REACHED',
        message: 'Demo usage limit reached. Please contact the demo creator for a new link.',
      });
      expect(fake.requests).toHaveLength(3);
      expect((await inject('GET', `/api/shared-demos/${created.demoId}`)).json<PublicDemo>()).toMatchObject({
        requestCount: 2,
        requestLimit: 2,
      });

      // The creator gives the link new life.
      await inject('PATCH', `/api/demos/${created.demoId}`, { resetRequests: true }, owner.cookie);
      expect((await send('four')).statusCode).toBe(200);
    });

    it('keeps the request counted when the model was called and paid but the answer could not be used', async () => {
      const created = await createDemo({ requestLimit: 5 });
      // The provider answers (and is paid), but with nothing to show.
      fake.respondWith(() => ({ text: '' }));
      try {
        const failed = await inject('POST', '/api/demo-chat', { demoId: created.demoId, message: 'hello?' });
        expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      } finally {
        fake.respondWith(null);
      }
      expect((await inject('GET', `/api/shared-demos/${created.demoId}`)).json<PublicDemo>().requestCount).toBe(1);
    });

    it('gives the request back when the sub account has no credits (402)', async () => {
      const broke = await signInWithWorkspace(harness.app, 'broke@demos.test');
      const brokeAgent = await createTestAgent(harness.app, broke, { aiName: 'Broke bot' });
      const created = await createDemo({ buildId: brokeAgent.buildId }, broke);
      const response = await inject('POST', '/api/demo-chat', { demoId: created.demoId, message: 'hi' });
      expect(response.statusCode).toBe(402);
      expect((await inject('GET', `/api/shared-demos/${created.demoId}`)).json<PublicDemo>().requestCount).toBe(0);
    });
  });
});

describe('demos without a provider (offline responder)', () => {
  it('answers from the agent instructions, labelled, and counts the request', async () => {
    const harness = await createTestApp({});
    try {
      const owner = await signInWithWorkspace(harness.app, 'offline@demos.test');
      const agent = await createTestAgent(harness.app, owner, {
        aiName: 'Offline bot',
        instructions: 'Our opening hours are 9 to 5 on weekdays.',
      });
      const created = await harness.app.inject({
        method: 'POST',
        url: `/api/subaccounts/${owner.subaccountId}/demos`,
        headers: { cookie: owner.cookie },
        payload: { name: 'Offline', type: 'website', buildId: agent.buildId },
      });
      const chat = await harness.app.inject({
        method: 'POST',
        url: '/api/demo-chat',
        payload: { demoId: created.json<Demo>().demoId, message: 'What are your opening hours?' },
      });
      expect(chat.statusCode).toBe(200);
      expect(chat.json().response).toContain(OFFLINE_RESPONDER_NOTICE);
      expect(chat.json().requestCount).toBe(1);
    } finally {
      await harness.close();
    }
  });
});

describe('demo visitor rate limit', () => {
  it('limits anonymous visitors per IP', async () => {
    const harness = await createTestApp({ DEMO_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      // A fresh address: on Redis the counters outlive one test app.
      const visitor = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        statuses.push(
          (
            await harness.app.inject({
              method: 'POST',
              url: '/api/demo-chat',
              remoteAddress: visitor,
              payload: { demoId: 'demo_nope', message: 'hi' },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      // Another visitor is not held back.
      const other = await harness.app.inject({
        method: 'POST',
        url: '/api/demo-chat',
        remoteAddress: `${visitor.split('.').slice(0, 3).join('.')}.0`,
        payload: { demoId: 'demo_nope', message: 'hi' },
      });
      expect(other.statusCode).toBe(404);
    } finally {
      await harness.close();
    }
  });

  it('counts IPv6 visitors by their /64: chat, shared-demo reads and embed checks', async () => {
    const harness = await createTestApp({ DEMO_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      // A fresh /64: on Redis the counters outlive one test app.
      const network = `2001:db8:${randomInt(65_536).toString(16)}:${randomInt(65_536).toString(16)}`;
      const addressOf = (index: number) => `${network}:${index.toString(16)}::${randomInt(1, 65_536).toString(16)}`;
      const statusesOf = async (call: (remoteAddress: string) => Promise<{ statusCode: number }>, count: number) => {
        const statuses: number[] = [];
        for (let index = 1; index <= count; index += 1) statuses.push((await call(addressOf(index))).statusCode);
        return statuses;
      };
      const chat = (remoteAddress: string) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/demo-chat',
          remoteAddress,
          payload: { demoId: 'demo_nope', message: 'hi' },
        });
      expect(await statusesOf(chat, 4)).toEqual([404, 404, 404, 429]);
      const read = (remoteAddress: string) =>
        harness.app.inject({ method: 'GET', url: '/api/shared-demos/demo_nope', remoteAddress });
      expect(await statusesOf(read, 13)).toEqual([...Array.from({ length: 12 }, () => 404), 429]);
      const embedCheck = (remoteAddress: string) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/check-embeddable',
          remoteAddress,
          payload: { demoId: 'demo_nope' },
        });
      expect(await statusesOf(embedCheck, 4)).toEqual([404, 404, 404, 429]);
      // The next /64 is another subscriber.
      expect((await chat(`2001:db8:ffff:${randomInt(65_536).toString(16)}::1`)).statusCode).toBe(404);
    } finally {
      await harness.close();
    }
  });
});
