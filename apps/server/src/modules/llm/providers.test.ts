import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { llmUsage } from './llm.tables';

/** Which provider answers, with which key, and who pays: one app configured like a self-hosted install with OpenRouter. */
describe('provider routing', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let openRouter: FakeOpenAiServer;
  let selfHosted: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    openRouter = await startFakeOpenAiServer();
    selfHosted = await startFakeOpenAiServer();
    // OPENAI_BASE_URL without OPENAI_API_KEY: a keyless OpenAI-compatible server such as Ollama.
    harness = await createTestApp({
      OPENROUTER_API_KEY: 'sk-or-platform',
      OPENROUTER_BASE_URL: openRouter.url,
      OPENAI_BASE_URL: selfHosted.url,
      LLM_DEFAULT_MODEL: 'llama3.1',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@providers.test');
    // Several agents in one sub account: more than the free plan's one.
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 1_000_000);
  });
  afterAll(async () => {
    await harness.close();
    await openRouter.close();
    await selfHosted.close();
  });

  async function chat(assistantId: string, message: string) {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/openai/run-prompt',
      headers: { cookie: owner.cookie },
      payload: { assistantId, message },
    });
    const [usage] = await harness.app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.threadId, response.json().threadId));
    return { body: response.json(), usage };
  }

  it('gives new agents the configured OpenAI-compatible server and LLM_DEFAULT_MODEL; keyless calls cost no credits', async () => {
    const agent = await createTestAgent(harness.app, owner);
    expect(agent).toMatchObject({ provider: 'openai-compatible', model: 'llama3.1' });
    const { body, usage } = await chat(agent.buildId, 'hello local model');
    expect(body.message).toBe('Echo: hello local model');
    expect(selfHosted.requests[0]?.body.model).toBe('llama3.1');
    expect(selfHosted.requests[0]?.headers.authorization).toBeUndefined();
    expect(usage).toMatchObject({ provider: 'openai-compatible', keySource: 'platform', millicredits: 0 });
  });

  it('calls OpenRouter with the platform key, its app headers and a vendor/model name, and charges credits', async () => {
    const agent = await createTestAgent(harness.app, owner, { provider: 'openrouter' });
    expect(agent.model).toBe('openai/gpt-4o-mini');
    const { body, usage } = await chat(agent.buildId, 'hello router');
    expect(body.message).toBe('Echo: hello router');
    const request = openRouter.requests[0];
    expect(request?.headers.authorization).toBe('Bearer sk-or-platform');
    expect(request?.headers['http-referer']).toBe('http://localhost:3000');
    expect(request?.body.model).toBe('openai/gpt-4o-mini');
    expect(usage).toMatchObject({ provider: 'openrouter', keySource: 'platform' });
    expect(usage?.millicredits).toBeGreaterThan(0);
  });

  it('answers offline for a provider that has no key anywhere, and for an offline agent', async () => {
    for (const provider of ['openai', 'offline'] as const) {
      const agent = await createTestAgent(harness.app, owner, {
        provider,
        instructions: 'We sell solar panels in Denver.',
      });
      const { body, usage } = await chat(agent.buildId, 'Where do you sell solar panels?');
      expect(body.message).toContain('We sell solar panels in Denver.');
      expect(body.message).toContain(OFFLINE_RESPONDER_NOTICE);
      expect(usage).toMatchObject({
        provider: 'offline',
        model: 'offline-responder',
        keySource: 'offline',
        millicredits: 0,
        costUsd: 0,
      });
    }
  });
});
