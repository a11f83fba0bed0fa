import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HttpToolInput, toHttpTool } from '@agentry/core/tools';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, parseEventStream, signInWithWorkspace } from '../../test/agent-fixtures';
import { fakeErrors, startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { creditLedger } from '../credits/credits.tables';
import { generateLlmText } from './call-language-model';
import { hasFinishedProviderCall } from './finished-provider-calls';
import { llmUsage } from './llm.tables';

/**
 * A call with tools whose first step the provider answered (and charged us for) before the
 * call failed or was cancelled: that step is recorded and charged.
 */
describe('a tool call interrupted after its first step', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let toolServer: http.Server;
  let toolUrl: string;
  /** Runs when the tool is called; the tool answers once it resolves. */
  let onToolCall: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    toolServer = http.createServer((_request, response) => {
      void onToolCall().then(() =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ forecast: 'sunny' })),
      );
    });
    await new Promise<void>((resolve) => toolServer.listen(0, '127.0.0.1', resolve));
    toolUrl = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}/weather`;
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      TEST_ALLOW_LOOPBACK_URLS: 'true',
    });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
    toolServer.closeAllConnections();
    await new Promise((resolve) => toolServer.close(resolve));
  });
  beforeEach(() => {
    fake.reset();
    onToolCall = () => Promise.resolve();
  });

  const weatherTool = {
    name: 'get_weather',
    description: 'The weather forecast for a city',
    method: 'GET' as const,
    url: '',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  };

  async function newOwner(email: string) {
    const owner = await signInWithWorkspace(harness.app, email);
    await grantTestCredits(harness.app, owner.userId, 1_000_000);
    return owner;
  }

  /** The tokens the fake reported for the first step (its prompt, by its own count). */
  function firstStepPromptTokens() {
    const messages = fake.requests[0]?.body.messages ?? [];
    return Math.max(1, Math.ceil(messages.reduce((sum, message) => sum + textOf(message).length, 0) / 4));
  }

  /** A call with the tool straight through the gateway function (its error is answered, not thrown). */
  function callWithTool(owner: { subaccountId: string }, signal?: AbortSignal) {
    return generateLlmText({
      db: harness.app.platform.database.db,
      config: harness.app.platform.config,
      subaccountId: owner.subaccountId,
      agentId: null,
      threadId: null,
      source: 'test-chat',
      choice: { provider: 'openai', model: 'gpt-4o-mini', providerKeyId: null },
      sampling: {
        temperature: 0.7,
        maxTokens: 200,
        topP: 1,
        frequencyPenalty: 0,
        presencePenalty: 0,
        stopSequences: [],
      },
      system: 'Answer.',
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: [toHttpTool(HttpToolInput.parse({ ...weatherTool, url: toolUrl }))],
      offline: () => 'offline',
      signal,
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
  }

  async function chargesOf(userId: string) {
    const entries = await harness.app.platform.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'usage')));
    return entries.map((entry) => -(entry.planDelta + entry.bonusDelta));
  }

  it.each([
    ['whole', '/api/openai/run-prompt'],
    ['streamed', '/api/openai/run-prompt/stream'],
  ])('charges the first step of a %s answer whose second step failed', async (kind, path) => {
    const owner = await newOwner(`step-two-${kind}@interrupted.test`);
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Weather',
      tools: [{ ...weatherTool, url: toolUrl }],
    });
    // Step 1 calls the tool (the fake's default); step 2, after the tool answered, is refused.
    fake.respondWith((request) =>
      request.messages.at(-1)?.role === 'tool' ? fakeErrors['model-not-found'] : undefined,
    );
    const response = await harness.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: owner.cookie },
      payload: { assistantId: agent.buildId, message: 'Weather in Paris?' },
    });
    if (kind === 'whole') expect(response.statusCode).toBe(502);
    else expect(parseEventStream(response.body).at(-1)).toMatchObject({ type: 'error' });
    expect(fake.requests).toHaveLength(2);

    const [usage] = await harness.app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.subaccountId, owner.subaccountId));
    expect(usage).toMatchObject({ status: 'failed', inputTokens: firstStepPromptTokens() });
    expect(usage?.outputTokens).toBeGreaterThan(0);
    expect(usage?.millicredits).toBeGreaterThan(0);
    expect(await chargesOf(owner.userId)).toEqual([usage?.millicredits]);
  });

  it('charges the first step of a call cancelled while its tool ran, and says a provider call finished', async () => {
    const owner = await newOwner('cancelled@interrupted.test');
    const controller = new AbortController();
    onToolCall = () => {
      controller.abort(new Error('The client went away.'));
      return new Promise((resolve) => setTimeout(resolve, 50));
    };
    const error = await callWithTool(owner, controller.signal);
    expect(error).toBeDefined();
    expect(hasFinishedProviderCall(error)).toBe(true);
    expect(fake.requests).toHaveLength(1);

    const [usage] = await harness.app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.subaccountId, owner.subaccountId));
    expect(usage).toMatchObject({ status: 'cancelled', inputTokens: firstStepPromptTokens() });
    expect(usage?.outputTokens).toBeGreaterThan(0);
    expect(usage?.millicredits).toBeGreaterThan(0);
    expect(await chargesOf(owner.userId)).toEqual([usage?.millicredits]);
  });

  it('charges nothing when the first step failed, and says no provider call finished', async () => {
    const owner = await newOwner('first-failed@interrupted.test');
    fake.failNext('model-not-found');
    const error = await callWithTool(owner);
    expect(error).toBeDefined();
    expect(hasFinishedProviderCall(error)).toBe(false);
    const [usage] = await harness.app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.subaccountId, owner.subaccountId));
    expect(usage).toMatchObject({ status: 'failed', inputTokens: 0, outputTokens: 0, millicredits: 0 });
    expect(await chargesOf(owner.userId)).toEqual([]);
  });
});
