import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestProviderKey,
  createTestAgent,
  grantTestCredits,
  parseEventStream,
  signInWithWorkspace,
} from '../../test/agent-fixtures';
import { countStatements } from '../../test/count-statements';
import { createTestApp } from '../../test/create-test-app';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { createTestWidget } from '../../test/widget-fixtures';

/**
 * The database work of one visitor message, counted in statements sent (transaction control
 * included), so that a change adding a read or a transaction to the hot path fails here. The
 * bounds are what the path takes today (docs/decisions/chat-hot-path.md).
 */
const BOUNDS = {
  /**
   * A visitor continuing a conversation, the sub account's own provider key (not billed): the
   * conversation read with the daily-limit check, the lock state and the history; the thread
   * turn with its usage row and the widget turn.
   */
  ownKeyContinuing: 2,
  /** The same on a platform key: the credit hold and its settlement are added. */
  billedContinuing: 10,
  /** A new visitor's first message (the visitor, the conversation and the thread are created). */
  ownKeyFirst: 2,
};
const MESSAGES = 3;

describe('statements per widget message', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let ownKeyWidgetId: string;
  let billedWidgetId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      WIDGET_IP_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const { app } = harness;
    const ownKey = await signInWithWorkspace(app, 'own-key@statements.test');
    await grantTestPlan(app.platform.database.db, ownKey.userId);
    await addTestProviderKey(app, ownKey, { provider: 'openai', apiKey: 'sk-own' });
    const ownAgent = await createTestAgent(app, ownKey, { aiName: 'Own', provider: 'openai', model: 'gpt-4o-mini' });
    ownKeyWidgetId = (await createTestWidget(app, ownKey, { agentId: ownAgent.buildId })).widgetId;

    const billed = await signInWithWorkspace(app, 'billed@statements.test');
    await grantTestPlan(app.platform.database.db, billed.userId);
    await grantTestCredits(app, billed.userId, 50_000_000);
    const billedAgent = await createTestAgent(app, billed, {
      aiName: 'Billed',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    billedWidgetId = (await createTestWidget(app, billed, { agentId: billedAgent.buildId })).widgetId;
  });
  afterAll(async () => {
    await harness?.close();
    await fake?.close();
  });

  type Visitor = { contactIdentifier?: string; threadId?: string; widgetConversationThreadId?: string };
  async function send(widgetId: string, visitor: Visitor, stream: boolean) {
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widgetId}/chat${stream ? '?stream=1' : ''}`,
      payload: { message: 'How fast is it?', ...visitor },
    });
    expect(response.statusCode).toBe(200);
    const reply = stream
      ? (parseEventStream(response.body).at(-1) as { reply: Record<string, string> }).reply
      : response.json<Record<string, string>>();
    expect(reply.message).toBeTruthy();
    visitor.contactIdentifier = reply.contactIdentifier;
    visitor.threadId = reply.threadId;
    visitor.widgetConversationThreadId = reply.widgetConversationThreadId;
  }

  /**
   * The fewest statements one message took, first messages and continuing ones apart: the
   * server's background jobs (schedulers, sweepers) may add statements to any one message, never
   * take them away, and a statement added to the hot path shows on every message.
   */
  async function measure(widgetId: string, stream: boolean) {
    const counter = countStatements();
    const counts = { first: Number.POSITIVE_INFINITY, continuing: Number.POSITIVE_INFINITY };
    try {
      for (let visitorIndex = 0; visitorIndex < 2; visitorIndex += 1) {
        const visitor: Visitor = {};
        counter.reset();
        await send(widgetId, visitor, stream);
        counts.first = Math.min(counts.first, counter.count());
        for (let index = 0; index < MESSAGES; index += 1) {
          counter.reset();
          await send(widgetId, visitor, stream);
          counts.continuing = Math.min(counts.continuing, counter.count());
        }
      }
      return counts;
    } finally {
      counter.stop();
    }
  }

  it.each([false, true])('on the sub account own key (streamed: %s)', async (stream) => {
    await send(ownKeyWidgetId, {}, stream); // warm: the widget, agent and key are remembered
    const counts = await measure(ownKeyWidgetId, stream);
    expect(counts.continuing).toBeLessThanOrEqual(BOUNDS.ownKeyContinuing);
    expect(counts.first).toBeLessThanOrEqual(BOUNDS.ownKeyFirst);
    // The check before the model and the turn after: fewer would mean the counter missed statements.
    expect(Math.min(counts.continuing, counts.first)).toBeGreaterThanOrEqual(2);
  });

  it.each([false, true])('on a platform key, billed in credits (streamed: %s)', async (stream) => {
    await send(billedWidgetId, {}, stream);
    const counts = await measure(billedWidgetId, stream);
    expect(counts.continuing).toBeLessThanOrEqual(BOUNDS.billedContinuing);
    expect(counts.continuing).toBeGreaterThan(BOUNDS.ownKeyContinuing);
  });
});
