import { createHash, randomBytes, randomInt } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import {
  addTestProviderKey,
  createTestAgent,
  createTestApiKey,
  grantTestCredits,
  signInWithWorkspace,
} from '../../test/agent-fixtures';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { organization } from '../auth/auth.tables';
import { llmThread, llmUsage } from '../llm/llm.tables';
import { apiKey } from './public-api.tables';
import { WEBHOOK_FAILED_SECRET_LIMIT, WEBHOOK_RATE_LIMIT } from './webhook.routes';

describe('public API', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let address: string;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;
  let secret: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signInWithWorkspace(harness.app, 'owner@api.test');
    await grantTestCredits(harness.app, owner.userId, 5_000_000);
    agentId = (
      await createTestAgent(harness.app, owner, { aiName: 'Public', instructions: 'You are the public agent.' })
    ).buildId;
    const created = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/api-keys`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Production' },
    });
    secret = created.json().secret;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const client = (key = secret) => new OpenAI({ apiKey: key, baseURL: `${address}/v1`, maxRetries: 0 });

  describe('API keys', () => {
    it('shows the secret once, lists keys without it and stores only its SHA-256 hash', async () => {
      const { app } = harness;
      expect(secret).toMatch(/^agt_[A-Za-z0-9_-]{32}$/);
      const listed = await app.inject({
        method: 'GET',
        url: `/api/subaccounts/${owner.subaccountId}/api-keys`,
        headers: { cookie: owner.cookie },
      });
      expect(listed.json().keys).toEqual([
        {
          id: expect.any(String),
          name: 'Production',
          prefix: secret.slice(0, 10),
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      ]);
      expect(listed.body).not.toContain(secret);
      const rows = await app.platform.database.db.select().from(apiKey);
      expect(rows[0]?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('revokes a key: the next call answers 401', async () => {
      const { app } = harness;
      const created = await app.inject({
        method: 'POST',
        url: `/api/subaccounts/${owner.subaccountId}/api-keys`,
        headers: { cookie: owner.cookie },
        payload: { name: 'Temporary' },
      });
      await client(created.json().secret).chat.completions.create({
        model: agentId,
        messages: [{ role: 'user', content: 'hi' }],
      });
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/subaccounts/${owner.subaccountId}/api-keys/${created.json().id}`,
        headers: { cookie: owner.cookie },
      });
      expect(revoked.statusCode).toBe(204);
      await expect(
        client(created.json().secret).chat.completions.create({
          model: agentId,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    });
    // Through the API, every instance forgets the key: it is unknown (401). Deleted behind the
    // server's back (as another instance sees it before the news arrives), the remembered key's sub
    // account is found missing (404). Either way the provider is never called.
    it.each([
      { via: 'the API', refusal: OpenAI.AuthenticationError },
      { via: 'the database', refusal: OpenAI.NotFoundError },
    ])('stops answering a remembered key once its sub account is deleted through $via', async ({ via, refusal }) => {
      const { app } = harness;
      const member = await signInWithWorkspace(app, `deleted-subaccount-${via.length}@api.test`);
      await grantTestPlan(app.platform.database.db, member.userId);
      const created = await app.inject({
        method: 'POST',
        url: '/api/subaccounts',
        headers: { cookie: member.cookie },
        payload: { name: 'Short-lived client' },
      });
      expect(created.statusCode).toBe(201);
      const subaccountId = created.json<{ id: string }>().id;
      const session = { cookie: member.cookie, subaccountId };
      await addTestProviderKey(app, session, { provider: 'openai', apiKey: 'sk-short-lived' });
      const shortLivedAgent = await createTestAgent(app, session, {
        aiName: 'Short-lived',
        provider: 'openai',
        model: 'gpt-4o-mini',
      });
      const shortLivedSecret = await createTestApiKey(app, session, 'Short-lived');
      const ask = () =>
        client(shortLivedSecret).chat.completions.create({
          model: shortLivedAgent.buildId,
          messages: [{ role: 'user', content: 'hi' }],
        });
      await ask(); // the API key, the agent and the provider key are remembered now
      if (via === 'the API') {
        const deleted = await app.inject({
          method: 'DELETE',
          url: `/api/subaccounts/${subaccountId}`,
          headers: { cookie: member.cookie },
          payload: { confirmation: 'confirm' },
        });
        expect(deleted.statusCode).toBe(204);
      } else {
        await app.platform.database.db.delete(organization).where(eq(organization.id, subaccountId));
      }
      fake.reset();
      await expect(ask()).rejects.toBeInstanceOf(refusal);
      // Refused before the provider was called: nothing is spent on a deleted sub account's behalf.
      expect(fake.requests).toHaveLength(0);
      const usage = await app.platform.database.db
        .select()
        .from(llmUsage)
        .where(eq(llmUsage.subaccountId, subaccountId));
      expect(usage).toEqual([]);
    });
  });

  describe('POST /v1/chat/completions with the official openai client', () => {
    it('answers a completion with usage and a thread id', async () => {
      const completion = await client().chat.completions.create({
        model: agentId,
        messages: [
          { role: 'system', content: 'Answer in English.' },
          { role: 'user', content: 'First question' },
          { role: 'assistant', content: 'First answer' },
          { role: 'user', content: [{ type: 'text', text: 'Second question' }] },
        ],
      });
      expect(completion.object).toBe('chat.completion');
      expect(completion.choices[0]?.message.content).toBe('Echo: Second question');
      expect(completion.choices[0]?.finish_reason).toBe('stop');
      expect(completion.usage?.total_tokens).toBeGreaterThan(0);
      const sent = fake.requests[0]?.body.messages.map((message) => [message.role, textOf(message)]);
      expect(sent).toEqual([
        ['system', 'You are the public agent.\n\nAnswer in English.'],
        ['user', 'First question'],
        ['assistant', 'First answer'],
        ['user', 'Second question'],
      ]);
      const threadId = (completion as unknown as { thread_id: string }).thread_id;
      const [thread] = await harness.app.platform.database.db
        .select()
        .from(llmThread)
        .where(eq(llmThread.id, threadId));
      expect(thread?.source).toBe('api');
    });

    it('streams chat.completion.chunk events ending with usage', async () => {
      // Words apart in time reach the client as chunks of their own.
      fake.setDelays({ chunkMs: 10 });
      const stream = await client().chat.completions.create({
        model: agentId,
        messages: [{ role: 'user', content: 'stream this answer now' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      const chunks = [];
      for await (const chunk of stream) {
        chunks.push(chunk);
        text += chunk.choices[0]?.delta.content ?? '';
      }
      expect(text).toBe('Echo: stream this answer now');
      expect(chunks.length).toBeGreaterThan(4);
      expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
      expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
      expect(chunks.at(-1)?.usage?.completion_tokens).toBeGreaterThan(0);
    });

    it('answers errors in OpenAI’s shape, so the SDK raises its usual errors', async () => {
      const badKey = await client('agt_not-a-real-key')
        .chat.completions.create({ model: agentId, messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error);
      expect(badKey).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(badKey).toMatchObject({ status: 401, code: 'invalid_api_key' });
      // The key is checked before the body is read: a bad key with a body that is not JSON is still 401.
      const rawCall = (key: string) =>
        harness.app.inject({
          method: 'POST',
          url: '/v1/chat/completions',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: '{"model": ',
        });
      const unreadable = await rawCall('agt_not-a-real-key');
      expect(unreadable.statusCode).toBe(401);
      expect(unreadable.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
      const malformed = await rawCall(secret);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ error: { type: 'invalid_request_error' } });

      const other = await signInWithWorkspace(harness.app, 'other@api.test');
      const foreignAgent = await createTestAgent(harness.app, other);
      const notFound = await client()
        .chat.completions.create({ model: foreignAgent.buildId, messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error);
      expect(notFound).toBeInstanceOf(OpenAI.NotFoundError);
      expect(notFound).toMatchObject({ code: 'model_not_found', message: expect.stringContaining('does not exist') });

      const invalid = await client()
        .chat.completions.create({ model: agentId, messages: [] })
        .catch((error: unknown) => error);
      expect(invalid).toBeInstanceOf(OpenAI.BadRequestError);

      fake.failNext('model-not-found');
      const provider = await client()
        .chat.completions.create({ model: agentId, messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error);
      expect(provider).toBeInstanceOf(OpenAI.APIError);
      expect(provider).toMatchObject({
        status: 502,
        code: 'model_error',
        message: expect.stringContaining('The requested AI model is not available.'),
      });

      fake.failNext('invalid-key');
      const streamed = await client()
        .chat.completions.create({ model: agentId, messages: [{ role: 'user', content: 'hi' }], stream: true })
        .catch((error: unknown) => error);
      expect(streamed).toMatchObject({ status: 502, code: 'invalid_api_key' });
    });

    it('answers 429 past 600 calls a minute per key, before the model, the thread or the provider, and counts every call', async () => {
      const { app } = harness;
      /** A new key of the owner, and a call with it (the SDK's error when refused). */
      const newKey = async (name: string) => {
        const created = await app.inject({
          method: 'POST',
          url: `/api/subaccounts/${owner.subaccountId}/api-keys`,
          headers: { cookie: owner.cookie },
          payload: { name },
        });
        const { id, secret: keySecret } = created.json<{ id: string; secret: string }>();
        const ask = (body: { model: string; thread_id?: string; messages?: { role: 'user'; content: string }[] }) =>
          client(keySecret)
            .chat.completions.create({
              messages: [{ role: 'user', content: 'hi' }],
              ...body,
            } as OpenAI.ChatCompletionCreateParamsNonStreaming)
            .catch((error: unknown) => error);
        const askUnreadable = () =>
          app.inject({
            method: 'POST',
            url: '/v1/chat/completions',
            headers: { authorization: `Bearer ${keySecret}`, 'content-type': 'application/json' },
            payload: '{"model": ',
          });
        return { counter: `rate:v1:${id}`, ask, askUnreadable };
      };
      /** Counts calls of the key as other instances may have. */
      const hitsOf = async (counter: string, times: number) => {
        for (let index = 0; index < times; index += 1) await app.platform.cache.hit(counter, 60_000);
      };
      const expectRefused = (refused: unknown) => {
        expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
        expect(refused).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
      };
      const threadsBefore = (await app.platform.database.db.select().from(llmThread)).length;
      const requestsBefore = fake.requests.length;

      // Answered, an invalid body and one that is not JSON refused (400): all counted.
      const busy = await newKey('Busy');
      expect(await busy.ask({ model: agentId })).toMatchObject({ object: 'chat.completion' });
      expect(await busy.ask({ model: agentId, messages: [] })).toBeInstanceOf(OpenAI.BadRequestError);
      expect((await busy.askUnreadable()).statusCode).toBe(400);
      expect(await app.platform.cache.count(busy.counter)).toBe(3);
      await hitsOf(busy.counter, 597);
      // The 601st and after: refused whatever else is wrong with them. The first is sent while this
      // server has not seen the key busy (the count beside the reads), the next ones once it has.
      for (const body of [{ model: 'no-such-agent' }, { model: agentId }, { model: agentId, messages: [] }])
        expectRefused(await busy.ask(body));
      expect(await app.platform.cache.count(busy.counter)).toBe(603);
      // Another's thread, refused by the count sent beside its read.
      const other = await newKey('Other');
      await hitsOf(other.counter, 600);
      expectRefused(await other.ask({ model: agentId, thread_id: 'no-such-thread' }));

      expect(fake.requests.length).toBe(requestsBefore + 1);
      expect((await app.platform.database.db.select().from(llmThread)).length).toBe(threadsBefore + 1);
    });
  });

  describe('POST /webhook/:agentId', () => {
    it('answers {threadId, response} with the agent secret and continues the thread', async () => {
      const { app } = harness;
      const webhook = await app.inject({
        method: 'GET',
        url: `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/webhook`,
        headers: { cookie: owner.cookie },
      });
      expect(webhook.json()).toEqual({
        url: `http://localhost:3000/webhook/${agentId}`,
        secret: expect.stringMatching(/^whsec_/),
      });
      const headers = { 'x-webhook-secret': webhook.json().secret };

      const first = await app.inject({
        method: 'POST',
        url: `/webhook/${agentId}`,
        headers,
        payload: { type: 'user_message', message: 'Hello from my CRM' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ threadId: expect.any(String), response: 'Echo: Hello from my CRM' });
      const second = await app.inject({
        method: 'POST',
        url: `/webhook/${agentId}`,
        headers,
        payload: { type: 'user_message', threadId: first.json().threadId, message: 'And a follow-up' },
      });
      expect(second.json()).toEqual({ threadId: first.json().threadId, response: 'Echo: And a follow-up' });
      expect(fake.requests[1]?.body.messages.map((message) => textOf(message))).toContain('Hello from my CRM');
    });

    it('refuses a wrong or rotated secret and an unknown agent alike (401), and a bad body (400)', async () => {
      const { app } = harness;
      const before = await app.inject({
        method: 'GET',
        url: `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/webhook`,
        headers: { cookie: owner.cookie },
      });
      const rotated = await app.inject({
        method: 'POST',
        url: `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/webhook/rotate`,
        headers: { cookie: owner.cookie },
      });
      expect(rotated.json().secret).not.toBe(before.json().secret);
      const payload = { type: 'user_message', message: 'hi' };
      for (const [url, secretHeader] of [
        [`/webhook/${agentId}`, before.json().secret],
        [`/webhook/${agentId}`, 'whsec_wrong'],
        ['/webhook/unknown-agent', rotated.json().secret],
      ]) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { 'x-webhook-secret': secretHeader },
          payload,
        });
        expect(response.statusCode).toBe(401);
        expect(response.json().error.message).toBe('Invalid webhook secret');
      }
      const missing = await app.inject({ method: 'POST', url: `/webhook/${agentId}`, payload });
      expect(missing.statusCode).toBe(401);
      const badBody = await app.inject({
        method: 'POST',
        url: `/webhook/${agentId}`,
        headers: { 'x-webhook-secret': rotated.json().secret },
        payload: { type: 'other', message: 'hi' },
      });
      expect(badBody.statusCode).toBe(400);
      expect(fake.requests).toHaveLength(0);
    });

    it('checks the secret before the body: a bad body without the right secret is 401 and counts as a failed secret', async () => {
      const { app } = harness;
      // A fresh address: on Redis the counters outlive one test app.
      const remoteAddress = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
      const failedCounter = `rate:webhook-failed-secret:${remoteAddress}`;
      const failuresBefore = await app.platform.cache.count(failedCounter);
      const call = (payload: unknown, headers: Record<string, string> = {}) =>
        app.inject({
          method: 'POST',
          url: `/webhook/${agentId}`,
          remoteAddress,
          headers,
          payload: payload as Record<string, unknown>,
        });
      const probe = await call({});
      expect(probe.statusCode).toBe(401);
      expect(probe.json().error.message).toBe('Invalid webhook secret');
      expect(probe.json().error).not.toHaveProperty('fields');
      const wrong = await call({ type: 'other' }, { 'x-webhook-secret': 'whsec_wrong' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe('Invalid webhook secret');
      expect(await app.platform.cache.count(failedCounter)).toBe(failuresBefore + 2);
      expect(fake.requests).toHaveLength(0);
    });

    it('locks out the IP that guesses secrets, never the agent: its limit counts only authenticated calls', async () => {
      const { app } = harness;
      const current = await app.inject({
        method: 'GET',
        url: `/api/subaccounts/${owner.subaccountId}/agents/${agentId}/webhook`,
        headers: { cookie: owner.cookie },
      });
      const payload = { type: 'user_message', message: 'Order status?' };
      const call = (remoteAddress: string, secretHeader: string) =>
        app.inject({
          method: 'POST',
          url: `/webhook/${agentId}`,
          remoteAddress,
          headers: { 'x-webhook-secret': secretHeader },
          payload,
        });
      const agentCounter = `rate:webhook:${agentId}`;
      const goodCallsBefore = await app.platform.cache.count(agentCounter);
      const failures = WEBHOOK_FAILED_SECRET_LIMIT.limit;

      const statuses: number[] = [];
      for (let index = 0; index < 100; index += 1) statuses.push((await call('203.0.113.7', 'whsec_guess')).statusCode);
      expect(statuses.slice(0, failures)).toEqual(Array.from({ length: failures }, () => 401));
      expect(statuses.slice(failures)).toEqual(Array.from({ length: 100 - failures }, () => 429));
      const lockedOut = await call('203.0.113.7', current.json().secret);
      expect(lockedOut.statusCode).toBe(429);
      expect(lockedOut.json().error.code).toBe('RATE_LIMITED');

      // IPv6 clients are counted by their /64, whatever address of it they call from.
      for (let index = 1; index <= failures; index += 1)
        expect((await call(`2001:db8:1:2::${index.toString(16)}`, 'whsec_guess')).statusCode).toBe(401);
      expect((await call('2001:db8:1:2:ffff::1', 'whsec_guess')).statusCode).toBe(429);
      expect((await call('2001:db8:1:3::1', 'whsec_guess')).statusCode).toBe(401);

      // More wrong calls than the agent's whole limit, spread over many addresses.
      const addresses = Math.ceil(WEBHOOK_RATE_LIMIT.limit / failures) + 1;
      for (let address = 1; address <= addresses; address += 1) {
        for (let index = 0; index < failures; index += 1)
          expect((await call(`198.51.100.${address}`, 'whsec_guess')).statusCode).toBe(401);
      }
      const correct = await call('192.0.2.10', current.json().secret);
      expect(correct.statusCode).toBe(200);
      expect(correct.json().response).toBe('Echo: Order status?');
      expect(await app.platform.cache.count(agentCounter)).toBe(goodCallsBefore + 1);

      // The agent's own limit still applies to authenticated calls.
      for (let count = goodCallsBefore + 1; count < WEBHOOK_RATE_LIMIT.limit - 1; count += 1)
        await app.platform.cache.hit(agentCounter, WEBHOOK_RATE_LIMIT.windowMs);
      expect((await call('192.0.2.10', current.json().secret)).statusCode).toBe(200);
      expect((await call('192.0.2.10', current.json().secret)).statusCode).toBe(429);
      // About 700 requests: give a loaded machine time.
    }, 120_000);
  });
});
