import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EvaluationProgressEvent, GetQuestionGenerationReply } from '@agentry/core/evaluation';
import { SUBACCOUNT_LOCKED_MESSAGE } from '@agentry/core/subaccounts';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { fakeErrors, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { subaccountSettings } from '../accounts/accounts.tables';
import { member } from '../auth/auth.tables';
import { getCreditBalance } from '../credits/get-credit-balance';
import { spendCredits } from '../credits/spend-credits';
import { llmThread } from '../llm/llm.tables';
import { evaluationRun } from './evaluation.tables';
import { runChannel } from './evaluation-types';
import type { RunChannelMessage } from './run/run-evaluation-job';
import {
  evaluationPayload,
  evaluationQuestion,
  getSummary,
  roleOf,
  scriptEvaluationProvider,
  startRun,
  waitForRun,
} from './evaluation-fixtures';

const questions = (count: number, overrides: Parameters<typeof evaluationQuestion>[0] = {}) =>
  Array.from({ length: count }, (_, index) =>
    evaluationQuestion({ text: `Question number ${index + 1}?`, ...overrides }),
  );

describe('evaluation runs: control, tenancy, live progress, generation', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let viewerCookie: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      LLM_TIMEOUT_MS: '60000',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@control.test');
    outsider = await signInWithWorkspace(harness.app, 'outsider@control.test');
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    await grantTestCredits(harness.app, outsider.userId, 50_000_000);
    const viewer = await signInWithWorkspace(harness.app, 'viewer@control.test');
    await harness.app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: viewer.userId, role: 'viewer' });
    const switched = await harness.app.inject({
      method: 'PATCH',
      url: '/api/me/active-subaccount',
      headers: { cookie: viewer.cookie },
      payload: { subaccountId: owner.subaccountId },
    });
    expect(switched.statusCode).toBe(200);
    viewerCookie = viewer.cookie;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('keeps runs to their sub account: outsiders get 404, viewers read but cannot start, cancel or override (403)', async () => {
    scriptEvaluationProvider(fake);
    const runId = (await startRun(harness.app, owner.cookie, evaluationPayload())).json<{ runId: string }>().runId;
    const summary = await waitForRun(harness.app, owner.cookie, runId);
    const conversationId = summary.conversations[0]?.id ?? '';
    const base = `/api/evaluations/${runId}`;
    for (const url of [
      base,
      `${base}/conversations/${conversationId}`,
      `${base}/export?format=csv`,
      `${base}/comparison`,
      `${base}/events`,
    ]) {
      const response = await harness.app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } });
      expect(response.statusCode, url).toBe(404);
    }
    expect(
      (await harness.app.inject({ method: 'POST', url: `${base}/cancel`, headers: { cookie: outsider.cookie } }))
        .statusCode,
    ).toBe(404);
    const outsiderList = await harness.app.inject({
      method: 'GET',
      url: '/api/evaluations',
      headers: { cookie: outsider.cookie },
    });
    expect(outsiderList.json<{ evaluations: unknown[] }>().evaluations).toEqual([]);
    expect((await harness.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);

    expect((await harness.app.inject({ method: 'GET', url: base, headers: { cookie: viewerCookie } })).statusCode).toBe(
      200,
    );
    const viewerList = await harness.app.inject({
      method: 'GET',
      url: '/api/evaluations',
      headers: { cookie: viewerCookie },
    });
    expect(viewerList.json<{ evaluations: { id: string }[] }>().evaluations.map((entry) => entry.id)).toContain(runId);
    expect(
      (await harness.app.inject({ method: 'POST', url: `${base}/cancel`, headers: { cookie: viewerCookie } }))
        .statusCode,
    ).toBe(403);
    const override = await harness.app.inject({
      method: 'PATCH',
      url: `${base}/conversations/${conversationId}/verdict`,
      headers: { cookie: viewerCookie },
      payload: { verdict: 'fail' },
    });
    expect(override.statusCode).toBe(403);
    expect((await startRun(harness.app, viewerCookie, evaluationPayload())).statusCode).toBe(403);

    // An agent of another sub account cannot be evaluated: it looks missing.
    const foreignAgent = await createTestAgent(harness.app, outsider, {
      aiName: 'Foreign',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    const foreign = await startRun(
      harness.app,
      owner.cookie,
      evaluationPayload({ ai1_config: {}, assistant_id: foreignAgent.buildId }),
      '/api/openai/assistants/run/evaluationdata',
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("evaluates one of the sub account's agents through the gateway (its instructions, an 'evaluation' thread)", async () => {
    const calls = scriptEvaluationProvider(fake);
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Sunny',
      provider: 'openai',
      model: 'gpt-4o-mini',
      instructions: 'You are Sunny, a solar advisor.',
    });
    const started = await startRun(
      harness.app,
      owner.cookie,
      evaluationPayload({
        ai1_config: {},
        assistant_id: agent.buildId,
        customQuestions: [evaluationQuestion({ whenToAsk: 2 })],
      }),
      '/api/openai/assistants/run/evaluationdata',
    );
    expect(started.statusCode).toBe(201);
    const summary = await waitForRun(harness.app, owner.cookie, started.json<{ runId: string }>().runId);
    expect(summary).toMatchObject({
      status: 'finished',
      type: 'openai-assistants',
      agent: { buildId: agent.buildId, aiName: 'Sunny' },
      model: 'gpt-4o-mini',
      totals: { passes: 1 },
    });
    expect(calls.assistant).toBe(2);
    const assistantRequest = fake.requests.find((request) => roleOf(request.body) === 'assistant')?.body;
    expect(assistantRequest?.messages[0]).toEqual({ role: 'system', content: 'You are Sunny, a solar advisor.' });
    const threads = await harness.app.platform.database.db
      .select()
      .from(llmThread)
      .where(and(eq(llmThread.agentId, agent.buildId), eq(llmThread.source, 'evaluation')));
    expect(threads).toHaveLength(1);
  });

  it('pushes a snapshot, then progress as each conversation ends (while later ones are still calling the provider), and ends the stream with the run', async () => {
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 100 });
    const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const runId = (
        await startRun(harness.app, owner.cookie, evaluationPayload({ concurrency: 1, customQuestions: questions(5) }))
      ).json<{ runId: string }>().runId;
      const response = await fetch(`${address}/api/evaluations/${runId}/events`, { headers: { cookie: owner.cookie } });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      // With each event, how many provider calls the run had made when it reached the client.
      const received: { requested: number; event: EvaluationProgressEvent }[] = [];
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: '))
            received.push({
              requested: fake.requests.length,
              event: JSON.parse(block.slice(6)) as EvaluationProgressEvent,
            });
          end = buffer.indexOf('\n\n');
        }
      }
      expect(received[0]?.event.type).toBe('snapshot');
      const last = received.at(-1)?.event;
      expect(last).toMatchObject({ status: 'finished', done: 5, total: 5, passes: 5, current: null });
      const dones = received.map((entry) => entry.event.done);
      expect(dones).toEqual([...dones].sort((left, right) => left - right));
      expect(received.some((entry) => entry.event.current?.questionText.startsWith('Question number'))).toBe(true);
      // One conversation at a time: the progress of each of the first four reached the client
      // before the run made its last provider call, so none of it waited for the run's end.
      const requestedInAll = fake.requests.length;
      for (let done = 1; done <= 5; done += 1) {
        const pushed = received.find((entry) => entry.event.done >= done);
        expect(pushed, `progress for conversation ${done}`).toBeDefined();
        if (done < 5) expect(pushed?.requested).toBeLessThan(requestedInAll);
      }
    } finally {
      fake.setDelays({});
    }
  });

  it('cancels a run: calls in flight are aborted, no call starts after the cancel, the remaining conversations are cancelled', async () => {
    const calls = scriptEvaluationProvider(fake);
    const answered = () => Object.values(calls).reduce((sum, count) => sum + count, 0);
    fake.setDelays({ responseMs: 20 });
    const runId = (
      await startRun(harness.app, owner.cookie, evaluationPayload({ concurrency: 2, customQuestions: questions(10) }))
    ).json<{ runId: string }>().runId;
    const published: RunChannelMessage[] = [];
    const unsubscribe = await harness.app.platform.events.subscribe(runChannel(runId), (message) =>
      published.push(message as RunChannelMessage),
    );
    try {
      await waitForRun(harness.app, owner.cookie, runId, (summary) => summary.totals.done >= 1);
      // From here on the provider answers later than the test waits: a call sent now can only end by being aborted.
      fake.setDelays({ responseMs: 30_000 });
      const requestedBeforeSlowdown = fake.requests.length;
      // Both slots of the run (concurrency 2) wait on such a call: nothing else can start until the cancel frees them.
      await vi.waitFor(
        () => {
          expect(answered()).toBeGreaterThanOrEqual(requestedBeforeSlowdown);
          expect(fake.requests.length - answered()).toBe(2);
        },
        { timeout: 10_000, interval: 10 },
      );
      const cancelled = await harness.app.inject({
        method: 'POST',
        url: `/api/evaluations/${runId}/cancel`,
        headers: { cookie: owner.cookie },
      });
      expect(cancelled.json()).toEqual({ runId, status: 'cancelled' });
      const requestedAtCancel = fake.requests.length;
      const leaseOf = async () =>
        (
          await harness.app.platform.database.db
            .select({ expiresAt: evaluationRun.leaseExpiresAt })
            .from(evaluationRun)
            .where(eq(evaluationRun.id, runId))
        )[0]?.expiresAt;
      const leaseAtCancel = await leaseOf();
      // The worker's last word on the run is a 'cancelled' progress after the cancel's own: by then it has let go of every call.
      await vi.waitFor(
        () =>
          expect(
            published.filter((message) => message.kind === 'progress' && message.event.status === 'cancelled').length,
          ).toBeGreaterThanOrEqual(2),
        { timeout: 10_000, interval: 10 },
      );
      // No call started after the cancel was acknowledged, and both calls on the wire were dropped, not answered
      // (the provider sees the hang-up when its socket closes).
      expect(fake.requests.length).toBe(requestedAtCancel);
      // Promptly: the worker stopped on the cancel message itself, before its next lease renewal (which also checks the status).
      expect(leaseAtCancel).toBeInstanceOf(Date);
      expect(await leaseOf()).toEqual(leaseAtCancel);
      await vi.waitFor(() => expect(fake.abortedResponses()).toBeGreaterThanOrEqual(2), {
        timeout: 10_000,
        interval: 10,
      });
      const summary = await getSummary(harness.app, owner.cookie, runId);
      expect(summary.status).toBe('cancelled');
      expect(summary.totals.queued + summary.totals.running).toBe(0);
      expect(summary.totals.cancelled).toBeGreaterThan(0);
      expect(summary.totals.done).toBeLessThan(10);
      expect(summary.totals.done + summary.totals.cancelled).toBe(10);
      const again = await harness.app.inject({
        method: 'POST',
        url: `/api/evaluations/${runId}/cancel`,
        headers: { cookie: owner.cookie },
      });
      expect(again.json()).toEqual({ runId, status: 'cancelled' });
    } finally {
      await unsubscribe();
      fake.setDelays({});
    }
  });

  it('counts what a cancelled conversation had paid before the cancel, so the run shows what left the balance', async () => {
    const canceller = await signInWithWorkspace(harness.app, 'canceller@control.test');
    await grantTestCredits(harness.app, canceller.userId, 50_000_000);
    const { db } = harness.app.platform.database;
    const before = await getCreditBalance({ db, billingUserId: canceller.userId });
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 250 });
    try {
      const runId = (
        await startRun(
          harness.app,
          canceller.cookie,
          evaluationPayload({ concurrency: 1, customQuestions: [evaluationQuestion({ whenToAsk: 2 })] }),
        )
      ).json<{ runId: string }>().runId;
      // The simulated user's turn and the first answer are paid; the third call is on the wire.
      await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 5 });
      const cancelled = await harness.app.inject({
        method: 'POST',
        url: `/api/evaluations/${runId}/cancel`,
        headers: { cookie: canceller.cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const after = await getCreditBalance({ db, billingUserId: canceller.userId });
          const spent = before.totalMillicredits - after.totalMillicredits;
          expect(spent).toBeGreaterThan(0);
          const summary = await getSummary(harness.app, canceller.cookie, runId);
          expect(summary.usage.total.millicredits).toBe(spent);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      fake.setDelays({});
    }
  });

  it('slows down under a 429 storm (halved concurrency, back-off) and still completes every conversation', async () => {
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 5 });
    fake.failNext('rate-limit', 60);
    const runId = (
      await startRun(harness.app, owner.cookie, evaluationPayload({ concurrency: 6, customQuestions: questions(8) }))
    ).json<{ runId: string }>().runId;
    const summary = await waitForRun(harness.app, owner.cookie, runId);
    expect(summary.status).toBe('finished');
    expect(summary.totals).toMatchObject({ total: 8, done: 8, passes: 8, errors: 0 });
    const [run] = await harness.app.platform.database.db
      .select()
      .from(evaluationRun)
      .where(eq(evaluationRun.id, runId));
    expect(run?.rateLimitBackoffs).toBeGreaterThan(0);
    expect(fake.requests.length).toBeGreaterThanOrEqual(60 + 8 * 2);
    fake.setDelays({});
  });

  it('stops with a clear error on the remaining conversations when the sub account runs out of credits', async () => {
    const poor = await signInWithWorkspace(harness.app, 'poor@control.test');
    await grantTestCredits(harness.app, poor.userId, 1_000_000);
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 60 });
    const runId = (
      await startRun(harness.app, poor.cookie, evaluationPayload({ concurrency: 1, customQuestions: questions(6) }))
    ).json<{ runId: string }>().runId;
    await waitForRun(harness.app, poor.cookie, runId, (summary) => summary.totals.done >= 1);
    const { db } = harness.app.platform.database;
    // The run reserves and settles credits between our reading the balance and spending it: read and spend again until it is drained.
    await vi.waitFor(
      async () => {
        const balance = await getCreditBalance({ db, billingUserId: poor.userId });
        await spendCredits({
          db,
          billingUserId: poor.userId,
          millicredits: balance.totalMillicredits,
          idempotencyKey: `drain:${runId}`,
          reason: 'test drain',
        });
      },
      { timeout: 10_000, interval: 5 },
    );
    const summary = await waitForRun(harness.app, poor.cookie, runId);
    expect(summary.status).toBe('failed');
    expect(summary.error).toBe('Insufficient credits. Please add more to continue.');
    const errored = summary.conversations.filter((conversation) => conversation.status === 'error');
    expect(errored.length).toBeGreaterThan(0);
    expect(
      errored.every((conversation) => conversation.error === 'Insufficient credits. Please add more to continue.'),
    ).toBe(true);
    expect(
      summary.conversations.filter((conversation) => conversation.status === 'done').length,
    ).toBeGreaterThanOrEqual(1);
    fake.setDelays({});
  });

  it('stops a run whose sub account is locked while it runs: the rest end with the lock as their error, no call starts after', async () => {
    const lockedLater = await signInWithWorkspace(harness.app, 'locked-later@control.test');
    await grantTestCredits(harness.app, lockedLater.userId, 50_000_000);
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 60 });
    const runId = (
      await startRun(
        harness.app,
        lockedLater.cookie,
        evaluationPayload({ concurrency: 1, customQuestions: questions(20) }),
      )
    ).json<{ runId: string }>().runId;
    await waitForRun(harness.app, lockedLater.cookie, runId, (summary) => summary.totals.done >= 1);
    await harness.app.platform.database.db
      .update(subaccountSettings)
      .set({ lockedAt: new Date() })
      .where(eq(subaccountSettings.subaccountId, lockedLater.subaccountId));
    const summary = await waitForRun(harness.app, lockedLater.cookie, runId);
    const callsAtEnd = fake.requests.length;
    expect(summary.status).toBe('failed');
    expect(summary.error).toBe(SUBACCOUNT_LOCKED_MESSAGE);
    const errored = summary.conversations.filter((conversation) => conversation.status === 'error');
    // The lock is read at most once a second as conversations start: a few more may run before it is seen.
    expect(errored.length).toBeGreaterThanOrEqual(5);
    expect(errored.every((conversation) => conversation.error === SUBACCOUNT_LOCKED_MESSAGE)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.length).toBe(callsAtEnd);
    fake.setDelays({});
  });

  it('refuses to start a run the sub account cannot pay for (402)', async () => {
    const broke = await signInWithWorkspace(harness.app, 'broke@control.test');
    scriptEvaluationProvider(fake);
    const response = await startRun(harness.app, broke.cookie, evaluationPayload());
    expect(response.statusCode).toBe(402);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses new work in a sub account locked after a downgrade (403 PLAN_REQUIRED), reads still work', async () => {
    const locked = await signInWithWorkspace(harness.app, 'locked@control.test');
    await harness.app.platform.database.db
      .update(subaccountSettings)
      .set({ lockedAt: new Date() })
      .where(eq(subaccountSettings.subaccountId, locked.subaccountId));
    const run = await startRun(harness.app, locked.cookie, evaluationPayload());
    expect(run.statusCode).toBe(403);
    expect(run.json().error.code).toBe('PLAN_REQUIRED');
    const template = await harness.app.inject({
      method: 'POST',
      url: '/templates',
      headers: { cookie: locked.cookie },
      payload: { templateName: 'x', templateData: {} },
    });
    expect(template.statusCode).toBe(403);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/evaluations', headers: { cookie: locked.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('saves and lists templates of the active sub account, with the documented message for an empty name', async () => {
    const empty = await harness.app.inject({
      method: 'POST',
      url: '/templates',
      headers: { cookie: owner.cookie },
      payload: { templateName: '   ', templateData: {} },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter a template name');
    const templateData = {
      testing_model: 'gpt-4o',
      initialMessage: 'Hi',
      shortuserDescription: 'A user',
      hallucinationChoice: null,
      customQuestions: [evaluationQuestion()],
      complianceQuestions: [],
      promptHackingQuestions: [],
      settings: { temperature: 1 },
    };
    const saved = await harness.app.inject({
      method: 'POST',
      url: '/templates',
      headers: { cookie: owner.cookie },
      payload: { templateName: '  Solar  ', templateData },
    });
    expect(saved.statusCode).toBe(201);
    const { templateId } = saved.json<{ templateId: string }>();
    const listed = await harness.app.inject({ method: 'GET', url: '/templates', headers: { cookie: owner.cookie } });
    expect(listed.json().templates).toEqual([{ _id: templateId, templateName: 'Solar', templateData }]);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/templates', headers: { cookie: outsider.cookie } })).json()
        .templates,
    ).toEqual([]);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/templates', headers: { cookie: viewerCookie } })).json()
        .templates,
    ).toHaveLength(1);
    const viewerSave = await harness.app.inject({
      method: 'POST',
      url: '/templates',
      headers: { cookie: viewerCookie },
      payload: { templateName: 'x', templateData: {} },
    });
    expect(viewerSave.statusCode).toBe(403);
    const tooBig = await harness.app.inject({
      method: 'POST',
      url: '/templates',
      headers: { cookie: owner.cookie },
      payload: { templateName: 'Big', templateData: { conversationFlowInput: 'x'.repeat(9000) } },
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('generates questions in a background job: counts per category, custom categories capped at 50', async () => {
    const calls = scriptEvaluationProvider(fake);
    const started = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: {
        evaluation_type: 'questiongenerator',
        generatedIndustryCount: '2',
        generatedAngryCount: '1',
        generatedComplianceCount: '0',
        generatedPromptHackingCount: '3',
        customPrompts: [{ id: 1, count: '70', label: 'Billing' }],
        prompt: 'You are SolarBot.',
      },
    });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ success: true; data: { generatequestionsId: string } }>().data.generatequestionsId;
    let reply: GetQuestionGenerationReply | undefined;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      reply = (
        await harness.app.inject({
          method: 'GET',
          url: `/api/questiongenerator/${id}`,
          headers: { cookie: owner.cookie },
        })
      ).json<GetQuestionGenerationReply>();
      if (reply.data.status === 'complete' || reply.data.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(reply?.success).toBe(true);
    expect(reply?.data.status).toBe('complete');
    const results = reply?.data.results.results;
    expect(results?.industry).toHaveLength(2);
    expect(results?.angry).toHaveLength(1);
    expect(results?.compliance).toHaveLength(0);
    expect(results?.prompthacking).toHaveLength(3);
    expect(results?.custom.Billing).toHaveLength(50);
    expect(results?.industry[0]).toEqual({ question: 'Generated question 1', criteria: 'Criteria 1' });
    expect(calls.generator).toBe(4);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/questiongenerator/${id}`,
          headers: { cookie: outsider.cookie },
        })
      ).statusCode,
    ).toBe(404);

    const tooMany = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: { generatedIndustryCount: '21' },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('records a generation that the model answered badly as failed', async () => {
    scriptEvaluationProvider(fake, { generator: () => ({ text: 'not json' }) });
    const started = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: { generatedAngryCount: '2' },
    });
    const id = started.json<{ data: { generatequestionsId: string } }>().data.generatequestionsId;
    let status = 'pending';
    for (let attempt = 0; attempt < 200 && (status === 'pending' || status === 'running'); attempt += 1) {
      status = (
        await harness.app.inject({
          method: 'GET',
          url: `/api/questiongenerator/${id}`,
          headers: { cookie: owner.cookie },
        })
      ).json<GetQuestionGenerationReply>().data.status;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe('failed');
    const failed = (
      await harness.app.inject({
        method: 'GET',
        url: `/api/questiongenerator/${id}`,
        headers: { cookie: owner.cookie },
      })
    ).json<GetQuestionGenerationReply>();
    // Which step, why, and what to do; not a bare 'Failed to generate questions'.
    expect(failed.data.error).toBe(
      "Could not write the angry customer questions: the testing model's answer was not the list of questions asked for. Try again; if it keeps happening, choose another testing model.",
    );
  });

  it('says which step failed and why when the provider refuses the generation call', async () => {
    scriptEvaluationProvider(fake, { generator: () => fakeErrors['invalid-key'] });
    const started = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: { generatedIndustryCount: '1' },
    });
    const id = started.json<{ data: { generatequestionsId: string } }>().data.generatequestionsId;
    let reply: GetQuestionGenerationReply | undefined;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      reply = (
        await harness.app.inject({
          method: 'GET',
          url: `/api/questiongenerator/${id}`,
          headers: { cookie: owner.cookie },
        })
      ).json<GetQuestionGenerationReply>();
      if (reply.data.status === 'failed' || reply.data.status === 'complete') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(reply?.data.status).toBe('failed');
    expect(reply?.data.error).toMatch(/^Could not write the industry questions: .+/);
    expect(reply?.data.error).not.toContain('Failed to generate questions');
  });

  it('offers the four documented testing models first', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/evaluation/testing-models',
      headers: { cookie: owner.cookie },
    });
    expect(
      response
        .json<{ models: { id: string }[] }>()
        .models.slice(0, 4)
        .map((model) => model.id),
    ).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo']);
  });

  it('lists runs newest first with totals and pass rate', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/evaluations',
      headers: { cookie: owner.cookie },
    });
    const runs = response.json<{
      evaluations: { createdAt: string; passRate: number | null; totals: { total: number } }[];
    }>().evaluations;
    expect(runs.length).toBeGreaterThan(3);
    const created = runs.map((run) => run.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });
});
