import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import type { ListProposalsReply, MentorThreadReply, SendMentorMessageReply } from '@agentry/core/optimize';
import { createTestApp } from '../../test/create-test-app';
import { grantTestPlan } from '../../test/grant-test-plan';
import { grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
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
