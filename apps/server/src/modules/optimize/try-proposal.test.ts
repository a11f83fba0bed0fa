import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ListProposalsReply, OptimizeProposal, ProposalReply } from '@agentry/core/optimize';
import type { createTestApp } from '../../test/create-test-app';
import type { signInWithWorkspace } from '../../test/agent-fixtures';
import type { FakeOpenAiServer } from '../../test/fake-openai-server';
import { agent, agentVersion } from '../agents/agents.tables';
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
});
