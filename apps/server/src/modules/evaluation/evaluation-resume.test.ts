import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/db/database';
import { parseEventStream, signInWithWorkspace } from '../../test/agent-fixtures';
import { createPostgresTestDatabase } from '../../test/create-postgres-test-database';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { evaluationConversation } from './evaluation.tables';
import {
  evaluationPayload,
  evaluationQuestion,
  lastUserText,
  roleOf,
  scriptEvaluationProvider,
  startRun,
  waitForRun,
} from './evaluation-fixtures';

/** One database that outlives an app: PGlite files in a temporary folder, or a fresh PostgreSQL database. */
async function createDurableDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-eval-resume-'));
    return {
      open: () => openDatabase({ dataDir }),
      drop: () => fs.promises.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createPostgresTestDatabase(serverUrl);
  return { open: () => openDatabase({ url, poolSize: 10 }), drop };
}

async function startApp(
  fakeUrl: string,
  database: Awaited<ReturnType<typeof openDatabase>>,
  queuePrefix = `test-${randomBytes(6).toString('hex')}`,
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    OPENAI_BASE_URL: fakeUrl,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: queuePrefix } : {}),
  });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  return app;
}

/** The fake provider and a durable database of one describe block, started before and removed after its tests. */
function useFakeProviderAndDurableDatabase() {
  const setup = {} as { fake: FakeOpenAiServer; durable: Awaited<ReturnType<typeof createDurableDatabase>> };
  beforeAll(async () => {
    setup.fake = await startFakeOpenAiServer();
    setup.durable = await createDurableDatabase();
  }, 60_000);
  afterAll(async () => {
    await setup.fake.close();
    await setup.durable.drop();
  });
  return setup;
}

describe('an evaluation run survives a restart', () => {
  const setup = useFakeProviderAndDurableDatabase();

  it('resumes on the next start: conversations done are kept, the others run, none twice', async () => {
    const { fake, durable } = setup;
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 80 });
    const first = await startApp(fake.url, await durable.open());
    const owner = await signInWithWorkspace(first, 'owner@resume.test');
    const questions = Array.from({ length: 8 }, (_, index) =>
      evaluationQuestion({ text: `Resume question ${index + 1}?` }),
    );
    const runId = (
      await startRun(first, owner.cookie, evaluationPayload({ concurrency: 2, customQuestions: questions }))
    ).json<{ runId: string }>().runId;
    const midway = await waitForRun(first, owner.cookie, runId, (summary) => summary.totals.done >= 3);
    expect(midway.status).toBe('running');
    await first.close();

    // A call cut off by the close may still be arriving at the fake: let it land first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What was finished before the restart, read straight from the database.
    const requestsBeforeRestart = fake.requests.length;
    const probe = await durable.open();
    const doneBefore = await probe.db
      .select({ questionText: evaluationConversation.questionText })
      .from(evaluationConversation)
      .where(and(eq(evaluationConversation.runId, runId), eq(evaluationConversation.status, 'done')));
    await probe.close();
    expect(doneBefore.length).toBeGreaterThanOrEqual(3);

    const second = await startApp(fake.url, await durable.open());
    try {
      const summary = await waitForRun(second, owner.cookie, runId);
      expect(summary.status).toBe('finished');
      expect(summary.totals).toMatchObject({ total: 8, done: 8, passes: 8, errors: 0 });
      // Nothing finished before the restart was asked again.
      const askedAfter = fake.requests
        .slice(requestsBeforeRestart)
        .filter((request) => roleOf(request.body) === 'assistant')
        .map((request) => lastUserText(request.body));
      for (const conversation of doneBefore) expect(askedAfter).not.toContain(conversation.questionText);
      // The others were each asked once after the restart.
      expect(new Set(askedAfter).size).toBe(askedAfter.length);
      expect(askedAfter.length).toBe(8 - doneBefore.length);
    } finally {
      await second.close();
    }
  }, 240_000);
});

// Two instances behind a load balancer share PostgreSQL and Redis (and a queue prefix).
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('an evaluation run across two instances', () => {
  const setup = useFakeProviderAndDurableDatabase();

  it('streams progress of a run worked on one instance from the other, and a cancel sent to either stops it', async () => {
    const { fake, durable } = setup;
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 60 });
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const one = await startApp(fake.url, await durable.open(), prefix);
    const two = await startApp(fake.url, await durable.open(), prefix);
    try {
      const owner = await signInWithWorkspace(one, 'owner@instances.test');
      const questions = Array.from({ length: 4 }, (_, index) =>
        evaluationQuestion({ text: `Instance question ${index + 1}?` }),
      );
      const runId = (
        await startRun(one, owner.cookie, evaluationPayload({ concurrency: 1, customQuestions: questions }))
      ).json<{ runId: string }>().runId;
      const stream = await two.inject({
        method: 'GET',
        url: `/api/evaluations/${runId}/events`,
        headers: { cookie: owner.cookie },
      });
      const events = parseEventStream(stream.body) as { type: string; done: number; status: string }[];
      expect(events[0]?.type).toBe('snapshot');
      expect(events.filter((event) => event.type === 'progress').length).toBeGreaterThanOrEqual(4);
      expect(events.at(-1)).toMatchObject({ status: 'finished', done: 4 });

      fake.setDelays({ responseMs: 400 });
      const second = (
        await startRun(one, owner.cookie, evaluationPayload({ concurrency: 1, customQuestions: questions }))
      ).json<{ runId: string }>().runId;
      await waitForRun(one, owner.cookie, second, (summary) => summary.totals.running > 0);
      const requestsBefore = fake.requests.length;
      const cancelled = await two.inject({
        method: 'POST',
        url: `/api/evaluations/${second}/cancel`,
        headers: { cookie: owner.cookie },
      });
      expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fake.abortedResponses()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(fake.requests.length).toBeLessThanOrEqual(requestsBefore + 1);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  }, 240_000);
});
