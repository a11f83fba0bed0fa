import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, parseEventStream, signInWithWorkspace } from '../../test/agent-fixtures';
import {
  startFakeOpenAiServer,
  textOf,
  type FakeErrorKind,
  type FakeOpenAiServer,
} from '../../test/fake-openai-server';
import { getCreditBalance } from '../credits/get-credit-balance';
import { creditHold } from '../credits/credits.tables';
import { llmMessage, llmUsage } from '../llm/llm.tables';

describe('test chat through the LLM gateway (platform key)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, LLM_TIMEOUT_MS: '1500' });
    owner = await signInWithWorkspace(harness.app, 'owner@chat.test');
    outsider = await signInWithWorkspace(harness.app, 'outsider@chat.test');
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    await grantTestCredits(harness.app, outsider.userId, 5_000_000);
    agentId = (
      await createTestAgent(harness.app, owner, {
        aiName: 'Chatty',
        instructions: 'You are Chatty.',
        temperature: 0.3,
        maxTokens: 200,
      })
    ).buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const runPrompt = (payload: Record<string, unknown>, cookie = owner.cookie) =>
    harness.app.inject({ method: 'POST', url: '/api/openai/run-prompt', headers: { cookie }, payload });

  it('answers a message whole and keeps the thread: the next turn sends the history', async () => {
    const first = await runPrompt({ assistantId: agentId, message: 'Hello there' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Echo: Hello there', threadId: expect.any(String) });
    const sent = fake.requests[0]?.body;
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3, max_tokens: 200 });
    expect(sent?.stream).toBeFalsy();
    expect(sent?.messages[0]).toEqual({ role: 'system', content: 'You are Chatty.' });

    const { threadId } = first.json();
    const second = await runPrompt({ assistantId: agentId, threadId, message: 'And again' });
    expect(second.json()).toEqual({ message: 'Echo: And again', threadId });
    expect(fake.requests[1]?.body.messages.map((message) => [message.role, textOf(message)])).toEqual([
      ['system', 'You are Chatty.'],
      ['user', 'Hello there'],
      ['assistant', 'Echo: Hello there'],
      ['user', 'And again'],
    ]);
    const stored = await harness.app.platform.database.db
      .select()
      .from(llmMessage)
      .where(eq(llmMessage.threadId, threadId))
      .orderBy(llmMessage.position);
    expect(stored.map((row) => row.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[3]?.outputTokens).toBeGreaterThan(0);
  });

  it('streams the answer as server-sent events and ends with done and the thread id', async () => {
    // Words apart in time reach the page as deltas of their own.
    fake.setDelays({ chunkMs: 10 });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/openai/run-prompt/stream',
      headers: { cookie: owner.cookie },
      payload: { assistantId: agentId, message: 'stream me a reply please' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEventStream(response.body) as { type: string; text?: string; threadId?: string }[];
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => event.text).join('')).toBe('Echo: stream me a reply please');
    expect(events.at(-1)).toEqual({ type: 'done', threadId: response.headers['x-thread-id'] });
    expect(fake.requests.at(-1)?.body.stream).toBe(true);
  });

  it("refuses another sub account's thread (404) and a non-member's chat with the agent (404)", async () => {
    const first = await runPrompt({ assistantId: agentId, message: 'mine' });
    const otherAgent = await createTestAgent(harness.app, outsider, { aiName: 'Other' });
    const hijack = await runPrompt(
      { assistantId: otherAgent.buildId, threadId: first.json().threadId, message: 'give me their history' },
      outsider.cookie,
    );
    expect(hijack.statusCode).toBe(404);
    expect(hijack.json().error.message).toBe('Thread not found');
    const foreignAgent = await runPrompt({ assistantId: agentId, message: 'hi' }, outsider.cookie);
    expect(foreignAgent.statusCode).toBe(404);
    expect(foreignAgent.json().error.message).toBe('Agent not found');
    expect(fake.requests).toHaveLength(1);
  });

  it.each<[FakeErrorKind, number, string, string]>([
    ['invalid-key', 502, 'invalid_api_key', 'Your API key is invalid or has been revoked.'],
    ['quota', 502, 'quota_exceeded', 'You exceeded your current quota, please check your plan and billing details.'],
    ['model-not-found', 502, 'model_error', 'The requested AI model is not available.'],
  ])('maps %s to its error-dialog type and message, without retrying', async (kind, status, type, message) => {
    fake.failNext(kind);
    const response = await runPrompt({ assistantId: agentId, message: 'hi' });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatchObject({
      code: 'AI_PROVIDER_ERROR',
      message,
      type,
      advice: expect.any(String),
      support_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries 429 and 500 with backoff, and maps them once the retries are used up', async () => {
    fake.failNext('rate-limit', 2);
    fake.failNext('server-error', 1);
    const recovered = await runPrompt({ assistantId: agentId, message: 'third time lucky' });
    expect(recovered.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(4);

    fake.reset();
    fake.failNext('rate-limit', 4);
    const limited = await runPrompt({ assistantId: agentId, message: 'hi' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      type: 'rate_limit',
      message: 'Rate limit exceeded. Too many requests in a short period.',
    });
    expect(fake.requests).toHaveLength(4);

    fake.reset();
    fake.failNext('server-error', 4);
    const broken = await runPrompt({ assistantId: agentId, message: 'hi' });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().error).toMatchObject({ type: 'config_error', message: 'Server error occurred' });
  });

  it('maps an unreachable provider to network_error and a slow one to timeout', async () => {
    fake.setDelays({ responseMs: 3000 });
    const slow = await runPrompt({ assistantId: agentId, message: 'hi' });
    expect(slow.json().error).toMatchObject({ type: 'timeout', message: 'The request timed out.' });

    const unreachable = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    try {
      const session = await signInWithWorkspace(unreachable.app, 'net@chat.test');
      await grantTestCredits(unreachable.app, session.userId, 1_000_000);
      const agent = await createTestAgent(unreachable.app, session);
      const response = await unreachable.app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: session.cookie },
        payload: { assistantId: agent.buildId, message: 'hi' },
      });
      expect(response.json().error).toMatchObject({
        type: 'network_error',
        message: 'Unable to connect to the service.',
      });
    } finally {
      await unreachable.close();
    }
  });

  it('cancels the provider call when the client goes away, and charges only what was streamed', async () => {
    const { app } = harness;
    fake.respondWith(() => ({ text: Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ') }));
    fake.setDelays({ chunkMs: 40 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/openai/run-prompt/stream`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: agentId, message: 'tell me a long story' }),
      signal: controller.signal,
    });
    const threadId = response.headers.get('x-thread-id') ?? '';
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"delta"');
    controller.abort();
    await expect.poll(() => fake.abortedResponses(), { timeout: 5000 }).toBe(1);
    const db = app.platform.database.db;
    await expect
      .poll(async () => (await db.select().from(llmUsage).where(eq(llmUsage.threadId, threadId)))[0]?.status, {
        timeout: 5000,
      })
      .toBe('cancelled');
    const [usage] = await db.select().from(llmUsage).where(eq(llmUsage.threadId, threadId));
    expect(usage?.outputTokens).toBeLessThan(60);
    // A turn that was not answered is not stored: the thread does not exist.
    const stored = await db.select().from(llmMessage).where(eq(llmMessage.threadId, threadId));
    expect(stored).toEqual([]);
  });

  it('sends a provider error mid-stream as an error event', async () => {
    fake.failNext('invalid-key');
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/openai/run-prompt/stream',
      headers: { cookie: owner.cookie },
      payload: { assistantId: agentId, message: 'hi' },
    });
    const events = parseEventStream(response.body);
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({
          code: 'AI_PROVIDER_ERROR',
          type: 'invalid_api_key',
          message: 'Your API key is invalid or has been revoked.',
          support_id: expect.any(String),
        }),
      },
    ]);
  });

  it('reserves the most a platform-key call can cost, then settles the real cost and releases the rest', async () => {
    const db = harness.app.platform.database.db;
    const before = await getCreditBalance({ db, billingUserId: owner.userId });
    const response = await runPrompt({ assistantId: agentId, message: 'what does this cost?' });
    expect(response.statusCode).toBe(200);
    const after = await getCreditBalance({ db, billingUserId: owner.userId });
    const [usage] = await db.select().from(llmUsage).where(eq(llmUsage.threadId, response.json().threadId));
    expect(usage).toMatchObject({
      keySource: 'platform',
      provider: 'openai',
      model: 'gpt-4o-mini',
      status: 'succeeded',
      source: 'test-chat',
    });
    expect(usage?.inputTokens).toBeGreaterThan(0);
    expect(usage?.millicredits).toBeGreaterThan(0);
    expect(before.totalMillicredits - after.totalMillicredits).toBe(usage?.millicredits);
    const holds = await db.select().from(creditHold).where(eq(creditHold.userId, owner.userId));
    expect(holds.every((hold) => hold.status !== 'held')).toBe(true);
    // The hold covered the worst case (maxTokens of output), far more than was charged.
    const settled = holds.find(
      (hold) =>
        hold.status === 'settled' && hold.planMillicredits + hold.bonusMillicredits > (usage?.millicredits ?? 0),
    );
    expect(settled).toBeDefined();
  });

  it('gives the whole hold back when the call fails, and refuses a call the balance cannot cover (402)', async () => {
    const db = harness.app.platform.database.db;
    const before = await getCreditBalance({ db, billingUserId: owner.userId });
    fake.failNext('invalid-key');
    await runPrompt({ assistantId: agentId, message: 'fails' });
    expect((await getCreditBalance({ db, billingUserId: owner.userId })).totalMillicredits).toBe(
      before.totalMillicredits,
    );

    const poor = await signInWithWorkspace(harness.app, 'poor@chat.test');
    const agent = await createTestAgent(harness.app, poor);
    const response = await runPrompt({ assistantId: agent.buildId, message: 'hi' }, poor.cookie);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Please add more to continue.',
    });
    expect(fake.requests).toHaveLength(1);
  });
});
