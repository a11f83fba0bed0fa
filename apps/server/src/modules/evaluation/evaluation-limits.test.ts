import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { RunChatCompletionEvaluationBody } from '@agentry/core/evaluation';
import { evaluationPayload, scriptEvaluationProvider, startRun, waitForRun } from './evaluation-fixtures';
import { startEvaluationRun } from './run/start-evaluation-run';

const runsMessage =
  'This sub account already has 3 evaluations queued or running. Wait for one to end or cancel one, then start again.';
const generationsMessage =
  'This sub account already has 3 question generations in progress. Wait for one to end, then try again.';

describe('how much one sub account may run at once', () => {
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

  it('starts at most 3 runs queued or running, however many arrive at once; a repeat and another sub account still start', async () => {
    const { app } = harness;
    const owner = await signInWithWorkspace(app, 'busy@limits.test');
    const other = await signInWithWorkspace(app, 'other@limits.test');
    await grantTestCredits(app, owner.userId, 50_000_000);
    await grantTestCredits(app, other.userId, 50_000_000);
    scriptEvaluationProvider(fake);
    // Slow answers keep the runs going while the test looks at them.
    fake.setDelays({ responseMs: 1_000 });
    const payloads = Array.from({ length: 6 }, () => evaluationPayload());
    const responses = await Promise.all(payloads.map((payload) => startRun(app, owner.cookie, payload)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: runsMessage,
    });
    const startedIndex = responses.findIndex((response) => response.statusCode === 201);
    const runIds = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json<{ runId: string }>().runId);

    // Sending a started run's evaluationId again answers that run, not the limit.
    const repeat = await startRun(app, owner.cookie, payloads[startedIndex]!);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json<{ runId: string }>().runId).toBe(runIds[0]);
    // The limit is per sub account.
    const elsewhere = await startRun(app, other.cookie, evaluationPayload());
    expect(elsewhere.statusCode).toBe(201);

    // A publish's regression-gate runs are not held back by the runs the sub account started
    // itself, and have a cap of their own (2), so publishes cannot stand in for runs.
    const startGateRun = () =>
      startEvaluationRun({
        db: app.platform.database.db,
        config: app.platform.config,
        queue: app.platform.queue,
        subaccountId: owner.subaccountId,
        userId: owner.userId,
        type: 'chatcompletion',
        body: RunChatCompletionEvaluationBody.parse(evaluationPayload()),
        gateSourceRunId: runIds[0]!,
      });
    expect((await startGateRun()).isNew).toBe(true);
    expect((await startGateRun()).isNew).toBe(true);
    await expect(startGateRun()).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'This sub account already has 2 regression-gate checks running. Wait for one to end, then publish again.',
    });
    // Nor do they take a place: the sub account's own next run is still refused, not counted against them.
    expect((await startRun(app, owner.cookie, evaluationPayload())).statusCode).toBe(429);

    // A cancelled run frees its place.
    const cancel = (cookie: string, runId: string) =>
      app.inject({ method: 'POST', url: `/api/evaluations/${runId}/cancel`, headers: { cookie } });
    expect((await cancel(owner.cookie, runIds[0]!)).statusCode).toBe(200);
    const next = await startRun(app, owner.cookie, evaluationPayload());
    expect(next.statusCode).toBe(201);

    fake.setDelays({});
    for (const runId of [...runIds.slice(1), next.json<{ runId: string }>().runId]) {
      await cancel(owner.cookie, runId);
      await waitForRun(app, owner.cookie, runId);
    }
    await cancel(other.cookie, elsewhere.json<{ runId: string }>().runId);
  }, 60_000);

  it('keeps at most 3 question generations in progress per sub account', async () => {
    const { app } = harness;
    const owner = await signInWithWorkspace(app, 'generating@limits.test');
    await grantTestCredits(app, owner.userId, 50_000_000);
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 1_500 });
    const generate = () =>
      app.inject({
        method: 'POST',
        url: '/questiongenerator',
        headers: { cookie: owner.cookie },
        payload: { evaluation_type: 'questiongenerator', generatedIndustryCount: '1', prompt: 'You are SolarBot.' },
      });
    const responses = await Promise.all(Array.from({ length: 5 }, generate));
    fake.setDelays({});
    expect(responses.map((response) => response.statusCode).sort()).toEqual([202, 202, 202, 429, 429]);
    expect(
      responses.find((response) => response.statusCode === 429)?.json<{ error: { message: string } }>().error,
    ).toMatchObject({ code: 'RATE_LIMITED', message: generationsMessage });
  });
});
