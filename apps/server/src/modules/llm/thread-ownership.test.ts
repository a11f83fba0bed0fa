import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { WidgetChatReply } from '@agentry/core/widget';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember, createTestWidget } from '../../test/widget-fixtures';
import { llmMessage, llmThread } from './llm.tables';

/**
 * A thread belongs to one channel and one owner: a thread id passed through another channel, or
 * by another owner on the same channel, is "no such thread" (404) and its history is neither
 * sent to the model nor extended.
 */
describe('thread ownership across channels', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;
  let apiSecret: string;
  let webhookSecret: string;

  const SECRET_NOTE = 'Internal note: our margin on implants is 70 percent';

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      DEMO_RATE_LIMIT_PER_MINUTE: '1000',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@threads.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    agentId = (
      await createTestAgent(harness.app, owner, {
        aiName: 'Dental Bot',
        instructions: 'You help patients of Smile Dental.',
      })
    ).buildId;
    const key = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/api-keys`,
      headers: { cookie: owner.cookie },
      payload: { name: 'CRM' },
    });
    apiSecret = key.json().secret;
    const webhook = await harness.app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/webhook`,
      headers: { cookie: owner.cookie },
    });
    webhookSecret = webhook.json().secret;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const db = () => harness.app.platform.database.db;
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, headers, payload });
  const runPrompt = (payload: Record<string, unknown>, cookie = owner.cookie) =>
    post('/api/openai/run-prompt', payload, { cookie });
  const demoChat = (payload: Record<string, unknown>) => post('/api/demo-chat', payload);
  const completions = (payload: Record<string, unknown>) =>
    post('/v1/chat/completions', { model: agentId, ...payload }, { authorization: `Bearer ${apiSecret}` });
  const webhook = (payload: Record<string, unknown>) =>
    post(`/webhook/${agentId}`, { type: 'user_message', ...payload }, { 'x-webhook-secret': webhookSecret });

  async function createDemo(): Promise<string> {
    const response = await post(
      `/api/subaccounts/${owner.subaccountId}/demos`,
      { name: 'Smile Dental demo', type: 'standard', buildId: agentId },
      { cookie: owner.cookie },
    );
    if (response.statusCode !== 201) throw new Error(`demo creation failed: ${response.statusCode} ${response.body}`);
    return response.json<{ demoId: string }>().demoId;
  }

  async function storedMessages(threadId: string) {
    const rows = await db()
      .select({ role: llmMessage.role, content: llmMessage.content })
      .from(llmMessage)
      .where(eq(llmMessage.threadId, threadId))
      .orderBy(asc(llmMessage.position));
    return rows.map((row) => `${row.role}: ${row.content}`);
  }

  /** Every text the model was sent since the last reset. */
  const sentTexts = () => fake.requests.flatMap((request) => request.body.messages.map((message) => textOf(message)));

  async function creatorTestChatThread(): Promise<string> {
    const first = await runPrompt({ assistantId: agentId, message: SECRET_NOTE });
    expect(first.statusCode).toBe(200);
    fake.reset();
    return first.json<{ threadId: string }>().threadId;
  }

  async function expectUntouched(
    threadId: string,
    messages: string[],
    response: { statusCode: number; json: () => { error: { message: string } } },
  ) {
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Thread not found');
    expect(sentTexts()).not.toContain(SECRET_NOTE);
    expect(await storedMessages(threadId)).toEqual(messages);
  }

  it("records each thread's channel and owner", async () => {
    const demoId = await createDemo();
    const testChat = (await runPrompt({ assistantId: agentId, message: 'hi' })).json().threadId;
    const demo = (await demoChat({ demoId, message: 'hi' })).json().threadId;
    const api = (await completions({ messages: [{ role: 'user', content: 'hi' }] })).json().thread_id;
    const hook = (await webhook({ message: 'hi' })).json().threadId;
    const rows = await db()
      .select({ id: llmThread.id, source: llmThread.source, owner: llmThread.owner })
      .from(llmThread);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(testChat)).toEqual({ id: testChat, source: 'test-chat', owner: `user:${owner.userId}` });
    expect(byId.get(demo)).toEqual({ id: demo, source: 'demo', owner: `demo:${demoId}` });
    expect(byId.get(api)).toEqual({ id: api, source: 'api', owner: `subaccount:${owner.subaccountId}` });
    expect(byId.get(hook)).toEqual({ id: hook, source: 'webhook', owner: `agent:${agentId}` });
  });

  it("refuses the creator's test-chat thread in the demo chat: its history is neither used nor extended", async () => {
    const demoId = await createDemo();
    const threadId = await creatorTestChatThread();
    const before = await storedMessages(threadId);
    expect(before).toEqual([`user: ${SECRET_NOTE}`, `assistant: Echo: ${SECRET_NOTE}`]);

    await expectUntouched(threadId, before, await demoChat({ demoId, threadId, message: 'What did we talk about?' }));
    await expectUntouched(
      threadId,
      before,
      await post('/api/openrouter/chat', {
        demoId,
        build_id: agentId,
        thread_id: threadId,
        message: 'What did we talk about?',
      }),
    );
    expect(fake.requests).toHaveLength(0);

    // Without the stolen id the visitor gets a fresh thread that knows nothing of the creator's.
    const fresh = await demoChat({ demoId, message: 'What did we talk about?' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().threadId).not.toBe(threadId);
    expect(sentTexts()).not.toContain(SECRET_NOTE);
    expect(await storedMessages(threadId)).toEqual(before);
  });

  it("refuses one demo's thread in another demo of the same agent, and a demo thread in the creator's test chat", async () => {
    const [first, second] = [await createDemo(), await createDemo()];
    const visitor = await demoChat({ demoId: first, message: SECRET_NOTE });
    const threadId = visitor.json<{ threadId: string }>().threadId;
    const before = await storedMessages(threadId);
    fake.reset();
    await expectUntouched(threadId, before, await demoChat({ demoId: second, threadId, message: 'Continue' }));
    await expectUntouched(threadId, before, await runPrompt({ assistantId: agentId, threadId, message: 'Continue' }));

    const continued = await demoChat({ demoId: first, threadId, message: 'Continue' });
    expect(continued.json().threadId).toBe(threadId);
    expect(sentTexts()).toContain(SECRET_NOTE);
  });

  it("refuses another member's test-chat thread in the same sub account", async () => {
    const threadId = await creatorTestChatThread();
    const before = await storedMessages(threadId);
    const colleague = await addTestMember(harness.app, owner.subaccountId, 'colleague@threads.test', 'member');
    await grantTestCredits(harness.app, colleague.userId, 5_000_000);
    await expectUntouched(
      threadId,
      before,
      await runPrompt({ assistantId: agentId, threadId, message: 'Show me' }, colleague.cookie),
    );
  });

  it('refuses test-chat, public API and webhook threads through each other', async () => {
    const testChat = await creatorTestChatThread();
    const api = (await completions({ messages: [{ role: 'user', content: SECRET_NOTE }] })).json().thread_id as string;
    const hook = (await webhook({ message: SECRET_NOTE })).json().threadId as string;
    const stored = {
      testChat: await storedMessages(testChat),
      api: await storedMessages(api),
      hook: await storedMessages(hook),
    };
    fake.reset();

    await expectUntouched(
      testChat,
      stored.testChat,
      await completions({ thread_id: testChat, messages: [{ role: 'user', content: 'Go on' }] }),
    );
    await expectUntouched(testChat, stored.testChat, await webhook({ threadId: testChat, message: 'Go on' }));
    await expectUntouched(api, stored.api, await webhook({ threadId: api, message: 'Go on' }));
    await expectUntouched(api, stored.api, await runPrompt({ assistantId: agentId, threadId: api, message: 'Go on' }));
    await expectUntouched(
      hook,
      stored.hook,
      await completions({ thread_id: hook, messages: [{ role: 'user', content: 'Go on' }] }),
    );
    await expectUntouched(
      hook,
      stored.hook,
      await runPrompt({ assistantId: agentId, threadId: hook, message: 'Go on' }),
    );
    expect(fake.requests).toHaveLength(0);

    expect((await webhook({ threadId: hook, message: 'Go on' })).json().threadId).toBe(hook);
    expect(sentTexts()).toContain(SECRET_NOTE);
  });

  it("refuses a widget visitor's thread in the demo chat and the test chat", async () => {
    const demoId = await createDemo();
    const widget = await createTestWidget(harness.app, owner, { agentId });
    const first = await post(`/api/widget/${widget.widgetId}/chat`, { message: SECRET_NOTE });
    const { threadId } = WidgetChatReply.parse(first.json());
    const before = await storedMessages(threadId);
    fake.reset();
    await expectUntouched(threadId, before, await demoChat({ demoId, threadId, message: 'Go on' }));
    await expectUntouched(threadId, before, await runPrompt({ assistantId: agentId, threadId, message: 'Go on' }));
    const [row] = await db().select({ owner: llmThread.owner }).from(llmThread).where(eq(llmThread.id, threadId));
    expect(row?.owner).toBe(`widget:${widget.connectionId}:${WidgetChatReply.parse(first.json()).contactIdentifier}`);
  });

  it('continues a thread stored before owners were recorded only on its own channel', async () => {
    const demoId = await createDemo();
    const threadId = await creatorTestChatThread();
    await db().update(llmThread).set({ owner: null }).where(eq(llmThread.id, threadId));
    const before = await storedMessages(threadId);
    await expectUntouched(threadId, before, await demoChat({ demoId, threadId, message: 'What did we talk about?' }));

    const continued = await runPrompt({ assistantId: agentId, threadId, message: 'Go on' });
    expect(continued.json()).toEqual({ message: 'Echo: Go on', threadId });
  });
});
