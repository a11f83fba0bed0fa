import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { createTestDatabase, type TestApp } from '../../test/create-test-app';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { createTestWidget } from '../../test/widget-fixtures';
import { subaccountSettings } from '../accounts/accounts.tables';
import { widgetDailyCount, widgetDailyReservation } from './widget.tables';

/**
 * The chat hot paths remember what changes only on edit (the deployed widget and its agent, an
 * agent the public API answers as, the sub account's provider key). Every edit must take effect
 * on the next message: on the memory cache (one instance), and with Redis on two instances
 * sharing one database, where the edit is made on one and the message sent to the other.
 */
describe('what the chat remembers is dropped on every change', () => {
  let fake: FakeOpenAiServer;
  let editor: TestApp;
  let visitorSide: TestApp;
  let closeAll: () => Promise<void>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  const isRedis = Boolean(process.env.REDIS_URL);

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      SIGN_IN_RATE_LIMIT_PER_EMAIL: '1000',
      SIGN_IN_RATE_LIMIT_PER_IP: '100000',
      OPENAI_BASE_URL: fake.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...(isRedis ? { REDIS_URL: process.env.REDIS_URL, QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}` } : {}),
    });
    editor = await buildApp({ config, database, logger: false, serveWeb: false });
    await editor.ready();
    if (isRedis) {
      // A second instance on the same database and Redis (its own cache, subscriber and queue workers).
      visitorSide = await buildApp({
        config,
        database: { ...database, close: () => Promise.resolve() },
        logger: false,
        serveWeb: false,
      });
      await visitorSide.ready();
    } else {
      visitorSide = editor;
    }
    closeAll = async () => {
      if (visitorSide !== editor) await visitorSide.close();
      await editor.close();
      await drop();
    };
    owner = await signInWithWorkspace(editor, 'owner@chat-cache.test');
    await grantTestPlan(editor.platform.database.db, owner.userId);
  });
  afterAll(async () => {
    await closeAll();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const asOwner = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    editor.inject({ method, url, headers: { cookie: owner.cookie }, payload: payload as Record<string, unknown> });
  const chat = (widgetId: string, message: string) =>
    visitorSide.inject({ method: 'POST', url: `/api/widget/${widgetId}/chat`, payload: { message } });
  const lastSystemPrompt = () => fake.requests.at(-1)?.body.messages[0]?.content;
  const lastAuthorization = () => fake.requests.at(-1)?.headers.authorization;
  /** Redis delivers a change to the other instance a moment after the edit's response. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, isRedis ? 50 : 0));

  it('answers with the edited agent, the redeployed agent, the changed key, and not at all once the widget is gone', async () => {
    const key = await asOwner('POST', `/api/subaccounts/${owner.subaccountId}/provider-keys`, {
      provider: 'openai',
      apiKey: 'sk-first',
    });
    expect(key.statusCode).toBe(201);
    const first = await createTestAgent(editor, owner, {
      aiName: 'First',
      instructions: 'You are the first bot.',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    const widget = await createTestWidget(editor, owner, { agentId: first.buildId, settings: { dailyLimit: 1000 } });

    expect((await chat(widget.widgetId, 'hello')).statusCode).toBe(200);
    expect(lastSystemPrompt()).toBe('You are the first bot.');
    expect(lastAuthorization()).toBe('Bearer sk-first');
    // Remembered now: a second message reads the same.
    expect((await chat(widget.widgetId, 'again')).statusCode).toBe(200);
    expect(lastSystemPrompt()).toBe('You are the first bot.');

    // An edit of the deployed agent.
    const edited = await asOwner('PATCH', `/api/subaccounts/${owner.subaccountId}/agents/${first.buildId}`, {
      instructions: 'You are the edited bot.',
    });
    expect(edited.statusCode).toBe(200);
    // Visitors get the edit once it is published.
    const versions = await editor.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/agents/${first.buildId}/versions`,
      headers: { cookie: owner.cookie },
    });
    const draftId = versions.json<{ versions: { id: string }[] }>().versions[0]?.id;
    const published = await asOwner(
      'POST',
      `/api/subaccounts/${owner.subaccountId}/agents/${first.buildId}/versions/${draftId}/publish`,
      {},
    );
    expect(published.statusCode).toBe(200);
    await settle();
    expect((await chat(widget.widgetId, 'after the edit')).statusCode).toBe(200);
    expect(lastSystemPrompt()).toBe('You are the edited bot.');

    // A new key for the provider.
    const keyId = key.json<{ id: string }>().id;
    const changedKey = await asOwner('PUT', `/api/subaccounts/${owner.subaccountId}/provider-keys/${keyId}`, {
      apiKey: 'sk-second',
    });
    expect(changedKey.statusCode).toBe(200);
    await settle();
    expect((await chat(widget.widgetId, 'after the key change')).statusCode).toBe(200);
    expect(lastAuthorization()).toBe('Bearer sk-second');

    // The widget redeployed with another agent.
    const second = await createTestAgent(editor, owner, {
      aiName: 'Second',
      instructions: 'You are the second bot.',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    const moved = await asOwner('PUT', `/api/connections/${widget.connectionId}/update-build`, {
      buildId: second.buildId,
    });
    expect(moved.statusCode).toBe(200);
    expect((await asOwner('POST', `/api/connections/${widget.connectionId}/deploy`)).statusCode).toBe(200);
    await settle();
    expect((await chat(widget.widgetId, 'after the redeploy')).statusCode).toBe(200);
    expect(lastSystemPrompt()).toBe('You are the second bot.');

    // The deployed agent deleted: the widget has no agent any more.
    expect(
      (await asOwner('DELETE', `/api/subaccounts/${owner.subaccountId}/agents/${second.buildId}`)).statusCode,
    ).toBe(204);
    await settle();
    const orphaned = await chat(widget.widgetId, 'after the agent was deleted');
    expect(orphaned.statusCode).toBe(409);

    expect((await asOwner('DELETE', `/api/connections/${widget.connectionId}`)).statusCode).toBe(204);
    await settle();
    expect((await chat(widget.widgetId, 'after the widget was deleted')).statusCode).toBe(404);
  });

  it('refuses the next message once the sub account is locked, and answers again once it is unlocked', async () => {
    const agent = await createTestAgent(editor, owner, { aiName: 'Locked', instructions: 'You are the locked bot.' });
    const widget = await createTestWidget(editor, owner, { agentId: agent.buildId, settings: { dailyLimit: 1000 } });
    expect((await chat(widget.widgetId, 'before the lock')).statusCode).toBe(200);
    const db = editor.platform.database.db;
    await db
      .update(subaccountSettings)
      .set({ lockedAt: new Date() })
      .where(eq(subaccountSettings.subaccountId, owner.subaccountId));
    const refused = await chat(widget.widgetId, 'while locked');
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', reason: 'subaccount_locked' });
    // The refused message is given back: one stored turn counted, nothing in flight.
    const [counted] = await db
      .select()
      .from(widgetDailyCount)
      .where(eq(widgetDailyCount.connectionId, widget.connectionId));
    expect(counted).toMatchObject({ count: 1 });
    expect(
      await db
        .select()
        .from(widgetDailyReservation)
        .where(eq(widgetDailyReservation.connectionId, widget.connectionId)),
    ).toEqual([]);
    await db
      .update(subaccountSettings)
      .set({ lockedAt: null })
      .where(eq(subaccountSettings.subaccountId, owner.subaccountId));
    expect((await chat(widget.widgetId, 'after the unlock')).statusCode).toBe(200);
  });
});
