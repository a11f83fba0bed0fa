import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { createTestWidget } from '../../test/widget-fixtures';
import { widgetConversation, widgetMessage } from './widget.tables';

describe('a server shutting down while a widget answer is written', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({ OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: fake.url });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('waits for the answer of a visitor who left, and stores it before the database closes', async () => {
    const { app } = harness;
    const owner = await signInWithWorkspace(app, 'owner@shutdown.test');
    await grantTestPlan(app.platform.database.db, owner.userId);
    await grantTestCredits(app, owner.userId, 50_000_000);
    const agentId = (await createTestAgent(app, owner, { aiName: 'Shop Bot', instructions: 'Sell.' })).buildId;
    const widget = await createTestWidget(app, owner, { agentId });
    fake.respondWith(() => ({ text: Array.from({ length: 20 }, (_, index) => `word${index}`).join(' ') }));
    fake.setDelays({ chunkMs: 25 });
    let conversationId = '';
    let stored: string[] = [];
    // Read last thing before the database closes (the platform closes it when the app closes).
    const closePlatform = app.platform.close.bind(app.platform);
    app.platform.close = async () => {
      const [conversation] = await app.platform.database.db
        .select({ id: widgetConversation.id })
        .from(widgetConversation)
        .where(eq(widgetConversation.id, conversationId));
      if (conversation) {
        const messages = await app.platform.database.db
          .select({ role: widgetMessage.role })
          .from(widgetMessage)
          .where(eq(widgetMessage.conversationId, conversation.id));
        stored = messages.map((message) => message.role);
      }
      await closePlatform();
    };
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/widget/${widget.widgetId}/chat?stream=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'What do you sell?' }),
      signal: controller.signal,
    });
    conversationId = response.headers.get('x-widget-conversation-id') ?? '';
    await response.body!.getReader().read();
    controller.abort();
    await harness.close();
    expect(stored.sort()).toEqual(['assistant', 'user']);
  });
});
