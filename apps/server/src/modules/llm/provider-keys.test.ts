import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { grantTestPlan } from '../../test/grant-test-plan';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { member } from '../auth/auth.tables';
import { llmUsage, providerKey } from './llm.tables';

describe("a sub account's own provider keys", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let selfHosted: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    selfHosted = await startFakeOpenAiServer();
    // No platform key: OpenAI calls only work with the sub account's key (OPENAI_BASE_URL points at the fake).
    harness = await createTestApp({
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      OPENAI_BASE_URL: fake.url,
      TEST_ALLOW_LOOPBACK_URLS: 'true',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@keys.test');
    // Several agents in one sub account: more than the free plan's one.
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
    await selfHosted.close();
  });
  beforeEach(() => {
    fake.reset();
    selfHosted.reset();
  });

  const keysUrl = () => `/api/subaccounts/${owner.subaccountId}/provider-keys`;
  const chat = (assistantId: string, message = 'hello') =>
    harness.app.inject({
      method: 'POST',
      url: '/api/openai/run-prompt',
      headers: { cookie: owner.cookie },
      payload: { assistantId, message },
    });

  it('stores a key encrypted, never answers it back, and uses it (free of credits)', async () => {
    const { app } = harness;
    const agent = await createTestAgent(app, owner, { aiName: 'Keyed', provider: 'openai', model: 'gpt-4o-mini' });
    const before = await chat(agent.buildId);
    expect(before.json().message).toContain(OFFLINE_RESPONDER_NOTICE);
    expect(fake.requests).toHaveLength(0);

    const created = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai', label: 'Agency key', apiKey: 'sk-own-secret-1234' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      provider: 'openai',
      label: 'Agency key',
      lastFour: '1234',
      baseUrl: null,
      defaultModel: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const listed = await app.inject({ method: 'GET', url: keysUrl(), headers: { cookie: owner.cookie } });
    expect(listed.body).not.toContain('sk-own-secret');

    const [row] = await app.platform.database.db
      .select()
      .from(providerKey)
      .where(eq(providerKey.id, created.json().id));
    expect(row?.encryptedKey).not.toContain('sk-own-secret');
    expect(row?.encryptedKey).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);

    // The owner has no credits at all: an own key costs none.
    const after = await chat(agent.buildId, 'with my key');
    expect(after.statusCode).toBe(200);
    expect(after.json().message).toBe('Echo: with my key');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-own-secret-1234');
    const [usage] = await app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.threadId, after.json().threadId));
    expect(usage).toMatchObject({ keySource: 'subaccount', millicredits: 0, status: 'succeeded' });
    expect(usage?.costUsd).toBeGreaterThan(0);

    const replaced = await app.inject({
      method: 'PUT',
      url: `${keysUrl()}/${created.json().id}`,
      headers: { cookie: owner.cookie },
      payload: { apiKey: 'sk-replacement-9876' },
    });
    expect(replaced.json()).toMatchObject({ lastFour: '9876', label: 'Agency key' });
    await chat(agent.buildId);
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-replacement-9876');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `${keysUrl()}/${created.json().id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await chat(agent.buildId)).json().message).toContain(OFFLINE_RESPONDER_NOTICE);
  });

  it('tests a key with a tiny call and answers the parsed error for a bad one', async () => {
    const { app } = harness;
    const good = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai', apiKey: 'sk-good-0001' },
    });
    const tested = await app.inject({
      method: 'POST',
      url: `${keysUrl()}/${good.json().id}/test`,
      headers: { cookie: owner.cookie },
    });
    expect(tested.json()).toEqual({ ok: true });
    expect(fake.requests[0]?.body).toMatchObject({ max_tokens: 1 });

    const bad = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai', apiKey: 'sk-invalid' },
    });
    const failed = await app.inject({
      method: 'POST',
      url: `${keysUrl()}/${bad.json().id}/test`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(failed.json()).toEqual({
      ok: false,
      error: {
        type: 'invalid_api_key',
        message: 'Your API key is invalid or has been revoked.',
        advice: 'Update your API key in settings.',
      },
    });
    for (const id of [good.json().id, bad.json().id])
      await app.inject({ method: 'DELETE', url: `${keysUrl()}/${id}`, headers: { cookie: owner.cookie } });
  });

  it("calls an OpenAI-compatible server at the key's own base URL, and refuses a private one", async () => {
    const { app } = harness;
    const refused = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai-compatible', apiKey: 'k', baseUrl: 'http://10.0.0.1/v1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'This URL points to a private, loopback or link-local address, which is not allowed.',
    );

    const created = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai-compatible', apiKey: 'vllm-key', baseUrl: selfHosted.url },
    });
    expect(created.statusCode).toBe(201);
    const agent = await createTestAgent(app, owner, {
      provider: 'openai-compatible',
      model: 'llama-3.1-8b-instruct',
      providerKeyId: created.json().id,
    });
    const response = await chat(agent.buildId, 'to my own server');
    expect(response.json().message).toBe('Echo: to my own server');
    expect(selfHosted.requests[0]?.headers.authorization).toBe('Bearer vllm-key');
    expect(fake.requests).toHaveLength(0);
  });

  it('runs a model the price table does not list on an own key (credits only refuse it)', async () => {
    const { app } = harness;
    const created = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai', apiKey: 'sk-own-pro-0002' },
    });
    const agent = await createTestAgent(app, owner, {
      provider: 'openai',
      model: 'o1-pro',
      providerKeyId: created.json().id,
    });
    const response = await chat(agent.buildId, 'an unlisted model');
    expect(response.json().message).toBe('Echo: an unlisted model');
    expect(fake.requests[0]?.body.model).toBe('o1-pro');
    const [usage] = await app.platform.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.threadId, response.json().threadId));
    expect(usage).toMatchObject({ keySource: 'subaccount', model: 'o1-pro', millicredits: 0, status: 'succeeded' });
    await app.inject({ method: 'DELETE', url: `${keysUrl()}/${created.json().id}`, headers: { cookie: owner.cookie } });
  });

  it('moves a stored key to another base URL only with the key entered again', async () => {
    const { app } = harness;
    const created = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai-compatible', apiKey: 'stored-secret', baseUrl: selfHosted.url },
    });
    const keyUrl = `${keysUrl()}/${created.json().id}`;
    const update = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: keyUrl, headers: { cookie: owner.cookie }, payload });

    // Another address without the key: refused, and the stored secret still goes only where it was saved for.
    const moved = await update({ baseUrl: fake.url });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Enter the API key again to change the base URL.',
    });
    expect((await update({ baseUrl: null })).statusCode).toBe(400);
    await app.inject({ method: 'POST', url: `${keyUrl}/test`, headers: { cookie: owner.cookie } });
    expect(fake.requests).toHaveLength(0);
    expect(selfHosted.requests[0]?.headers.authorization).toBe('Bearer stored-secret');

    // The same address again (the form sends it back with a new label) needs no key.
    const renamed = await update({ label: 'Renamed', baseUrl: selfHosted.url });
    expect(renamed.json()).toMatchObject({ label: 'Renamed', baseUrl: selfHosted.url });
    // With the key in the same request, the key moves.
    const replaced = await update({ apiKey: 'new-secret', baseUrl: fake.url });
    expect(replaced.json()).toMatchObject({ baseUrl: fake.url, lastFour: 'cret' });
    await app.inject({ method: 'POST', url: `${keyUrl}/test`, headers: { cookie: owner.cookie } });
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer new-secret');
  });

  it('lets only admins manage keys, and hides other sub accounts’ keys', async () => {
    const { app } = harness;
    const teammate = await signInWithWorkspace(app, 'member@keys.test');
    await app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: teammate.userId, role: 'member' });
    const denied = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: teammate.cookie },
      payload: { provider: 'openai', apiKey: 'sk-x' },
    });
    expect(denied.statusCode).toBe(403);
    const created = await app.inject({
      method: 'POST',
      url: keysUrl(),
      headers: { cookie: owner.cookie },
      payload: { provider: 'openai', apiKey: 'sk-mine' },
    });
    const outsider = await signInWithWorkspace(app, 'outsider@keys.test');
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/subaccounts/${outsider.subaccountId}/provider-keys/${created.json().id}`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const choose = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${outsider.subaccountId}/agents`,
      headers: { cookie: outsider.cookie },
      payload: { provider: 'openai', providerKeyId: created.json().id },
    });
    expect(choose.statusCode).toBe(404);
  });
});

describe('provider keys without ENCRYPTION_KEY', () => {
  it("refuses to save a key with 'System configuration error.'", async () => {
    const harness = await createTestApp();
    try {
      const owner = await signInWithWorkspace(harness.app, 'nokey@keys.test');
      const response = await harness.app.inject({
        method: 'POST',
        url: `/api/subaccounts/${owner.subaccountId}/provider-keys`,
        headers: { cookie: owner.cookie },
        payload: { provider: 'openai', apiKey: 'sk-1' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({
        code: 'CONFIG_ERROR',
        message: 'System configuration error.',
        type: 'config_error',
      });
      expect(await harness.app.platform.database.db.select().from(providerKey)).toEqual([]);
    } finally {
      await harness.close();
    }
  });
});
