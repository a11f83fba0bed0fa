import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestProviderKey,
  createTestAgent,
  createTestApiKey,
  grantTestCredits,
  parseEventStream,
  signInWithWorkspace,
} from '../../test/agent-fixtures';
import { countStatements } from '../../test/count-statements';
import { createTestApp } from '../../test/create-test-app';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';

/**
 * The database work of one `POST /v1/chat/completions` call, counted in statements sent
 * (transaction control included), in all and before the provider is called (everything before it
 * delays the first token), so that a change adding a read or a transaction to the gateway's hot
 * path fails here. The bounds are what the path takes today (docs/decisions/chat-hot-path.md).
 */
const BOUNDS = {
  /** The sub account's own provider key, a new thread or one continued (`thread_id`). */
  ownKey: { total: 2, beforeProvider: 1 },
  /** A platform key: the credit hold before the call, its settlement in the turn's transaction after it. */
  billed: { total: 10, beforeProvider: 2 },
};
const CALLS = 3;

describe('statements per /v1/chat/completions call', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let counter: ReturnType<typeof countStatements> | undefined;
  let beforeProvider = 0;
  const callers: Record<'ownKey' | 'billed', { secret: string; agentId: string }> = {
    ownKey: { secret: '', agentId: '' },
    billed: { secret: '', agentId: '' },
  };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    const { app } = harness;
    for (const kind of ['ownKey', 'billed'] as const) {
      const owner = await signInWithWorkspace(app, `${kind.toLowerCase()}@api-statements.test`);
      await grantTestPlan(app.platform.database.db, owner.userId);
      if (kind === 'ownKey') await addTestProviderKey(app, owner, { provider: 'openai', apiKey: 'sk-own' });
      else await grantTestCredits(app, owner.userId, 50_000_000);
      const agent = await createTestAgent(app, owner, { aiName: kind, provider: 'openai', model: 'gpt-4o-mini' });
      callers[kind] = { secret: await createTestApiKey(app, owner, kind), agentId: agent.buildId };
    }
    // What had been sent when the provider is called.
    fake.respondWith(() => {
      beforeProvider = counter?.count() ?? 0;
      return undefined;
    });
  });
  afterAll(async () => {
    counter?.stop();
    await harness?.close();
    await fake?.close();
  });

  async function call(kind: 'ownKey' | 'billed', stream: boolean, threadId?: string): Promise<string> {
    const { secret, agentId } = callers[kind];
    const response = await harness.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${secret}` },
      payload: {
        model: agentId,
        messages: [{ role: 'user', content: 'How fast is it?' }],
        stream,
        ...(threadId ? { thread_id: threadId } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
    if (!stream) return response.json<{ thread_id: string }>().thread_id;
    const events = parseEventStream(response.body);
    expect(events.at(-1)).toBe('[DONE]');
    const threadIdOfStream = (events[0] as { thread_id?: string }).thread_id;
    if (!threadIdOfStream) throw new Error('the stream named no thread');
    return threadIdOfStream;
  }

  /**
   * The fewest statements one call took, in all and before the provider was called: the server's
   * background jobs may add statements to any one call, never take them away, and a statement
   * added to the hot path shows on every call.
   */
  async function measure(kind: 'ownKey' | 'billed', stream: boolean) {
    counter = countStatements();
    const counts = { total: Number.POSITIVE_INFINITY, beforeProvider: Number.POSITIVE_INFINITY };
    try {
      let threadId: string | undefined;
      for (let index = 0; index < CALLS * 2; index += 1) {
        counter.reset();
        // Half of the calls continue the thread of the one before.
        threadId = await call(kind, stream, index % 2 === 1 ? threadId : undefined);
        counts.total = Math.min(counts.total, counter.count());
        counts.beforeProvider = Math.min(counts.beforeProvider, beforeProvider);
      }
      return counts;
    } finally {
      counter.stop();
      counter = undefined;
    }
  }

  it.each([false, true])('on the sub account own key (streamed: %s)', async (stream) => {
    await call('ownKey', stream); // warm: the API key, the agent and the provider key are remembered
    const counts = await measure('ownKey', stream);
    expect(counts.total).toBeLessThanOrEqual(BOUNDS.ownKey.total);
    expect(counts.beforeProvider).toBeLessThanOrEqual(BOUNDS.ownKey.beforeProvider);
    // The turn context before the provider and the turn after: fewer would mean the counter missed statements.
    expect(counts.beforeProvider).toBeGreaterThanOrEqual(1);
    expect(counts.total).toBeGreaterThanOrEqual(2);
  });

  it.each([false, true])('on a platform key, billed in credits (streamed: %s)', async (stream) => {
    await call('billed', stream);
    const counts = await measure('billed', stream);
    expect(counts.total).toBeLessThanOrEqual(BOUNDS.billed.total);
    expect(counts.beforeProvider).toBeLessThanOrEqual(BOUNDS.billed.beforeProvider);
    expect(counts.total).toBeGreaterThan(BOUNDS.ownKey.total);
  });
});
