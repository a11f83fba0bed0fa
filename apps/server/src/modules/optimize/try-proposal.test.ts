import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ListAgentVersionsReply } from '@agentry/core/agent-versions';
import type { ListProposalsReply, OptimizeProposal, ProposalReply } from '@agentry/core/optimize';
import { createTestApp } from '../../test/create-test-app';
import { grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import type { FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { agent, agentVersion } from '../agents/agents.tables';
import { publishAgentVersion } from '../agents/publish-agent-version';
import { creditBalance } from '../credits/credits.tables';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { createFailedRun, scriptOptimizeProvider, startOptimizeApp, stopOptimizeApp } from './optimize-fixtures';
import { optimizeProposal } from './optimize.tables';
import { tryProposal } from './try-proposal';

describe("'Try it' on a proposal", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  const db = () => harness.app.platform.database.db;

  beforeAll(async () => {
    ({ fake, harness, owner } = await startOptimizeApp('owner@try-it.test'));
  }, 120_000);
  afterAll(() => stopOptimizeApp({ fake, harness, owner }));
  beforeEach(() => fake.reset());

  const as = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    harness.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });

  /** An agent with a failed run and a proposal for it; what its runs and versions are now. */
  async function proposalToTry() {
    scriptOptimizeProvider(fake);
    const { agent: created, runId } = await createFailedRun(harness.app, owner);
    const response = await as('POST', '/api/optimize/proposals', { runId });
    expect(response.statusCode).toBe(201);
    const proposal = response.json<ListProposalsReply>().proposals[0];
    if (!proposal) throw new Error('no proposal');
    const agentId = created.buildId;
    const runsOf = async () => db().select().from(evaluationRun).where(eq(evaluationRun.agentId, agentId));
    const versionsOf = async () => db().select().from(agentVersion).where(eq(agentVersion.agentId, agentId));
    const instructionsOf = async () =>
      (await db().select({ instructions: agent.instructions }).from(agent).where(eq(agent.id, agentId)))[0]
        ?.instructions;
    return { proposal, runsOf, versionsOf, instructionsOf };
  }

  const waitForTrial = async (proposalId: string): Promise<OptimizeProposal> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { proposal } = (await as('GET', `/api/optimize/proposals/${proposalId}`)).json<ProposalReply>();
      if (proposal.status !== 'trying') return proposal;
      if (Date.now() > deadline) throw new Error(`trial did not end: ${JSON.stringify(proposal.trial)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('starts one trial run and one draft version when asked twice at once; the other request is refused (409)', async () => {
    const { proposal, runsOf, versionsOf } = await proposalToTry();
    const runsBefore = (await runsOf()).length;
    const versionsBefore = (await versionsOf()).length;

    // Both requests read the proposal before either tries it, as two clicks a moment apart do.
    const [row] = await db().select().from(optimizeProposal).where(eq(optimizeProposal.id, proposal.id));
    if (!row) throw new Error('no proposal row');
    const tryIt = () =>
      tryProposal({
        db: db(),
        config: harness.app.platform.config,
        queue: harness.app.platform.queue,
        proposal: row,
        userId: owner.userId,
      });
    const outcomes = await Promise.allSettled([tryIt(), tryIt()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'CONFLICT', message: 'This proposal has already been tried' });
    expect(await runsOf()).toHaveLength(runsBefore + 1);
    expect(await versionsOf()).toHaveLength(versionsBefore + 1);
    expect((await waitForTrial(proposal.id)).status).toBe('tried');
  });

  it('refused for credits, leaves the agent as it was and the proposal to try again', async () => {
    const { proposal, runsOf, versionsOf, instructionsOf } = await proposalToTry();
    const runsBefore = (await runsOf()).length;
    const versionsBefore = (await versionsOf()).length;
    const instructionsBefore = await instructionsOf();
    const [balance] = await db().select().from(creditBalance).where(eq(creditBalance.userId, owner.userId));
    await db()
      .update(creditBalance)
      .set({ planMillicredits: 0, bonusMillicredits: 0 })
      .where(eq(creditBalance.userId, owner.userId));

    const refused = await as('POST', `/api/optimize/proposals/${proposal.id}/try`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('INSUFFICIENT_CREDITS');
    expect(await instructionsOf()).toBe(instructionsBefore);
    expect(await versionsOf()).toHaveLength(versionsBefore);
    expect(await runsOf()).toHaveLength(runsBefore);
    const { proposal: after } = (await as('GET', `/api/optimize/proposals/${proposal.id}`)).json<ProposalReply>();
    expect(after).toMatchObject({ status: 'proposed', candidateVersionId: null, trial: null });

    // With credits again, the same proposal can be tried.
    await db()
      .update(creditBalance)
      .set({ planMillicredits: balance?.planMillicredits ?? 0, bonusMillicredits: balance?.bonusMillicredits ?? 0 })
      .where(eq(creditBalance.userId, owner.userId));
    const retried = await as('POST', `/api/optimize/proposals/${proposal.id}/try`);
    expect(retried.statusCode).toBe(202);
    expect(await instructionsOf()).toBe(proposal.proposedInstructions);
    expect((await waitForTrial(proposal.id)).status).toBe('tried');
  });

  it('refuses (409) a proposal that edits the lines a change published since rewrote, and changes nothing', async () => {
    const rewrites = [
      'You are Sunny, a solar advisor. Never quote a price.',
      'You are Sunny, a solar advisor. Offer a free site survey instead of a price.',
    ];
    scriptOptimizeProvider(fake, {
      groups: [
        { cause: 'Quotes prices it does not know', failures: [1] },
        { cause: 'Prices systems without a survey', failures: [2] },
      ],
      proposal: (call) => ({
        text: JSON.stringify({ rationale: 'Stops the made-up price.', instructions: rewrites[call - 1] }),
      }),
    });
    const { agent: created, runId } = await createFailedRun(harness.app, owner, 'openai', [
      'What does a 5 kW system cost installed?',
    ]);
    const agentId = created.buildId;
    const proposed = await as('POST', '/api/optimize/proposals', { runId });
    const [first, second] = proposed.json<ListProposalsReply>().proposals;
    if (!first || !second) throw new Error('expected two proposals');

    expect((await as('POST', `/api/optimize/proposals/${first.id}/try`)).statusCode).toBe(202);
    expect((await waitForTrial(first.id)).status).toBe('tried');
    expect((await as('POST', `/api/optimize/proposals/${first.id}/accept`, {})).statusCode).toBe(200);

    const versionsBefore = await db().select().from(agentVersion).where(eq(agentVersion.agentId, agentId));
    const runsBefore = await db().select().from(evaluationRun).where(eq(evaluationRun.agentId, agentId));
    const refused = await as('POST', `/api/optimize/proposals/${second.id}/try`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'The published instructions changed where this proposal edits them. Write the proposals again for the current version.',
    );
    const [agentAfter] = await db().select().from(agent).where(eq(agent.id, agentId));
    expect(agentAfter?.instructions).toBe(rewrites[0]);
    expect(await db().select().from(agentVersion).where(eq(agentVersion.agentId, agentId))).toHaveLength(
      versionsBefore.length,
    );
    expect(await db().select().from(evaluationRun).where(eq(evaluationRun.agentId, agentId))).toHaveLength(
      runsBefore.length,
    );
    // The card says why before anyone clicks; the proposal stays as it was written.
    const listed = (await as('GET', `/api/optimize/proposals?runId=${runId}`)).json<ListProposalsReply>();
    expect(listed.proposals.find((entry) => entry.id === second.id)).toMatchObject({
      status: 'proposed',
      candidateVersionId: null,
      proposedInstructions: rewrites[1],
      outdatedReason:
        'The published instructions changed where this proposal edits them. Write the proposals again for the current version.',
    });
  });
});

describe("'Try it' after another proposal of the run was published (no AI provider)", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    harness = await createTestApp();
    owner = await signInWithWorkspace(harness.app, 'offline@try-it.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
  }, 120_000);
  afterAll(() => harness.close());

  const as = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    harness.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
  const waitForTrial = async (proposalId: string): Promise<OptimizeProposal> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { proposal } = (await as('GET', `/api/optimize/proposals/${proposalId}`)).json<ProposalReply>();
      if (proposal.status !== 'trying') return proposal;
      if (Date.now() > deadline) throw new Error(`trial did not end: ${JSON.stringify(proposal.trial)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const publishedInstructionsOf = async (agentId: string) => {
    const reply = (
      await as('GET', `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/versions`)
    ).json<ListAgentVersionsReply>();
    return reply.versions.find((version) => version.id === reply.publishedVersionId)?.behaviour.instructions;
  };
  /** The rule line the offline stand-in adds for a proposal's failed question. */
  const ruleOf = (proposal: OptimizeProposal) => proposal.proposedInstructions.split('\n').at(-1) ?? '';

  /** A run with two failed questions: grouped by question, two proposals written against the same version. */
  async function twoProposals() {
    const { agent: created, runId } = await createFailedRun(harness.app, owner, 'offline', [
      'What does a 5 kW system cost installed?',
    ]);
    const response = await as('POST', '/api/optimize/proposals', { runId });
    expect(response.statusCode).toBe(201);
    const [first, second] = response.json<ListProposalsReply>().proposals;
    if (!first || !second) throw new Error('expected two proposals');
    expect(second.currentInstructions).toBe(first.currentInstructions);
    expect(ruleOf(first)).not.toBe(ruleOf(second));
    return { agentId: created.buildId, runId, first, second };
  }

  it('keeps the fix already published: the second proposal is merged onto it, shown and tried that way', async () => {
    const { agentId, runId, first, second } = await twoProposals();
    expect((await as('POST', `/api/optimize/proposals/${first.id}/try`)).statusCode).toBe(202);
    expect((await waitForTrial(first.id)).status).toBe('tried');
    expect((await as('POST', `/api/optimize/proposals/${first.id}/accept`, {})).statusCode).toBe(200);
    const published = await publishedInstructionsOf(agentId);
    expect(published).toContain(ruleOf(first));

    // The card compares with what visitors get now, and shows what Try it will save.
    const listed = (await as('GET', `/api/optimize/proposals?runId=${runId}`)).json<ListProposalsReply>();
    const shown = listed.proposals.find((entry) => entry.id === second.id);
    expect(shown).toMatchObject({ status: 'proposed', currentInstructions: published, outdatedReason: null });
    expect(shown?.proposedInstructions).toContain(ruleOf(first));
    expect(shown?.proposedInstructions).toContain(ruleOf(second));

    const tried = await as('POST', `/api/optimize/proposals/${second.id}/try`);
    expect(tried.statusCode).toBe(202);
    const trying = tried.json<ProposalReply>().proposal;
    expect(trying.currentInstructions).toBe(published);
    expect(trying.proposedInstructions).toBe(shown?.proposedInstructions);
    const [working] = await harness.app.platform.database.db.select().from(agent).where(eq(agent.id, agentId));
    expect(working?.instructions).toBe(shown?.proposedInstructions);

    expect((await waitForTrial(second.id)).status).toBe('tried');
    expect((await as('POST', `/api/optimize/proposals/${second.id}/accept`, {})).statusCode).toBe(200);
    const both = await publishedInstructionsOf(agentId);
    expect(both).toContain(ruleOf(first));
    expect(both).toContain(ruleOf(second));
  });

  it('publishes over the version an accept was decided on only: a second accept decided on the same one is 409 under the lock', async () => {
    const { agentId, first, second } = await twoProposals();
    for (const proposal of [first, second]) {
      expect((await as('POST', `/api/optimize/proposals/${proposal.id}/try`)).statusCode).toBe(202);
      expect((await waitForTrial(proposal.id)).status).toBe('tried');
    }
    const { db } = harness.app.platform.database;
    const [before] = await db.select().from(agent).where(eq(agent.id, agentId));
    expect((await as('POST', `/api/optimize/proposals/${first.id}/accept`, {})).statusCode).toBe(200);
    const published = await publishedInstructionsOf(agentId);
    // The second accept of a race: it checked the version published before the first one, and
    // reaches the publish after it.
    const [secondRow] = await db.select().from(optimizeProposal).where(eq(optimizeProposal.id, second.id));
    await expect(
      publishAgentVersion({
        db,
        cache: harness.app.platform.cache,
        subaccountId: owner.subaccountId,
        agentId,
        versionId: secondRow!.candidateVersionId!,
        userId: owner.userId,
        onlyOver: { versionId: before!.publishedVersionId, message: 'changed since' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'changed since' });
    expect(await publishedInstructionsOf(agentId)).toBe(published);
  });

  it('does not publish a change tried before another one was published over it (409)', async () => {
    const { agentId, runId, first, second } = await twoProposals();
    for (const proposal of [first, second]) {
      expect((await as('POST', `/api/optimize/proposals/${proposal.id}/try`)).statusCode).toBe(202);
      expect((await waitForTrial(proposal.id)).status).toBe('tried');
    }
    expect((await as('POST', `/api/optimize/proposals/${first.id}/accept`, {})).statusCode).toBe(200);
    const published = await publishedInstructionsOf(agentId);

    const message =
      'The published version changed since this change was tried. Write the proposals again for the current version.';
    const listed = (await as('GET', `/api/optimize/proposals?runId=${runId}`)).json<ListProposalsReply>();
    expect(listed.proposals.find((entry) => entry.id === second.id)).toMatchObject({
      status: 'tried',
      outdatedReason: message,
    });
    const refused = await as('POST', `/api/optimize/proposals/${second.id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(message);
    expect(await publishedInstructionsOf(agentId)).toBe(published);
    const { proposal: after } = (await as('GET', `/api/optimize/proposals/${second.id}`)).json<ProposalReply>();
    expect(after.status).toBe('tried');
  });
});
