import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, parseEventStream, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { llmUsage } from './llm.tables';

/** A tool call end to end: the model (fake) asks, the gateway calls the HTTP tool, the model answers. */
describe('agent tools through the gateway', () => {
  let fake: FakeOpenAiServer;
  let toolServer: http.Server;
  let toolUrl: string;
  const toolRequests: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    toolServer = http.createServer((request, response) => {
      toolRequests.push(request.url ?? '');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ forecast: 'sunny', url: request.url }));
    });
    await new Promise<void>((resolve) => toolServer.listen(0, '127.0.0.1', resolve));
    toolUrl = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}/weather`;
  });
  afterAll(async () => {
    await fake.close();
    toolServer.closeAllConnections();
    await new Promise((resolve) => toolServer.close(resolve));
  });
  beforeEach(() => {
    fake.reset();
    toolRequests.length = 0;
  });

  const weatherTool = () => ({
    name: 'get_weather',
    description: 'The weather forecast for a city',
    method: 'GET' as const,
    url: toolUrl,
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string' } },
      required: ['city', 'unit'],
    },
    parameterModes: { unit: { mode: 'manual' as const, value: 'celsius' } },
  });

  async function setUp(env: Record<string, string>) {
    const harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url, ...env });
    const owner = await signInWithWorkspace(harness.app, 'owner@tools.test');
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    const agent = await createTestAgent(harness.app, owner, { aiName: 'Weather', tools: [weatherTool()] });
    return { harness, owner, agent };
  }

  it('refuses a tool that points at 127.0.0.1: the model is told, the tool server is never called', async () => {
    const { harness, owner, agent } = await setUp({});
    try {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: agent.buildId, message: 'Weather in Paris?' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toContain('Tool result:');
      expect(response.json().message).toContain('private, loopback or link-local address');
      expect(toolRequests).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  describe('with loopback allowed (tests only)', () => {
    let setup: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      setup = await setUp({ TEST_ALLOW_LOOPBACK_URLS: 'true' });
    });
    afterAll(() => setup.harness.close());

    it('offers the tool without its manual parameter, calls it with the fixed value, and answers with its result', async () => {
      const { harness, owner, agent } = setup;
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: agent.buildId, message: 'Weather in Paris?' },
      });
      expect(response.statusCode).toBe(200);
      const offered = fake.requests[0]?.body.tools?.[0]?.function;
      expect(offered).toMatchObject({ name: 'get_weather', description: 'The weather forecast for a city' });
      expect(Object.keys(offered?.parameters?.properties ?? {})).toEqual(['city']);
      expect(toolRequests).toEqual(['/weather?city=test-city&unit=celsius']);
      const toolMessage = fake.requests[1]?.body.messages.find((message) => message.role === 'tool');
      expect(textOf(toolMessage)).toContain('sunny');
      expect(response.json().message).toContain('Tool result:');
      expect(response.json().message).toContain('sunny');
    });

    it('runs the tool while streaming too', async () => {
      const { harness, owner, agent } = setup;
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt/stream',
        headers: { cookie: owner.cookie },
        payload: { assistantId: agent.buildId, message: 'Weather in Oslo?' },
      });
      const events = parseEventStream(response.body) as { type: string; text?: string }[];
      const text = events
        .filter((event) => event.type === 'delta')
        .map((event) => event.text)
        .join('');
      expect(text).toContain('sunny');
      expect(events.at(-1)?.type).toBe('done');
      expect(toolRequests).toHaveLength(1);
    });

    it('charges every step of a tool answer when the provider reports no usage, as a failed one would be', async () => {
      const { harness, owner, agent } = setup;
      const usageOf = async (path: string) => {
        const response = await harness.app.inject({
          method: 'POST',
          url: path,
          headers: { cookie: owner.cookie },
          payload: { assistantId: agent.buildId, message: 'Weather in Lima?' },
        });
        expect(response.statusCode).toBe(200);
        const threadId = path.endsWith('/stream')
          ? (parseEventStream(response.body).at(-1) as { threadId: string }).threadId
          : response.json<{ threadId: string }>().threadId;
        const [row] = await harness.app.platform.database.db
          .select()
          .from(llmUsage)
          .where(eq(llmUsage.threadId, threadId));
        return row!;
      };
      for (const path of ['/api/openai/run-prompt', '/api/openai/run-prompt/stream']) {
        // One step: the prompt as counted before the call, the answer estimated.
        fake.respondWith(() => ({ text: 'Sunny.', omitUsage: true }));
        const oneStep = await usageOf(path);
        // Two steps (the tool, then the answer), neither reported: each step's prompt is paid.
        fake.respondWith((request) =>
          request.messages.at(-1)?.role === 'tool'
            ? { text: 'Sunny.', omitUsage: true }
            : { toolCalls: [{ name: 'get_weather', arguments: { city: 'Lima' } }], omitUsage: true },
        );
        const twoSteps = await usageOf(path);
        expect(twoSteps.inputTokens).toBe(2 * oneStep.inputTokens);
        expect(twoSteps.outputTokens).toBeGreaterThan(oneStep.outputTokens);
        expect(twoSteps.millicredits).toBeGreaterThan(oneStep.millicredits);
      }
    });

    it('does not offer a disabled tool', async () => {
      const { harness, owner, agent } = setup;
      await harness.app.inject({
        method: 'PATCH',
        url: `/api/subaccounts/${owner.subaccountId}/agents/${agent.buildId}`,
        headers: { cookie: owner.cookie },
        payload: { tools: [{ ...weatherTool(), enabled: false }] },
      });
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/openai/run-prompt',
        headers: { cookie: owner.cookie },
        payload: { assistantId: agent.buildId, message: 'Weather?' },
      });
      expect(response.json().message).toBe('Echo: Weather?');
      expect(fake.requests[0]?.body.tools).toBeUndefined();
    });
  });
});
