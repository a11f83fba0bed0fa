import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { millicreditsForCost } from '@agentry/core/credits';
import { costForUsage } from '@agentry/core/llm';
import { createTestApp } from '../../test/create-test-app';
import {
  addTestProviderKey,
  createTestAgent,
  grantTestCredits,
  parseEventStream,
  signInWithWorkspace,
} from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { agent as agentTable, agentVersion } from '../agents/agents.tables';
import { creditHold, creditLedger } from '../credits/credits.tables';
import { getCreditBalance } from '../credits/get-credit-balance';
import { llmUsage, providerKey } from './llm.tables';

const MODEL = 'gpt-4o-mini';
/** Far above anything a short message holds: 1.5M prompt tokens, as a provider might report for a long tool loop. */
const REPORTED = { promptTokens: 1_500_000, completionTokens: 20_000 };
const REPORTED_MILLICREDITS = millicreditsForCost(
  costForUsage({ model: MODEL, inputTokens: REPORTED.promptTokens, outputTokens: REPORTED.completionTokens }),
);

describe('the gateway settles by the usage the provider reports', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      LLM_TIMEOUT_MS: '5000',
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  async function newOwner(email: string, millicredits: number) {
    const owner = await signInWithWorkspace(harness.app, email);
    await grantTestCredits(harness.app, owner.userId, millicredits);
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Biller',
      instructions: 'Answer.',
      maxTokens: 200,
    });
    return { ...owner, agentId: agent.buildId };
  }

  const runPrompt = (owner: { cookie: string; agentId: string }, message: string, path = '/api/openai/run-prompt') =>
    harness.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: owner.cookie },
      payload: { assistantId: owner.agentId, message },
    });

  async function usageOf(threadId: string) {
    const [usage] = await harness.app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.threadId, threadId));
    return usage;
  }

  it.each([
    ['whole', '/api/openai/run-prompt'],
    ['streamed', '/api/openai/run-prompt/stream'],
  ])('charges a %s answer exactly the reported usage, far above its hold', async (_, path) => {
    const db = harness.app.platform.database.db;
    const owner = await newOwner(`exact-${path.length}@settle.test`, 100_000);
    fake.respondWith(() => ({ text: 'A short answer.', usage: REPORTED }));
    const response = await runPrompt(owner, 'hi', path);
    expect(response.statusCode).toBe(200);
    const threadId = response.headers['x-thread-id'] ?? response.json<{ threadId: string }>().threadId;
    if (path.endsWith('/stream')) expect(parseEventStream(response.body).at(-1)).toMatchObject({ type: 'done' });

    const [hold] = await db.select().from(creditHold).where(eq(creditHold.userId, owner.userId));
    expect((hold?.planMillicredits ?? 0) + (hold?.bonusMillicredits ?? 0)).toBeLessThan(REPORTED_MILLICREDITS / 10);
    expect(await getCreditBalance({ db, billingUserId: owner.userId })).toMatchObject({
      totalMillicredits: 100_000 - REPORTED_MILLICREDITS,
      debtMillicredits: 0,
    });
    const [charge] = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, owner.userId), eq(creditLedger.kind, 'usage')));
    expect(-((charge?.planDelta ?? 0) + (charge?.bonusDelta ?? 0))).toBe(REPORTED_MILLICREDITS);
    expect(await usageOf(String(threadId))).toMatchObject({
      inputTokens: REPORTED.promptTokens,
      outputTokens: REPORTED.completionTokens,
      millicredits: REPORTED_MILLICREDITS,
      status: 'succeeded',
    });
  });

  it.each(['o1-pro', 'gpt-4o-2024-05-13', 'openai/o1-pro'])(
    'refuses the model %s, which has no price of its own, on platform credits: 400, nothing held or sent',
    async (model) => {
      const db = harness.app.platform.database.db;
      const owner = await signInWithWorkspace(harness.app, `unpriced-${model.replace('/', '-')}@settle.test`);
      await grantTestCredits(harness.app, owner.userId, 100_000);
      // Saved before its price was taken out of LLM_MODEL_PRICES: refused at every call.
      const agent = await createTestAgent(harness.app, owner, { aiName: 'Pricey', provider: 'openai', model: MODEL });
      await db.update(agentTable).set({ model }).where(eq(agentTable.id, agent.buildId));
      for (const path of ['/api/openai/run-prompt', '/api/openai/run-prompt/stream']) {
        const response = await runPrompt({ ...owner, agentId: agent.buildId }, 'hi', path);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: `The model ${model} has no price on this platform, so it cannot run on credits. Choose a listed model, or add your own provider key for it.`,
        });
      }
      expect(fake.requests).toHaveLength(0);
      expect(await db.select().from(creditHold).where(eq(creditHold.userId, owner.userId))).toEqual([]);
      expect(await getCreditBalance({ db, billingUserId: owner.userId })).toMatchObject({ totalMillicredits: 100_000 });
    },
  );

  it('refuses to save an agent on platform credits with a model that has no price, and saves it on a key of its own', async () => {
    const owner = await signInWithWorkspace(harness.app, 'unpriced-save@settle.test');
    const message =
      'The model o1-pro has no price on this platform, so it cannot run on credits. Choose a listed model, or add your own provider key for it.';
    const created = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents`,
      headers: { cookie: owner.cookie },
      payload: { aiName: 'Pricey', provider: 'openai', model: 'o1-pro' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });

    const agent = await createTestAgent(harness.app, owner, { aiName: 'Pricey', provider: 'openai', model: MODEL });
    const patch = (payload: object) =>
      harness.app.inject({
        method: 'PATCH',
        url: `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`,
        headers: { cookie: owner.cookie },
        payload,
      });
    const refused = await patch({ model: 'o1-pro' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await patch({ aiName: 'Renamed' })).statusCode).toBe(200);

    // With the sub account's own OpenAI key, the agency pays the provider: any model.
    await addTestProviderKey(harness.app, owner, { provider: 'openai', apiKey: 'sk-agency-own' });
    const saved = await patch({ model: 'o1-pro' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ model: 'o1-pro' });
    const db = harness.app.platform.database.db;
    const [ownVersion] = await db
      .select({ id: agentVersion.id })
      .from(agentVersion)
      .where(and(eq(agentVersion.agentId, agent.buildId), eq(agentVersion.model, 'o1-pro')))
      .orderBy(desc(agentVersion.number))
      .limit(1);

    // The key is deleted: the agent keeps its other edits (the editor sends the whole form), and
    // the version on that key is not restored onto platform credits.
    const [key] = await db
      .select({ id: providerKey.id })
      .from(providerKey)
      .where(eq(providerKey.subaccountId, owner.subaccountId));
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: `/api/subaccounts/${owner.subaccountId}/provider-keys/${key!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const renamed = await patch({ aiName: 'Renamed again', provider: 'openai', model: 'o1-pro', providerKeyId: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await patch({ model: MODEL })).statusCode).toBe(200);
    const restored = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}/versions/${ownVersion!.id}/restore`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(restored.statusCode).toBe(400);
    expect(restored.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('runs a model the operator priced (LLM_MODEL_PRICES) on platform credits, charged at that price', async () => {
    const priced = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      LLM_TIMEOUT_MS: '5000',
      LLM_MODEL_PRICES: '{"house-llama-70b": {"input": 1000, "output": 1000}}',
    });
    try {
      const db = priced.app.platform.database.db;
      const owner = await signInWithWorkspace(priced.app, 'operator-priced@settle.test');
      await grantTestCredits(priced.app, owner.userId, 10_000_000);
      const agent = await createTestAgent(priced.app, owner, {
        aiName: 'House',
        provider: 'openai',
        model: 'house-llama-70b',
      });
      const response = await priced.app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: agent.buildId, message: 'hi' },
      });
      expect(response.statusCode).toBe(200);
      const [usage] = await db.select().from(llmUsage).where(eq(llmUsage.subaccountId, owner.subaccountId));
      const expected = millicreditsForCost(
        ((usage?.inputTokens ?? 0) * 1000 + (usage?.outputTokens ?? 0) * 1000) / 1_000_000,
      );
      expect(usage?.millicredits).toBe(expected);
      expect(expected).toBeGreaterThan(0);
    } finally {
      await priced.close();
    }
  });

  it('sizes the hold from a tokenizer count: 19,000 CJK characters hold at least 19,000 input tokens', async () => {
    const db = harness.app.platform.database.db;
    const owner = await newOwner('cjk@settle.test', 1_000_000);
    const message = '我们今天讨论的是一个非常重要的问题，'.repeat(1056).slice(0, 19_000);
    const response = await runPrompt(owner, message);
    expect(response.statusCode).toBe(200);
    const [hold] = await db
      .select()
      .from(creditHold)
      .where(eq(creditHold.userId, owner.userId))
      .orderBy(desc(creditHold.createdAt))
      .limit(1);
    const held = (hold?.planMillicredits ?? 0) + (hold?.bonusMillicredits ?? 0);
    expect(held).toBeGreaterThanOrEqual(
      millicreditsForCost(costForUsage({ model: MODEL, inputTokens: 19_000, outputTokens: 200 })),
    );
  });

  it('records what the balance cannot cover as owed, refuses the next call with 402, and runs again once a grant covers it', async () => {
    const db = harness.app.platform.database.db;
    const owner = await newOwner('owed@settle.test', 1000);
    fake.respondWith(() => ({ text: 'An expensive answer.', usage: REPORTED }));
    const first = await runPrompt(owner, 'hi');
    expect(first.statusCode).toBe(200);
    const owed = REPORTED_MILLICREDITS - 1000;
    expect(await getCreditBalance({ db, billingUserId: owner.userId })).toMatchObject({
      totalMillicredits: -owed,
      debtMillicredits: owed,
    });
    expect(await usageOf(first.json<{ threadId: string }>().threadId)).toMatchObject({
      millicredits: REPORTED_MILLICREDITS,
    });
    const [charge] = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, owner.userId), eq(creditLedger.kind, 'usage')));
    expect(charge?.metadata).toMatchObject({ shortfallMillicredits: owed });

    const refused = await runPrompt(owner, 'again');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Please add more to continue.',
    });
    expect(fake.requests).toHaveLength(1);

    fake.respondWith(() => ({ text: 'A cheap answer.' }));
    await grantTestCredits(harness.app, owner.userId, owed + 5000);
    const again = await runPrompt(owner, 'and now?');
    expect(again.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const balance = await getCreditBalance({ db, billingUserId: owner.userId });
    expect(balance.debtMillicredits).toBe(0);
    expect(balance.totalMillicredits).toBe(
      5000 - (await usageOf(again.json<{ threadId: string }>().threadId))!.millicredits,
    );
  });
});
