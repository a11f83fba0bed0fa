import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import type { ListProposalsReply, MentorThreadReply, SendMentorMessageReply } from '@agentry/core/optimize';
import { createTestApp } from '../../test/create-test-app';
import { grantTestPlan } from '../../test/grant-test-plan';
import { grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { fakeErrors, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { evaluationRun } from '../evaluation/evaluation.tables';
import { llmUsage } from '../llm/llm.tables';
import { createFailedRun, PRICE_QUESTION, PRICE_RULE, scriptOptimizeProvider } from './optimize-fixtures';

describe('Optimize proposals and the AI Mentor (fake provider)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, LLM_TIMEOUT_MS: '5000' });
    owner = await signInWithWorkspace(harness.app, 'owner@optimize.test');
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const usageOf = async (source: string) =>
    harness.app.platform.database.db
      .select()
      .from(llmUsage)
      .where(and(eq(llmUsage.subaccountId, owner.subaccountId), eq(llmUsage.source, source)));

  it('groups the failed answers by cause and proposes a change of the instructions for each group, metered per role', async () => {
    const { seen } = scriptOptimizeProvider(fake);
    const { runId, summary } = await createFailedRun(harness.app, owner);
    expect(summary.totals).toMatchObject({ passes: 1, failures: 1 });

    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/optimize/proposals',
      headers: { cookie: owner.cookie },
      payload: { runId },
    });
    expect(created.statusCode).toBe(201);
    const { proposals, offlineNotice } = created.json<ListProposalsReply>();
    expect(offlineNotice).toBeNull();
    expect(seen).toMatchObject({ grouping: 1, proposal: 1 });
    expect(proposals).toHaveLength(1);
    const [proposal] = proposals;
    expect(proposal).toMatchObject({
      cause: 'Quotes prices it does not know',
      status: 'proposed',
      isOffline: false,
      currentInstructions: 'You are Sunny, a solar advisor. A 5 kW system costs $3.',
    });
    expect(proposal?.proposedInstructions).toContain(PRICE_RULE);
    expect(proposal?.failures.map((failure) => failure.questionText)).toEqual([PRICE_QUESTION]);
    expect(proposal?.failures[0]?.reasoning).toBe('The answer invents a price.');
    expect(proposal?.costUsd).toBeGreaterThan(0);

    const grouping = await usageOf('optimize-grouping');
    const proposalUsage = await usageOf('optimize-proposal');
    expect(grouping).toHaveLength(1);
    expect(proposalUsage).toHaveLength(1);
    expect(proposalUsage[0]).toMatchObject({ keySource: 'platform', status: 'succeeded' });
    expect(proposalUsage[0]?.millicredits).toBeGreaterThan(0);

    const listed = await harness.app.inject({
      method: 'GET',
      url: `/api/optimize/proposals?runId=${runId}`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json<ListProposalsReply>().proposals.map((entry) => entry.id)).toEqual([proposal?.id]);
  });

  it('pays once when "Find causes" is asked twice at once: the second request gets a 409 and no duplicate list', async () => {
    const { seen } = scriptOptimizeProvider(fake);
    const { runId } = await createFailedRun(harness.app, owner);
    const groupingsBefore = (await usageOf('optimize-grouping')).length;
    fake.setDelays({ responseMs: 150 });
    const ask = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/optimize/proposals',
        headers: { cookie: owner.cookie },
        payload: { runId },
      });
    const responses = await Promise.all([ask(), ask()]);
    fake.setDelays({});
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json<{ error: { message: string } }>().error.message).toBe(
      'Causes are already being found for this run; the proposals appear when that ends',
    );
    expect(seen).toMatchObject({ grouping: 1, proposal: 1 });
    expect(await usageOf('optimize-grouping')).toHaveLength(groupingsBefore + 1);
    const listed = await harness.app.inject({
      method: 'GET',
      url: `/api/optimize/proposals?runId=${runId}`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json<ListProposalsReply>().proposals).toHaveLength(1);

    // Once it ended, asking again works (and replaces the proposals not yet tried).
    const again = await ask();
    expect(again.statusCode).toBe(201);
    expect(again.json<ListProposalsReply>().proposals).toHaveLength(1);
  });

  it('keeps the proposals already paid for when another one’s answer is unusable; asking again pays only for the missing one', async () => {
    const batteryQuestion = 'And a 5 kW battery, how much?';
    const groups = [
      { cause: 'Quotes prices it does not know', failures: [1] },
      { cause: 'Prices batteries it does not sell', failures: [2] },
    ];
    const { seen } = scriptOptimizeProvider(fake, {
      groups,
      proposal: (call) => (call === 2 ? { text: 'Sorry, I cannot help with that.' } : undefined),
    });
    const { runId, summary } = await createFailedRun(harness.app, owner, 'openai', [batteryQuestion]);
    expect(summary.totals).toMatchObject({ passes: 1, failures: 2 });
    const groupingsBefore = (await usageOf('optimize-grouping')).length;
    const proposalCallsBefore = (await usageOf('optimize-proposal')).length;
    const ask = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/optimize/proposals',
        headers: { cookie: owner.cookie },
        payload: { runId },
      });

    const first = await ask();
    expect(first.statusCode).toBe(201);
    const partial = first.json<ListProposalsReply>();
    expect(seen).toMatchObject({ grouping: 1, proposal: 2 });
    expect(partial.proposals.map((proposal) => proposal.cause)).toEqual(['Quotes prices it does not know']);
    expect(partial.proposals[0]?.proposedInstructions).toContain(PRICE_RULE);
    // The cause whose proposal failed is kept with its failures and the reason, not silently dropped.
    expect(partial.unwritten).toEqual([
      {
        cause: 'Prices batteries it does not sell',
        failures: [
          expect.objectContaining({ questionText: batteryQuestion, reasoning: 'The answer invents a price.' }),
        ],
        error: 'The model did not answer a usable proposal. Try again, or choose another model for the agent.',
      },
    ]);
    const listed = await harness.app.inject({
      method: 'GET',
      url: `/api/optimize/proposals?runId=${runId}`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json<ListProposalsReply>()).toEqual(partial);

    // Asking again writes only the missing proposal: no new grouping, one proposal call.
    const second = await ask();
    expect(second.statusCode).toBe(201);
    const complete = second.json<ListProposalsReply>();
    expect(seen).toMatchObject({ grouping: 1, proposal: 3 });
    expect(complete.unwritten).toEqual([]);
    expect(complete.proposals.map((proposal) => proposal.cause)).toEqual(groups.map((group) => group.cause));
    expect(complete.proposals[0]).toEqual(partial.proposals[0]);
    expect(complete.proposals[1]?.failures.map((failure) => failure.questionText)).toEqual([batteryQuestion]);
    expect(complete.proposals[1]?.proposedInstructions).toContain(PRICE_RULE);
    // Its cost counts the failed attempt too: every call made for it.
    const proposalUsage = (await usageOf('optimize-proposal')).slice(proposalCallsBefore);
    expect(proposalUsage).toHaveLength(3);
    expect(await usageOf('optimize-grouping')).toHaveLength(groupingsBefore + 1);
    expect(complete.proposals[1]?.costUsd).toBeGreaterThan(complete.proposals[0]?.costUsd ?? Infinity);

    // With nothing missing, asking again starts over: a new grouping replaces the open proposals.
    const third = await ask();
    expect(third.statusCode).toBe(201);
    expect(seen).toMatchObject({ grouping: 2, proposal: 5 });
    const fresh = third.json<ListProposalsReply>();
    expect(fresh.proposals).toHaveLength(2);
    expect(fresh.proposals.map((proposal) => proposal.id)).not.toContain(partial.proposals[0]?.id);
  });

  it('keeps the causes found when no proposal could be written, so asking again does not pay for the grouping', async () => {
    const { seen } = scriptOptimizeProvider(fake, {
      proposal: (call) => (call === 1 ? fakeErrors['invalid-key'] : undefined),
    });
    const { runId } = await createFailedRun(harness.app, owner);
    const ask = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/optimize/proposals',
        headers: { cookie: owner.cookie },
        payload: { runId },
      });
    const first = await ask();
    expect(first.statusCode).toBe(201);
    const failed = first.json<ListProposalsReply>();
    expect(failed.proposals).toEqual([]);
    expect(failed.unwritten).toHaveLength(1);
    expect(failed.unwritten[0]?.cause).toBe('Quotes prices it does not know');
    // The provider's reason and what to do, as every failed call says them.
    expect(failed.unwritten[0]?.error).toBe(
      'Your API key is invalid or has been revoked. Update your API key in settings.',
    );
    expect(seen).toMatchObject({ grouping: 1, proposal: 1 });

    const second = await ask();
    expect(second.statusCode).toBe(201);
    expect(seen).toMatchObject({ grouping: 1, proposal: 2 });
    expect(second.json<ListProposalsReply>()).toMatchObject({
      proposals: [{ cause: 'Quotes prices it does not know', status: 'proposed' }],
      unwritten: [],
    });
  });

  it('drops a cause without a proposal once its failed answers were overridden to a pass, without calling a model', async () => {
    const { seen } = scriptOptimizeProvider(fake, {
      groups: [
        { cause: 'Quotes prices it does not know', failures: [1] },
        { cause: 'Prices batteries it does not sell', failures: [2] },
      ],
      proposal: (call) => (call === 2 ? { text: 'not a proposal' } : undefined),
    });
    const { runId } = await createFailedRun(harness.app, owner, 'openai', ['And a 5 kW battery, how much?']);
    const ask = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/optimize/proposals',
        headers: { cookie: owner.cookie },
        payload: { runId },
      });
    const first = (await ask()).json<ListProposalsReply>();
    expect(first.unwritten).toHaveLength(1);
    const [batteryFailure] = first.unwritten[0]?.failures ?? [];
    const overridden = await harness.app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${runId}/conversations/${batteryFailure?.conversationId}/verdict`,
      headers: { cookie: owner.cookie },
      payload: { verdict: 'pass' },
    });
    expect(overridden.statusCode).toBe(200);

    const second = await ask();
    expect(second.statusCode).toBe(201);
    expect(seen).toMatchObject({ grouping: 1, proposal: 2 });
    expect(second.json<ListProposalsReply>()).toMatchObject({
      proposals: [{ cause: 'Quotes prices it does not know' }],
      unwritten: [],
    });
  });

  it('hides another tenant’s run (404), whether reading or proposing', async () => {
    scriptOptimizeProvider(fake);
    const outsider = await signInWithWorkspace(harness.app, 'outsider@optimize.test');
    const { runId } = await createFailedRun(harness.app, owner);
    const foreign = await harness.app.inject({
      method: 'POST',
      url: '/api/optimize/proposals',
      headers: { cookie: outsider.cookie },
      payload: { runId },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/optimize/proposals?runId=${runId}`,
          headers: { cookie: outsider.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('the AI Mentor answers about the agent (its failures in the prompt), metered, in a thread kept per user', async () => {
    const { seen } = scriptOptimizeProvider(fake);
    const { agent, runId } = await createFailedRun(harness.app, owner);
    const sent = await harness.app.inject({
      method: 'POST',
      url: '/api/mentor/messages',
      headers: { cookie: owner.cookie },
      payload: { agentId: agent.buildId, message: 'Why did my agent fail?' },
    });
    expect(sent.statusCode).toBe(200);
    const { reply } = sent.json<SendMentorMessageReply>();
    expect(reply).toMatchObject({ role: 'assistant', isOffline: false });
    expect(reply.content).toContain('quotes prices');
    expect(reply.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'open-optimize', path: `/optimize?agentId=${agent.buildId}&runId=${runId}` }),
        expect.objectContaining({ kind: 'run-evaluation', path: `/new-evaluation/results/${runId}` }),
      ]),
    );
    const prompt = seen.mentor.at(-1) ?? '';
    expect(prompt).toContain('Sunny');
    expect(prompt).toContain(PRICE_QUESTION);
    expect(prompt).toContain('The answer invents a price.');
    expect((await usageOf('ai-mentor')).length).toBeGreaterThan(0);

    const thread = await harness.app.inject({
      method: 'GET',
      url: `/api/mentor/thread?agentId=${agent.buildId}`,
      headers: { cookie: owner.cookie },
    });
    const body = thread.json<MentorThreadReply>();
    expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(body.facts).toMatchObject({ aiName: 'Sunny', latestRun: { runId, passes: 1, failures: 1 } });
  });
});

describe('Optimize and the AI Mentor without an AI provider', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    harness = await createTestApp();
    owner = await signInWithWorkspace(harness.app, 'offline@optimize.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
  }, 120_000);
  afterAll(async () => harness.close());

  it('proposes a rule from each failed question’s success criteria, with the offline notice', async () => {
    const { runId, summary } = await createFailedRun(harness.app, owner, 'offline');
    expect(summary.totals.failures).toBeGreaterThan(0);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/optimize/proposals',
      headers: { cookie: owner.cookie },
      payload: { runId },
    });
    expect(created.statusCode).toBe(201);
    const { proposals, offlineNotice } = created.json<ListProposalsReply>();
    expect(offlineNotice).toBe(OFFLINE_RESPONDER_NOTICE);
    expect(proposals[0]).toMatchObject({ isOffline: true, costUsd: 0 });
    expect(proposals[0]?.proposedInstructions).toContain(`"${PRICE_QUESTION}": ${PRICE_RULE}`);
  });

  it("the AI Mentor coaches from the agency's own latest run, not from a publish's regression-gate check", async () => {
    const { agent, runId } = await createFailedRun(harness.app, owner);
    const { db } = harness.app.platform.database;
    const [run] = await db.select().from(evaluationRun).where(eq(evaluationRun.id, runId));
    const { id: _id, ...copy } = run!;
    // A regression-gate check of a later publish, finished after it.
    await db.insert(evaluationRun).values({
      ...copy,
      id: randomUUID(),
      evaluationId: randomUUID(),
      gateSourceRunId: runId,
      finishedAt: new Date(Date.now() + 60_000),
    });
    const sent = await harness.app.inject({
      method: 'POST',
      url: '/api/mentor/messages',
      headers: { cookie: owner.cookie },
      payload: { agentId: agent.buildId, message: 'How did the last test go?' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<SendMentorMessageReply>().reply.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'run-evaluation', path: `/new-evaluation/results/${runId}` }),
      ]),
    );
  });

  it('the mentor coaches from the facts and says no provider is configured', async () => {
    const { agent } = await createFailedRun(harness.app, owner, 'offline');
    const sent = await harness.app.inject({
      method: 'POST',
      url: '/api/mentor/messages',
      headers: { cookie: owner.cookie },
      payload: { agentId: agent.buildId, message: 'What should I change?' },
    });
    const { reply } = sent.json<SendMentorMessageReply>();
    expect(reply.isOffline).toBe(true);
    expect(reply.content).toContain(PRICE_QUESTION);
    expect(reply.content).toContain(OFFLINE_RESPONDER_NOTICE);
  });
});
