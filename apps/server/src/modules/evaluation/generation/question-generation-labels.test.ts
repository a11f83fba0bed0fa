import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../config';
import { createTestApp } from '../../../test/create-test-app';
import { grantTestCredits, signInWithWorkspace } from '../../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server';
import { getCreditBalance } from '../../credits/get-credit-balance';
import { questionGeneration } from '../evaluation.tables';
import { scriptEvaluationProvider } from '../evaluation-fixtures';
import { runQuestionGenerationJob } from './run-question-generation-job';

describe('question generation: custom category names', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let providerEnv: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    providerEnv = { OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, LLM_TIMEOUT_MS: '5000' };
    harness = await createTestApp(providerEnv);
    owner = await signInWithWorkspace(harness.app, 'owner@generation-labels.test');
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('refuses two custom categories of the same name (ignoring case and spaces) before anything is paid for', async () => {
    const calls = scriptEvaluationProvider(fake);
    const { db } = harness.app.platform.database;
    const balanceBefore = await getCreditBalance({ db, billingUserId: owner.userId });
    const started = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: {
        evaluation_type: 'questiongenerator',
        prompt: 'You are SolarBot.',
        customPrompts: [
          { id: 'a', label: 'FAQ', count: 2 },
          { id: 'b', label: 'faq ', count: 3 },
        ],
      },
    });
    expect(started.statusCode).toBe(400);
    expect(started.json<{ error: { message: string } }>().error.message).toBe(
      'Each custom category needs its own name',
    );
    // Nothing was queued, so nothing can call the provider or spend credits later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.generator).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(
      await db.select().from(questionGeneration).where(eq(questionGeneration.subaccountId, owner.subaccountId)),
    ).toHaveLength(0);
    expect(await getCreditBalance({ db, billingUserId: owner.userId })).toEqual(balanceBefore);
  });

  it('keeps every question paid for when a request recorded before the check repeats a name', async () => {
    const calls = scriptEvaluationProvider(fake);
    const { db } = harness.app.platform.database;
    const generationId = randomUUID();
    await db.insert(questionGeneration).values({
      id: generationId,
      subaccountId: owner.subaccountId,
      createdByUserId: owner.userId,
      request: {
        counts: { industry: 0, angry: 0, compliance: 0, prompthacking: 0 },
        custom: [
          { label: 'FAQ', count: 2 },
          { label: 'FAQ', count: 3 },
        ],
        prompt: 'You are SolarBot.',
        testingModel: 'gpt-4o-mini',
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      ...providerEnv,
    });
    await runQuestionGenerationJob({ db, config, logger: harness.app.log, generationId });
    const [row] = await db.select().from(questionGeneration).where(eq(questionGeneration.id, generationId));
    expect(calls.generator).toBe(2);
    expect(row?.status).toBe('complete');
    expect(row?.results?.custom.FAQ).toHaveLength(5);
  });
});
