import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunChatCompletionEvaluationBody } from '@agentry/core/evaluation';
import { createTestApp } from '../../../test/create-test-app';
import { grantTestCredits, signInWithWorkspace } from '../../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server';
import type { JobQueue } from '../../../platform/queue/job-queue';
import { creditHold } from '../../credits/credits.tables';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import {
  evaluationPayload,
  evaluationQuestion,
  lastUserText,
  roleOf,
  scriptEvaluationProvider,
} from '../evaluation-fixtures';
import { runEvaluationJob } from './run-evaluation-job';
import { startEvaluationRun } from './start-evaluation-run';

describe('runEvaluationJob', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, LLM_TIMEOUT_MS: '5000' });
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  it('works a run once when two jobs of one process take it at once (a resume job and a redelivery)', async () => {
    const { app } = harness;
    const { db } = app.platform.database;
    const owner = await signInWithWorkspace(app, 'twice@run-job.test');
    await grantTestCredits(app, owner.userId, 50_000_000);
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 40 });
    const questions = Array.from({ length: 4 }, (_, index) => evaluationQuestion({ text: `Twice question ${index}?` }));
    // Recorded as the route does, but its job is left to this test (the app's worker never sees it).
    const idle: JobQueue = { ...app.platform.queue, enqueue: () => Promise.resolve('held') };
    const { runId } = await startEvaluationRun({
      db,
      config: app.platform.config,
      queue: idle,
      subaccountId: owner.subaccountId,
      userId: owner.userId,
      type: 'chatcompletion',
      body: RunChatCompletionEvaluationBody.parse(evaluationPayload({ concurrency: 4, customQuestions: questions })),
    });

    const shutdown = new AbortController();
    const job = () =>
      runEvaluationJob({
        db,
        config: app.platform.config,
        logger: app.log,
        events: app.platform.events,
        runId,
        // One process: both jobs carry its worker id.
        workerId: 'one-process',
        shutdownSignal: shutdown.signal,
      });
    await Promise.all([job(), job()]);

    const [run] = await db.select().from(evaluationRun).where(eq(evaluationRun.id, runId));
    expect(run?.status).toBe('finished');
    const conversations = await db
      .select({ status: evaluationConversation.status })
      .from(evaluationConversation)
      .where(eq(evaluationConversation.runId, runId));
    expect(conversations.map((row) => row.status)).toEqual(['done', 'done', 'done', 'done']);
    // Each question was put to the assistant once, each answer judged once.
    const asked = fake.requests
      .filter((request) => roleOf(request.body) === 'assistant')
      .map((request) => lastUserText(request.body))
      .sort();
    expect(asked).toEqual(questions.map((question) => question.text).sort());
    expect(fake.requests.filter((request) => roleOf(request.body) === 'judge')).toHaveLength(4);
    // And paid for once: one credit hold per provider call.
    const holds = await db.select().from(creditHold).where(eq(creditHold.userId, owner.userId));
    expect(holds).toHaveLength(fake.requests.length);
  }, 60_000);
});
