import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AgentGateReply, ListAgentVersionsReply, PublishAgentVersionReply } from '@agentry/core/agent-versions';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { createTestApp } from '../../test/create-test-app';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember } from '../../test/widget-fixtures';
import {
  evaluationPayload,
  evaluationQuestion,
  scriptEvaluationProvider,
  startRun,
  waitForRun,
} from '../evaluation/evaluation-fixtures';
import { evaluationConversation, evaluationRun } from '../evaluation/evaluation.tables';

describe('the regression gate', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url });
    owner = await signInWithWorkspace(harness.app, 'owner@gate.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    // An agent told to be "careful" answers well on every question; any other answers badly, except about hours.
    scriptEvaluationProvider(fake, {
      assistant: (request) => {
        const system = textOf(request.messages[0]);
        const asked = textOf(request.messages.at(-1));
        return { text: system.includes('careful') || asked.includes('hours') ? 'GOOD ANSWER' : 'bad answer' };
      },
      judge: (request) => {
        const isGood = request.messages.map(textOf).join('\n').includes('GOOD ANSWER');
        return {
          text: JSON.stringify({
            reasoning: isGood ? 'Meets the criteria.' : 'Ignores the question.',
            verdict: isGood ? 'pass' : 'fail',
            score: isGood ? 90 : 10,
          }),
        };
      },
    });
    // A new migration makes the first file to start build the database snapshot: slow on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    harness.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });

  it('publishes a version that keeps the pass rate, refuses one that drops it (listing the failing questions), and lets an admin override with a note', async () => {
    const agentUrl = (agentId: string) => `/api/subaccounts/${owner.subaccountId}/agents/${agentId}`;
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Gated',
      provider: 'openai',
      model: 'gpt-4o-mini',
      instructions: 'Be careful and kind.',
    });
    const questions = [
      evaluationQuestion({ text: 'What are your opening hours?' }),
      evaluationQuestion({ text: 'Do you repair roofs?' }),
      evaluationQuestion({ text: 'Can I pay in instalments?' }),
    ];
    const started = await startRun(
      harness.app,
      owner.cookie,
      evaluationPayload({ ai1_config: {}, assistant_id: agent.buildId, customQuestions: questions }),
      '/api/openai/assistants/run/evaluationdata',
    );
    const gateRunId = started.json<{ runId: string }>().runId;
    expect((await waitForRun(harness.app, owner.cookie, gateRunId)).totals.passes).toBe(3);

    const member = await addTestMember(harness.app, owner.subaccountId, 'member@gate.test', 'member');
    const admin = await addTestMember(harness.app, owner.subaccountId, 'admin@gate.test', 'admin');
    const gate = await inject(member.cookie, 'PUT', `${agentUrl(agent.buildId)}/gate`, {
      gate: { runId: gateRunId, threshold: 10 },
    });
    expect(gate.statusCode).toBe(200);
    expect(gate.json<AgentGateReply>()).toMatchObject({ gate: { runId: gateRunId, threshold: 10 } });

    const newestVersionId = async () =>
      (await inject(owner.cookie, 'GET', `${agentUrl(agent.buildId)}/versions`)).json<ListAgentVersionsReply>()
        .versions[0]?.id ?? '';
    const publish = async (cookie: string, versionId: string, note?: string) =>
      inject(
        cookie,
        'POST',
        `${agentUrl(agent.buildId)}/versions/${versionId}/publish${note === undefined ? '' : '/override'}`,
        note === undefined ? undefined : { note },
      );

    // Still careful: same pass rate, published. The gate run itself is the published version's baseline.
    await inject(owner.cookie, 'PATCH', agentUrl(agent.buildId), { instructions: 'Be careful, kind and brief.' });
    const kept = await publish(member.cookie, await newestVersionId());
    expect(kept.statusCode).toBe(200);
    expect(kept.json<PublishAgentVersionReply>().gate).toMatchObject({
      baselineRunId: gateRunId,
      baselinePassRate: 100,
      candidatePassRate: 100,
      isPassed: true,
      failingQuestions: [],
    });
    const publishedId = kept.json<PublishAgentVersionReply>().version.id;

    // No longer careful: two of three questions fail, a 66.7-point drop over the 10 allowed.
    await inject(owner.cookie, 'PATCH', agentUrl(agent.buildId), { instructions: 'Be quick.' });
    const worse = await newestVersionId();
    const refused = await publish(member.cookie, worse);
    expect(refused.statusCode).toBe(409);
    const error = refused.json<{ error: { code: string; gate: PublishAgentVersionReply['gate'] } }>().error;
    expect(error.code).toBe('GATE_FAILED');
    expect(error.gate).toMatchObject({
      baselinePassRate: 100,
      candidatePassRate: 33.3,
      isPassed: false,
      threshold: 10,
    });
    expect(error.gate?.failingQuestions).toEqual([
      { question: 'Do you repair roofs?', reasoning: 'Ignores the question.', isRegression: true },
      { question: 'Can I pay in instalments?', reasoning: 'Ignores the question.', isRegression: true },
    ]);
    const afterRefusal = await inject(owner.cookie, 'GET', `${agentUrl(agent.buildId)}/versions`);
    expect(afterRefusal.json<ListAgentVersionsReply>().publishedVersionId).toBe(publishedId);
    // The gate's runs are ordinary runs, recorded with the versions they tested.
    const gateRuns = await harness.app.platform.database.db
      .select()
      .from(evaluationRun)
      .where(eq(evaluationRun.gateSourceRunId, gateRunId));
    expect(gateRuns.map((run) => run.agentVersionId).sort()).toEqual([publishedId, worse].sort());

    // Members cannot override; an admin can, with a note kept on the version (the gate is not run again).
    const runsBefore = gateRuns.length;
    expect((await publish(member.cookie, worse, 'Ship it')).statusCode).toBe(403);
    const overridden = await publish(admin.cookie, worse, 'Accepted: the roof questions are out of scope now');
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json<PublishAgentVersionReply>()).toMatchObject({
      version: {
        id: worse,
        status: 'published',
        gateOverrideNote: 'Accepted: the roof questions are out of scope now',
      },
      gate: { isPassed: false },
    });
    const runsAfter = await harness.app.platform.database.db
      .select()
      .from(evaluationRun)
      .where(eq(evaluationRun.gateSourceRunId, gateRunId));
    expect(runsAfter).toHaveLength(runsBefore);

    // Nor can a member turn the gate's failing verdicts into passes: that is an override as well.
    const [failing] = await harness.app.platform.database.db
      .select({ id: evaluationConversation.id, runId: evaluationConversation.runId })
      .from(evaluationConversation)
      .innerJoin(evaluationRun, eq(evaluationRun.id, evaluationConversation.runId))
      .where(eq(evaluationRun.agentVersionId, worse));
    const overrideVerdict = (cookie: string, runId: string) =>
      inject(cookie, 'PATCH', `/api/evaluations/${runId}/conversations/${failing!.id}/verdict`, {
        verdict: 'pass',
        note: 'fine',
      });
    expect((await overrideVerdict(member.cookie, failing!.runId)).statusCode).toBe(403);
    expect((await overrideVerdict(admin.cookie, failing!.runId)).statusCode).toBe(200);

    // A member may tighten the gate, never loosen or remove it: that would be an override without a note.
    const setGate = (cookie: string, next: { runId: string; threshold: number } | null) =>
      inject(cookie, 'PUT', `${agentUrl(agent.buildId)}/gate`, { gate: next });
    expect((await setGate(member.cookie, null)).statusCode).toBe(403);
    expect((await setGate(member.cookie, { runId: gateRunId, threshold: 100 })).statusCode).toBe(403);
    expect((await setGate(member.cookie, { runId: gateRunId, threshold: 5 })).statusCode).toBe(200);
    const current = await inject(owner.cookie, 'GET', `${agentUrl(agent.buildId)}/gate`);
    expect(current.json<AgentGateReply>().gate).toEqual({ runId: gateRunId, threshold: 5 });
    expect((await setGate(admin.cookie, null)).statusCode).toBe(200);
    // With no gate, a member may name one again.
    expect((await setGate(member.cookie, { runId: gateRunId, threshold: 20 })).statusCode).toBe(200);
  });
});
