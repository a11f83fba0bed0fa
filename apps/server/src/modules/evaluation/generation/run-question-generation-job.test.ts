import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GetQuestionGenerationReply } from '@agentry/core/evaluation';
import { createTestApp } from '../../../test/create-test-app';
import { grantTestCredits, signInWithWorkspace } from '../../../test/agent-fixtures';
import {
  fakeErrors,
  startFakeOpenAiServer,
  textOf,
  type FakeChatRequest,
  type FakeOpenAiServer,
} from '../../../test/fake-openai-server';
import { scriptEvaluationProvider } from '../evaluation-fixtures';

const ANGRY_FAILURE =
  "Could not write the angry customer questions: the testing model's answer was not the list of questions asked for. Try again; if it keeps happening, choose another testing model.";

const isAngry = (request: FakeChatRequest) => textOf(request.messages[0]).includes('frustrated or angry customers');
const isCompliance = (request: FakeChatRequest) => textOf(request.messages[0]).includes('legal, ethical and safety');

describe('question generation when some categories fail', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, LLM_TIMEOUT_MS: '5000' });
    owner = await signInWithWorkspace(harness.app, 'owner@generation.test');
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  async function generate(payload: Record<string, unknown>): Promise<GetQuestionGenerationReply> {
    const started = await harness.app.inject({
      method: 'POST',
      url: '/questiongenerator',
      headers: { cookie: owner.cookie },
      payload: { evaluation_type: 'questiongenerator', prompt: 'You are SolarBot.', ...payload },
    });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ data: { generatequestionsId: string } }>().data.generatequestionsId;
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const reply = (
        await harness.app.inject({
          method: 'GET',
          url: `/api/questiongenerator/${id}`,
          headers: { cookie: owner.cookie },
        })
      ).json<GetQuestionGenerationReply>();
      if (reply.data.status === 'complete' || reply.data.status === 'failed') return reply;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the generation did not end');
  }

  it('keeps the questions of the categories that succeeded and says which one failed and why', async () => {
    const calls = scriptEvaluationProvider(fake, {
      generator: (request) => (isAngry(request) ? { text: 'not json' } : undefined),
    });
    const reply = await generate({
      generatedIndustryCount: '2',
      generatedAngryCount: '2',
      generatedComplianceCount: '0',
      generatedPromptHackingCount: '1',
      customPrompts: [{ id: 1, count: '3', label: 'Billing' }],
    });
    expect(calls.generator).toBe(4);
    expect(reply.data.status).toBe('complete');
    const { results } = reply.data.results;
    expect(results.industry).toHaveLength(2);
    expect(results.angry).toEqual([]);
    expect(results.prompthacking).toHaveLength(1);
    expect(results.custom).toEqual({ Billing: expect.any(Array) });
    expect(results.custom.Billing).toHaveLength(3);
    expect(reply.data.error).toBe(ANGRY_FAILURE);
  });

  it('names every category that failed, each with its own reason', async () => {
    scriptEvaluationProvider(fake, {
      generator: (request) => {
        if (isAngry(request)) return { text: 'not json' };
        if (isCompliance(request)) return fakeErrors['invalid-key'];
        return undefined;
      },
    });
    const reply = await generate({
      generatedIndustryCount: '1',
      generatedAngryCount: '1',
      generatedComplianceCount: '1',
      generatedPromptHackingCount: '0',
    });
    expect(reply.data.status).toBe('complete');
    expect(reply.data.results.results.industry).toHaveLength(1);
    expect(reply.data.error).toContain(ANGRY_FAILURE);
    expect(reply.data.error).toMatch(/Could not write the compliance questions: .+/);
  });

  it('fails the job when every category failed, still saying which and why', async () => {
    scriptEvaluationProvider(fake, { generator: () => ({ text: 'not json' }) });
    const reply = await generate({
      generatedIndustryCount: '0',
      generatedAngryCount: '2',
      generatedComplianceCount: '0',
      generatedPromptHackingCount: '0',
    });
    expect(reply.data.status).toBe('failed');
    expect(reply.data.error).toBe(ANGRY_FAILURE);
  });
});
