import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import {
  createTestAgent,
  createTestApiKey,
  grantTestCredits,
  parseEventStream,
  signInWithWorkspace,
} from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { creditLedger } from '../credits/credits.tables';
import { llmUsage } from '../llm/llm.tables';

/** POST /v1/chat/completions: what a call may ask for, and what a call cut short costs. */
describe('public chat completions', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;
  let secret: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    // The shortest timeout the configuration allows: a slow stream is cut by it.
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, LLM_TIMEOUT_MS: '1000' });
    owner = await signInWithWorkspace(harness.app, 'owner@completions.test');
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Writer', instructions: 'Write.' })).buildId;
    secret = await createTestApiKey(harness.app, owner, 'Production');
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const complete = (body: Record<string, unknown>) =>
    harness.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${secret}` },
      payload: { model: agentId, messages: [{ role: 'user', content: 'Write 10,000 words.' }], ...body },
    });

  it('charges the words a stream sent before our timeout cut it', async () => {
    const db = harness.app.platform.database.db;
    // 80 words 50 ms apart: four seconds of answer, cut after one.
    fake.respondWith(() => ({ text: Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ') }));
    fake.setDelays({ chunkMs: 50 });
    const response = await complete({ stream: true });
    expect(response.statusCode).toBe(200);
    const events = parseEventStream(response.body) as {
      choices?: { delta?: { content?: string } }[];
      error?: { message: string };
    }[];
    const streamed = events.map((event) => event.choices?.[0]?.delta?.content ?? '').join('');
    expect(streamed).toMatch(/word\d+/);
    expect(events.at(-1)).toMatchObject({ error: { message: expect.stringMatching(/timed out/i) } });

    const threadId = String(response.headers['x-thread-id']);
    const usage = await db.select().from(llmUsage).where(eq(llmUsage.threadId, threadId));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ status: 'failed', keySource: 'platform' });
    expect(usage[0]?.outputTokens).toBeGreaterThan(0);
    expect(usage[0]?.millicredits).toBeGreaterThan(0);
    const charges = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, owner.userId), eq(creditLedger.kind, 'usage')));
    const charged = charges.map((entry) => -(entry.planDelta + entry.bonusDelta));
    expect(charged).toContain(usage[0]?.millicredits);
  });

  it.each([
    ['max_tokens', 128_001],
    ['max_tokens', 1e15],
    ['max_completion_tokens', 128_001],
  ])('refuses %s = %d with 400, before the provider', async (field, value) => {
    const response = await complete({ [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: `${field}: Must be at most 128000 tokens` },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('accepts max_tokens up to 128000 and sends it on', async () => {
    const response = await complete({ max_tokens: 128_000 });
    expect(response.statusCode).toBe(200);
    expect(fake.requests[0]?.body.max_tokens).toBe(128_000);
  });
});
