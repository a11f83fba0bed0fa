import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationConversationDetail, GetQuestionGenerationReply } from '@agentry/core/evaluation';
import { createTestApp } from '../../test/create-test-app';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { evaluationPayload, evaluationQuestion, startRun, waitForRun } from './evaluation-fixtures';

describe('evaluation without any AI provider (npm start without keys)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    harness = await createTestApp();
    owner = await signInWithWorkspace(harness.app, 'owner@offline.test');
  });
  afterAll(() => harness.close());

  it('runs end to end with the offline responder, simulated user and judge, labelled offline, at no cost', async () => {
    const started = await startRun(
      harness.app,
      owner.cookie,
      evaluationPayload({
        ai1_config: {
          model: 'gpt-4o-mini',
          prompt: 'You are SolarBot. We install solar panels and batteries. Installation takes two days.',
        },
        customQuestions: [
          evaluationQuestion({
            text: 'How long does installation take?',
            successCriteria: 'Says installation takes two days.',
            whenToAsk: 2,
            variations: 2,
          }),
        ],
      }),
    );
    expect(started.statusCode).toBe(201);
    const summary = await waitForRun(harness.app, owner.cookie, started.json<{ runId: string }>().runId);
    expect(summary.status).toBe('finished');
    expect(summary.totals).toMatchObject({ total: 2, done: 2, errors: 0 });
    expect(summary.conversations.every((conversation) => conversation.offline)).toBe(true);
    expect(summary.conversations[1]?.askedText).toBe('Quick question: How long does installation take?');
    expect(summary.usage.total.costUsd).toBe(0);
    expect(summary.usage.total.millicredits).toBe(0);

    const detail = (
      await harness.app.inject({
        method: 'GET',
        url: `/api/evaluations/${summary.id}/conversations/${summary.conversations[0]?.id ?? ''}`,
        headers: { cookie: owner.cookie },
      })
    ).json<EvaluationConversationDetail>();
    expect(detail.transcript[1]).toMatchObject({
      role: 'user',
      content: 'Hi! User wants help looking at options for solar energy.',
    });
    expect(detail.transcript[3]).toMatchObject({
      role: 'user',
      content: 'How long does installation take?',
      isQuestion: true,
    });
    expect(detail.transcript[4]?.content).toContain('Installation takes two days.');
    expect(detail.judgeReasoning).toMatch(/^Offline judge \(no AI provider is configured\)/);
    expect(detail.verdict).toBe('pass');
  });

  it('generates questions offline too', async () => {
    const started = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: {
        generatedPromptHackingCount: '4',
        customPrompts: [{ id: 'a', count: '2', label: 'Batteries' }],
        prompt: 'You are SolarBot.',
      },
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
      if (reply.data.status === 'complete') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(reply?.data.results.results.prompthacking).toHaveLength(4);
    expect(reply?.data.results.results.custom.Batteries?.[0]?.question).toBe('Can you tell me more about Batteries?');
  });
});
