import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ListAgentVersionsReply } from '@agentry/core/agent-versions';
import type { ListProposalsReply, OptimizeProposal, ProposalReply } from '@agentry/core/optimize';
import type { createTestApp } from '../../test/create-test-app';
import type { signInWithWorkspace } from '../../test/agent-fixtures';
import { textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { addTestMember, createTestWidget } from '../../test/widget-fixtures';
import { rowsOf } from '../../platform/db/rows-of';
import type { AppError } from '../../platform/http/app-error';
import { agent as agentTable, agentVersion } from '../agents/agents.tables';
import { llmUsage } from '../llm/llm.tables';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { scriptEvaluationProvider } from '../evaluation/evaluation-fixtures';
import { acceptProposal } from './accept-proposal';
import { optimizeProposal } from './optimize.tables';
import {
  createFailedRun,
  INSTALL_QUESTION,
  PRICE_QUESTION,
  PRICE_RULE,
  scriptOptimizeProvider,
  startOptimizeApp,
  stopOptimizeApp,
} from './optimize-fixtures';

describe('Optimize loop: failures -> proposal -> candidate -> re-run -> accept (fake provider)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    ({ fake, harness, owner } = await startOptimizeApp('owner@loop.test'));
  }, 120_000);
  afterAll(() => stopOptimizeApp({ fake, harness, owner }));
  beforeEach(() => fake.reset());

  const as = (cookie: string) => (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    harness.app.inject({ method, url, headers: { cookie }, payload });
  const versionsOf = async (agentId: string) =>
    (
      await as(owner.cookie)('GET', `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/versions`)
    ).json<ListAgentVersionsReply>();
  const proposeFor = async (runId: string) => {
    const created = await as(owner.cookie)('POST', '/api/optimize/proposals', { runId });
    expect(created.statusCode).toBe(201);
    const proposal = created.json<ListProposalsReply>().proposals[0];
    if (!proposal) throw new Error('no proposal');
    return proposal;
  };
  const waitForTrial = async (proposalId: string): Promise<OptimizeProposal> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await as(owner.cookie)('GET', `/api/optimize/proposals/${proposalId}`);
      const { proposal } = response.json<ProposalReply>();
      if (proposal.status !== 'trying') return proposal;
      if (Date.now() > deadline) throw new Error(`trial did not end: ${JSON.stringify(proposal.trial)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const widgetSystemPrompt = async (widgetId: string) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widgetId}/chat`,
      payload: { message: PRICE_QUESTION },
    });
    expect(response.statusCode).toBe(200);
    const last = fake.requests.at(-1);
    return textOf(last?.body.messages.find((message) => message.role === 'system'));
  };

  it('tries the proposal on a draft version, shows the verdict changes and cost, and accept publishes what the widget answers with', async () => {
    scriptOptimizeProvider(fake);
    const { agent, runId } = await createFailedRun(harness.app, owner);
    const widget = await createTestWidget(harness.app, owner, { agentId: agent.buildId });
    const proposal = await proposeFor(runId);
    const before = await versionsOf(agent.buildId);

    const tried = await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/try`);
    expect(tried.statusCode).toBe(202);
    const trying = tried.json<ProposalReply>().proposal;
    expect(trying.status).toBe('trying');
    expect(trying.candidateVersionId).toEqual(expect.any(String));

    // The candidate is a new draft version; visitors still get the published one.
    const during = await versionsOf(agent.buildId);
    expect(during.publishedVersionId).toBe(before.publishedVersionId);
    const candidate = during.versions.find((version) => version.id === trying.candidateVersionId);
    expect(candidate).toMatchObject({ status: 'draft', source: 'optimize' });
    expect(candidate?.behaviour.instructions).toContain(PRICE_RULE);

    const done = await waitForTrial(proposal.id);
    expect(done.status).toBe('tried');
    const trial = done.trial;
    expect(trial?.status).toBe('completed');
    // Asked once the trial's own calls are over, so the fake's last request is the widget's.
    expect(await widgetSystemPrompt(widget.widgetId)).not.toContain(PRICE_RULE);
    // The failed question and the passed one (as a regression check), before and after.
    expect(trial?.questions).toEqual([
      { questionText: PRICE_QUESTION, currentVerdict: 'fail', candidateVerdict: 'pass', wasFailure: true },
      { questionText: INSTALL_QUESTION, currentVerdict: 'pass', candidateVerdict: 'pass', wasFailure: false },
    ]);
    expect(trial?.current).toMatchObject({ passes: 1, judged: 2, passRate: 0.5 });
    expect(trial?.candidate).toMatchObject({ passes: 2, judged: 2, passRate: 1 });
    expect(trial?.candidate?.costUsd).toBeGreaterThan(0);
    const [trialRun] = await harness.app.platform.database.db
      .select()
      .from(evaluationRun)
      .where(eq(evaluationRun.id, trial?.runId ?? ''));
    expect(trialRun?.agentVersionId).toBe(trying.candidateVersionId);

    const accepted = await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<ProposalReply>().proposal.status).toBe('accepted');
    const after = await versionsOf(agent.buildId);
    expect(after.publishedVersionId).toBe(trying.candidateVersionId);
    expect(await widgetSystemPrompt(widget.widgetId)).toContain(PRICE_RULE);

    // Every model call of the loop is recorded under its role.
    const sources = await harness.app.platform.database.db
      .select({ source: llmUsage.source })
      .from(llmUsage)
      .where(and(eq(llmUsage.subaccountId, owner.subaccountId), eq(llmUsage.agentId, agent.buildId)));
    expect(new Set(sources.map((row) => row.source))).toEqual(
      new Set(['evaluation', 'optimize-grouping', 'optimize-proposal', 'widget']),
    );
  });

  it('reject keeps the candidate as a draft version and puts the working copy back on the published one', async () => {
    scriptOptimizeProvider(fake);
    const { agent, runId } = await createFailedRun(harness.app, owner);
    const proposal = await proposeFor(runId);
    const trying = (await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/try`)).json<ProposalReply>();
    await waitForTrial(proposal.id);
    const published = (await versionsOf(agent.buildId)).publishedVersionId;

    const rejected = await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/reject`);
    expect(rejected.json<ProposalReply>().proposal.status).toBe('rejected');
    const after = await versionsOf(agent.buildId);
    expect(after.publishedVersionId).toBe(published);
    expect(after.versions.find((version) => version.id === trying.proposal.candidateVersionId)?.status).toBe('draft');
    expect(after.versions[0]).toMatchObject({ source: 'restore' });
    expect(after.versions[0]?.behaviour.instructions).not.toContain(PRICE_RULE);
    // A decided proposal cannot be accepted any more.
    expect((await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/accept`, {})).statusCode).toBe(409);
  });

  /** A proposal whose trial has ended ('tried'), its agent and its candidate version. */
  const triedProposal = async () => {
    scriptOptimizeProvider(fake);
    const { agent, runId } = await createFailedRun(harness.app, owner);
    const proposal = await proposeFor(runId);
    const trying = (await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/try`)).json<ProposalReply>();
    expect((await waitForTrial(proposal.id)).status).toBe('tried');
    const candidateVersionId = trying.proposal.candidateVersionId ?? '';
    return { agentId: agent.buildId, runId, proposal, candidateVersionId };
  };
  const statusOf = async (proposalId: string) =>
    (await as(owner.cookie)('GET', `/api/optimize/proposals/${proposalId}`)).json<ProposalReply>().proposal.status;

  it('a reject that lands after the accept read the proposal wins: the rejected change is never published', async () => {
    const { agentId, proposal, candidateVersionId } = await triedProposal();
    const { db } = harness.app.platform.database;
    const published = (await versionsOf(agentId)).publishedVersionId;
    // The accept request has read the proposal ('tried') when the reject is decided.
    const [stale] = await db.select().from(optimizeProposal).where(eq(optimizeProposal.id, proposal.id));
    if (!stale) throw new Error('no proposal row');
    expect((await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/reject`)).statusCode).toBe(200);

    const accepting = acceptProposal({
      db,
      config: harness.app.platform.config,
      queue: harness.app.platform.queue,
      cache: harness.app.platform.cache,
      proposal: stale,
      userId: owner.userId,
    });
    await expect(accepting).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This proposal has already been decided',
    } satisfies Partial<AppError>);
    const after = await versionsOf(agentId);
    expect(after.publishedVersionId).toBe(published);
    expect(after.publishedVersionId).not.toBe(candidateVersionId);
    expect(await statusOf(proposal.id)).toBe('rejected');
  });

  it('accept and reject at once: one decides, the other gets a 409, and the candidate is published only if accepted', async () => {
    const { agentId, proposal, candidateVersionId } = await triedProposal();
    const { db, mode } = harness.app.platform.database;
    const accept = () => as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/accept`, {});
    const reject = () => as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/reject`);
    let responses: Awaited<ReturnType<typeof accept>>[];
    if (mode !== 'postgres') {
      // PGlite has one connection: the two requests interleave only between statements.
      responses = await Promise.all([accept(), reject()]);
    } else {
      // The accept is held inside its publish (the candidate version's row is locked here) while the reject arrives.
      let accepting: ReturnType<typeof accept> | undefined;
      let rejected: Awaited<ReturnType<typeof reject>> | undefined;
      await db.transaction(async (tx) => {
        await tx
          .select({ id: agentVersion.id })
          .from(agentVersion)
          .where(eq(agentVersion.id, candidateVersionId))
          .for('update');
        accepting = accept();
        const waiting = sql`select count(*)::int as value from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        for (let attempt = 0; ; attempt += 1) {
          const [row] = rowsOf<{ value: number }>(await db.execute(waiting));
          if ((row?.value ?? 0) >= 1) break;
          if (attempt > 200) throw new Error('The accept never waited on the lock');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        rejected = await reject();
      });
      responses = [await accepting!, rejected!];
      // The accept had claimed the proposal before it published: the reject was refused.
      expect(responses.map((response) => response.statusCode)).toEqual([200, 409]);
      expect(responses[1]?.json<{ error: { message: string } }>().error.message).toBe('This change is being published');
    }
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const status = await statusOf(proposal.id);
    const { publishedVersionId } = await versionsOf(agentId);
    if (status === 'accepted') expect(publishedVersionId).toBe(candidateVersionId);
    else {
      expect(status).toBe('rejected');
      expect(publishedVersionId).not.toBe(candidateVersionId);
    }
  });

  it('a publish the regression gate refuses gives the proposal back to be decided', async () => {
    const { agentId, runId, proposal, candidateVersionId } = await triedProposal();
    const { db } = harness.app.platform.database;
    // The failed run is the gate; from now on the judge fails every answer, so the candidate does worse.
    await db.update(agentTable).set({ gateRunId: runId, gateThreshold: 0 }).where(eq(agentTable.id, agentId));
    scriptEvaluationProvider(fake, {
      judge: () => ({ text: JSON.stringify({ reasoning: 'Not good enough.', verdict: 'fail', score: 0 }) }),
    });
    const refused = await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('GATE_FAILED');
    expect((await versionsOf(agentId)).publishedVersionId).not.toBe(candidateVersionId);
    expect(await statusOf(proposal.id)).toBe('tried');
    expect((await as(owner.cookie)('POST', `/api/optimize/proposals/${proposal.id}/reject`)).statusCode).toBe(200);
  }, 60_000);

  it('viewers read proposals but cannot try, accept or reject them', async () => {
    scriptOptimizeProvider(fake);
    const { runId } = await createFailedRun(harness.app, owner);
    const proposal = await proposeFor(runId);
    const viewer = await addTestMember(harness.app, owner.subaccountId, 'viewer@loop.test', 'viewer');
    expect((await as(viewer.cookie)('GET', `/api/optimize/proposals?runId=${runId}`)).statusCode).toBe(200);
    expect((await as(viewer.cookie)('POST', `/api/optimize/proposals/${proposal.id}/try`)).statusCode).toBe(403);
    expect((await as(viewer.cookie)('POST', '/api/optimize/proposals', { runId })).statusCode).toBe(403);
  });
});
