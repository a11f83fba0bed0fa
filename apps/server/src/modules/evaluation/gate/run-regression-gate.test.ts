import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { EvaluationRunStatus } from '@agentry/core/evaluation';
import type { JobQueue } from '../../../platform/queue/job-queue';
import { createTestAgent, signInWithWorkspace } from '../../../test/agent-fixtures';
import { createTestApp } from '../../../test/create-test-app';
import { grantTestPlan } from '../../../test/grant-test-plan';
import { agent, agentVersion } from '../../agents/agents.tables';
import { evaluationPayload, evaluationQuestion, startRun, waitForRun } from '../evaluation-fixtures';
import { evaluationRun } from '../evaluation.tables';
import { runRegressionGate } from './run-regression-gate';

describe('the regression gate reuses the run it already started', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  const db = () => harness.app.platform.database.db;
  // The gate's runs are queued here and never worked, so they stay 'queued' until a test ends them.
  const enqueued: string[] = [];
  const heldQueue = (): JobQueue => ({
    ...harness.app.platform.queue,
    enqueue: (_queue, _payload, options) => {
      enqueued.push(options?.jobId ?? '');
      return Promise.resolve(options?.jobId ?? '');
    },
  });

  beforeAll(async () => {
    harness = await createTestApp();
    owner = await signInWithWorkspace(harness.app, 'owner@gate-reuse.test');
    // Two agents: more than the free plan allows.
    await grantTestPlan(db(), owner.userId);
  }, 240_000);
  afterAll(async () => {
    await harness.close();
  });

  /** An offline agent gated by a finished run of its published version, and a new draft to publish. */
  async function gatedAgentWithDraft(name: string) {
    const created = await createTestAgent(harness.app, owner, {
      aiName: name,
      provider: 'offline',
      model: 'offline-responder',
      instructions: 'Be careful.',
    });
    const started = await startRun(
      harness.app,
      owner.cookie,
      evaluationPayload({
        ai1_config: {},
        assistant_id: created.buildId,
        testing_model_for_test_generation: 'offline-responder',
        customQuestions: [evaluationQuestion({ text: 'What are your opening hours?' })],
      }),
      '/api/openai/assistants/run/evaluationdata',
    );
    const gateRunId = started.json<{ runId: string }>().runId;
    expect((await waitForRun(harness.app, owner.cookie, gateRunId)).status).toBe('finished');
    await db().update(agent).set({ gateRunId, gateThreshold: 10 }).where(eq(agent.id, created.buildId));
    const edited = await harness.app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${created.buildId}`,
      headers: { cookie: owner.cookie },
      payload: { instructions: 'Be careful and brief.' },
    });
    expect(edited.statusCode).toBe(200);
    const [draft] = await db()
      .select()
      .from(agentVersion)
      .where(eq(agentVersion.agentId, created.buildId))
      .orderBy(desc(agentVersion.number))
      .limit(1);
    const [agentRow] = await db().select().from(agent).where(eq(agent.id, created.buildId));
    if (!draft || !agentRow) throw new Error('no draft');
    expect(agentRow.publishedVersionId).not.toBe(draft.id);
    const gate = () =>
      runRegressionGate({
        db: db(),
        config: harness.app.platform.config,
        queue: heldQueue(),
        agentRow,
        candidateVersionId: draft.id,
        userId: owner.userId,
      });
    const candidateRuns = () =>
      db()
        .select()
        .from(evaluationRun)
        .where(and(eq(evaluationRun.gateSourceRunId, gateRunId), eq(evaluationRun.agentVersionId, draft.id)));
    const endRuns = async (status: EvaluationRunStatus) => {
      for (const run of await candidateRuns())
        if (run.status === 'queued')
          await db().update(evaluationRun).set({ status }).where(eq(evaluationRun.id, run.id));
    };
    const untilRuns = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while ((await candidateRuns()).length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} gate runs`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { gate, candidateRuns, endRuns, untilRuns };
  }

  it('starts one run for a version, however many publishes ask while it is queued or running', async () => {
    const { gate, candidateRuns, endRuns, untilRuns } = await gatedAgentWithDraft('Reused');
    // Two publishes at once, then a third while the run is still going.
    const first = gate();
    const second = gate();
    await untilRuns(1);
    const third = gate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const startedWhileRunning = (await candidateRuns()).length;

    // End every run, so a wrongly started extra one does not leave a publish waiting.
    await endRuns('finished');
    const results = await Promise.all([first, second, third]);
    expect(startedWhileRunning).toBe(1);
    const [run] = await candidateRuns();
    expect(results.map((result) => result?.candidateRunId)).toEqual([run?.id, run?.id, run?.id]);
    // A later publish reuses the finished run.
    expect((await gate())?.candidateRunId).toBe(run?.id);
    expect(await candidateRuns()).toHaveLength(1);
  });

  it('starts a new run when the earlier one failed or was cancelled', async () => {
    const { gate, candidateRuns, endRuns, untilRuns } = await gatedAgentWithDraft('Retried');
    const failing = gate();
    await untilRuns(1);
    await endRuns('failed');
    await expect(failing).rejects.toMatchObject({ code: 'CONFLICT' });

    const cancelled = gate();
    await untilRuns(2);
    await endRuns('cancelled');
    await expect(cancelled).rejects.toMatchObject({ code: 'CONFLICT' });

    const retried = gate();
    await untilRuns(3);
    await endRuns('finished');
    const result = await retried;
    const runs = await candidateRuns();
    expect(runs.map((run) => run.status).sort()).toEqual(['cancelled', 'failed', 'finished']);
    expect(result?.candidateRunId).toBe(runs.find((run) => run.status === 'finished')?.id);
  });
});
