import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ListAgentVersionsReply } from '@agentry/core/agent-versions';
import type { ListProposalsReply, OptimizeProposal, ProposalReply } from '@agentry/core/optimize';
import type { createTestApp } from '../../test/create-test-app';
import type { signInWithWorkspace } from '../../test/agent-fixtures';
import { textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { addTestMember, createTestWidget } from '../../test/widget-fixtures';
import { llmUsage } from '../llm/llm.tables';
import { evaluationRun } from '../evaluation/evaluation.tables';
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
