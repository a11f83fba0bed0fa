import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import {
  WidgetChatReply,
  WidgetChatStreamEvent,
  type WidgetConnection,
  type WidgetSettingsInput,
} from '@agentry/core/widget';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, parseEventStream, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, textOf, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { createTestWidget, readWidgetDailyCount } from '../../test/widget-fixtures';
import { isWellUnderRateLimits } from '../../platform/http/rate-limit';
import { llmUsage } from '../llm/llm.tables';
import { utcDay } from './take-daily-message';
import { widgetConversation, widgetDailyCount, widgetMessage, widgetVisitor } from './widget.tables';

const VISITOR_LIMIT = 5;
const IP_LIMIT = 40;

describe('visitor chat (POST /api/widget/:widgetId/chat) against an OpenAI-compatible provider', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      WIDGET_RATE_LIMIT_PER_MINUTE: String(VISITOR_LIMIT),
      WIDGET_IP_RATE_LIMIT_PER_MINUTE: String(IP_LIMIT),
    });
    owner = await signInWithWorkspace(harness.app, 'owner@visitors.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Shop Bot', instructions: 'You are the shop bot.' }))
      .buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const db = () => harness.app.platform.database.db;
  const newWidget = (settings?: WidgetSettingsInput) => createTestWidget(harness.app, owner, { agentId, settings });
  const chat = (
    widget: Pick<WidgetConnection, 'widgetId'>,
    payload: Record<string, unknown>,
    options: { headers?: Record<string, string>; query?: string; remoteAddress?: string } = {},
  ) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widget.widgetId}/chat${options.query ?? ''}`,
      headers: options.headers,
      payload,
      remoteAddress: options.remoteAddress,
    });

  it('answers a new visitor, numbers them, stores the conversation, and continues it on the stored thread', async () => {
    const widget = await newWidget();
    const first = await chat(widget, { message: 'Hello shop' });
    expect(first.statusCode).toBe(200);
    const reply = WidgetChatReply.parse(first.json());
    expect(reply.message).toBe('Echo: Hello shop');
    expect(reply.contactIdentifier).toMatch(/^v_[\w-]{20,}$/);
    expect(reply.newWidgetConversationThreadId).toBe(reply.widgetConversationThreadId);
    expect(fake.requests[0]?.body.messages[0]).toEqual({ role: 'system', content: 'You are the shop bot.' });

    const second = await chat(widget, {
      message: 'And shipping?',
      contactIdentifier: reply.contactIdentifier,
      widgetConversationThreadId: reply.widgetConversationThreadId,
      threadId: reply.threadId,
    });
    const continued = WidgetChatReply.parse(second.json());
    expect(continued).toEqual({
      message: 'Echo: And shipping?',
      threadId: reply.threadId,
      widgetConversationThreadId: reply.widgetConversationThreadId,
      contactIdentifier: reply.contactIdentifier,
    });
    expect(fake.requests[1]?.body.messages.slice(1).map((message) => [message.role, textOf(message)])).toEqual([
      ['user', 'Hello shop'],
      ['assistant', 'Echo: Hello shop'],
      ['user', 'And shipping?'],
    ]);

    const [conversation] = await db()
      .select()
      .from(widgetConversation)
      .where(eq(widgetConversation.id, reply.widgetConversationThreadId));
    expect(conversation).toMatchObject({
      threadId: reply.threadId,
      agentId,
      totalMessages: 4,
      unreadCount: 2,
      lastMessage: 'Echo: And shipping?',
      status: 'live',
    });
    const messages = await db()
      .select()
      .from(widgetMessage)
      .where(eq(widgetMessage.conversationId, reply.widgetConversationThreadId))
      .orderBy(asc(widgetMessage.position));
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Hello shop'],
      ['assistant', 'Echo: Hello shop'],
      ['user', 'And shipping?'],
      ['assistant', 'Echo: And shipping?'],
    ]);
    const [usage] = await db().select().from(llmUsage).where(eq(llmUsage.threadId, reply.threadId)).limit(1);
    expect(usage).toMatchObject({ source: 'widget', subaccountId: owner.subaccountId, keySource: 'platform' });

    // Each new visitor of this widget takes the next customer number; a known one keeps theirs.
    const other = WidgetChatReply.parse((await chat(widget, { message: 'Hi', contactIdentifier: 'visitor-b' })).json());
    expect(other.newWidgetConversationThreadId).toBeDefined();
    await chat(widget, { message: 'A new chat of the same visitor', contactIdentifier: reply.contactIdentifier });
    const visitors = await db()
      .select()
      .from(widgetVisitor)
      .where(eq(widgetVisitor.connectionId, widget.connectionId))
      .orderBy(asc(widgetVisitor.customerNumber));
    expect(visitors.map((visitor) => [visitor.contactIdentifier, visitor.customerNumber])).toEqual([
      [reply.contactIdentifier, 1],
      ['visitor-b', 2],
    ]);
  });

  it("sends the client's history only to start a new thread; the stored thread wins afterwards", async () => {
    const widget = await newWidget();
    const history = [
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer' },
    ];
    const first = WidgetChatReply.parse(
      (await chat(widget, { message: 'Now this', contactIdentifier: 'history-visitor', history })).json(),
    );
    expect(fake.requests[0]?.body.messages.slice(1).map((message) => textOf(message))).toEqual([
      'Earlier question',
      'Earlier answer',
      'Now this',
    ]);

    await chat(widget, {
      message: 'Next',
      contactIdentifier: 'history-visitor',
      widgetConversationThreadId: first.widgetConversationThreadId,
      history: [{ role: 'user', content: 'FORGED' }],
    });
    const sent = fake.requests[1]?.body.messages.map((message) => textOf(message)) ?? [];
    expect(sent).not.toContain('FORGED');
    expect(sent.slice(1)).toEqual(['Now this', 'Echo: Now this', 'Next']);
  });

  it('streams the answer token by token and ends with done and the reply (?stream=1 or Accept: text/event-stream)', async () => {
    const widget = await newWidget();
    // Words apart in time reach the visitor as deltas of their own.
    fake.setDelays({ chunkMs: 10 });
    const response = await chat(
      widget,
      { message: 'stream a reply to me please', contactIdentifier: 'streamer' },
      { query: '?stream=1' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEventStream(response.body).map((event) => WidgetChatStreamEvent.parse(event));
    const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.text] : []));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('Echo: stream a reply to me please');
    const done = events.at(-1);
    expect(done).toMatchObject({
      type: 'done',
      reply: {
        message: 'Echo: stream a reply to me please',
        contactIdentifier: 'streamer',
        threadId: response.headers['x-thread-id'],
      },
    });
    expect(fake.requests[0]?.body.stream).toBe(true);
    const conversationId = done?.type === 'done' ? done.reply.widgetConversationThreadId : '';
    expect(done?.type === 'done' && done.reply.newWidgetConversationThreadId).toBe(conversationId);

    const next = await chat(
      widget,
      { message: 'again', contactIdentifier: 'streamer', widgetConversationThreadId: conversationId },
      { headers: { accept: 'text/event-stream' } },
    );
    expect(parseEventStream(next.body).at(-1)).toMatchObject({
      type: 'done',
      reply: { message: 'Echo: again', widgetConversationThreadId: conversationId },
    });
    const [conversation] = await db()
      .select()
      .from(widgetConversation)
      .where(eq(widgetConversation.id, conversationId));
    expect(conversation?.totalMessages).toBe(4);
  });

  it("answers 404 for another widget's conversation, another visitor's conversation and an unknown widget", async () => {
    const widget = await newWidget();
    const otherWidget = await newWidget();
    const mine = WidgetChatReply.parse(
      (await chat(widget, { message: 'mine', contactIdentifier: 'owner-visitor' })).json(),
    );

    const crossWidget = await chat(otherWidget, {
      message: 'let me in',
      widgetConversationThreadId: mine.widgetConversationThreadId,
    });
    expect(crossWidget.statusCode).toBe(404);
    expect(crossWidget.json().error.message).toBe('Conversation not found');
    const crossVisitor = await chat(widget, {
      message: 'let me in',
      contactIdentifier: 'intruder',
      widgetConversationThreadId: mine.widgetConversationThreadId,
    });
    expect(crossVisitor.statusCode).toBe(404);
    expect((await chat({ widgetId: 'wgt_unknown' }, { message: 'hello?' })).statusCode).toBe(404);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 409 with a clear message while no agent is deployed', async () => {
    const widget = await createTestWidget(harness.app, owner);
    const response = await chat(widget, { message: 'anyone there?' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'WIDGET_NOT_CONNECTED',
      message: 'This widget is not connected to an agent yet.',
    });
  });

  it('lets exactly dailyLimit messages through under 30 concurrent visitors, then answers 429 with the message the widget shows', async () => {
    const widget = await newWidget({ dailyLimit: 10 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => chat(widget, { message: `Question ${index}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json().error).toMatchObject({
      code: 'WIDGET_DAILY_LIMIT',
      message: 'This chat has reached its daily message limit. Please try again tomorrow.',
    });
    expect(await readWidgetDailyCount(db(), widget.connectionId, utcDay(new Date()))).toEqual({
      stored: 10,
      inFlight: 0,
    });
    expect(
      await db().select().from(widgetConversation).where(eq(widgetConversation.connectionId, widget.connectionId)),
    ).toHaveLength(10);
  });

  it('gives a counted message back when it gets no answer', async () => {
    const widget = await newWidget({ dailyLimit: 1 });
    fake.failNext('invalid-key');
    const failed = await chat(widget, { message: 'this fails' });
    expect(failed.statusCode).toBe(502);
    const retried = await chat(widget, { message: 'this works' });
    expect(retried.statusCode).toBe(200);
    expect((await chat(widget, { message: 'over the limit' })).statusCode).toBe(429);
  });

  it('limits messages per visitor and per IP address (429)', async () => {
    const widget = await newWidget();
    for (let index = 0; index < VISITOR_LIMIT; index += 1) {
      expect(
        (await chat(widget, { message: `m${index}`, contactIdentifier: 'chatty' }, { remoteAddress: '10.0.0.1' }))
          .statusCode,
      ).toBe(200);
    }
    const limited = await chat(
      widget,
      { message: 'one more', contactIdentifier: 'chatty' },
      { remoteAddress: '10.0.0.2' },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(
      (await chat(widget, { message: 'someone else', contactIdentifier: 'quiet' }, { remoteAddress: '10.0.0.2' }))
        .statusCode,
    ).toBe(200);

    const ip = '10.9.9.9';
    const burst = await Promise.all(
      Array.from({ length: IP_LIMIT }, (_, index) =>
        chat(widget, { message: 'hi', contactIdentifier: `ip-visitor-${index}` }, { remoteAddress: ip }),
      ),
    );
    expect(burst.every((response) => response.statusCode === 200)).toBe(true);
    const blocked = await chat(widget, { message: 'hi', contactIdentifier: 'ip-visitor-new' }, { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Rate limit exceeded. Too many requests in a short period.');

    // IPv6: one client holds a whole /64, and a new address of it per message does not get around the limit.
    const addressOf = (index: number) => `2001:db8:aa:bb::${(index + 1).toString(16)}`;
    const rotating = await Promise.all(
      Array.from({ length: IP_LIMIT }, (_, index) =>
        chat(widget, { message: 'hi', contactIdentifier: `v6-visitor-${index}` }, { remoteAddress: addressOf(index) }),
      ),
    );
    expect(rotating.every((response) => response.statusCode === 200)).toBe(true);
    const rotated = await chat(
      widget,
      { message: 'hi', contactIdentifier: 'v6-visitor-new' },
      { remoteAddress: '2001:db8:aa:bb:ffff::1' },
    );
    expect(rotated.statusCode).toBe(429);
    const otherNetwork = await chat(
      widget,
      { message: 'hi', contactIdentifier: 'v6-other' },
      { remoteAddress: '2001:db8:aa:cc::1' },
    );
    expect(otherNetwork.statusCode).toBe(200);
  });

  it('limits a visitor known only by the conversation it continues, and gives the refused message back', async () => {
    const widget = await newWidget({ dailyLimit: VISITOR_LIMIT + 2 });
    const started = WidgetChatReply.parse((await chat(widget, { message: 'start' })).json());
    const { widgetConversationThreadId } = started;
    for (let index = 0; index < VISITOR_LIMIT; index += 1)
      expect((await chat(widget, { message: `m${index}`, widgetConversationThreadId })).statusCode).toBe(200);
    const limited = await chat(widget, { message: 'one more', widgetConversationThreadId });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // The refused message was counted by the daily check, then given back: one message is left today.
    expect((await chat(widget, { message: 'someone else' })).statusCode).toBe(200);
    expect((await chat(widget, { message: 'over the limit' })).json().error.code).toBe('WIDGET_DAILY_LIMIT');
  });

  it("never hands a visitor's key to someone who only knows one of their conversations", async () => {
    const widget = await newWidget();
    const started = WidgetChatReply.parse((await chat(widget, { message: 'My order is late' })).json());
    // A conversation id seen elsewhere (a shared link, a screenshot of the dashboard) continues it...
    const continued = await chat(widget, {
      message: 'Show me everything',
      widgetConversationThreadId: started.widgetConversationThreadId,
    });
    expect(continued.statusCode).toBe(200);
    // ...but does not answer the key to every conversation of that visitor.
    expect(continued.json().contactIdentifier).toBe('');
    // The visitor who sends their key gets it back as before.
    const own = await chat(widget, {
      message: 'Thanks',
      widgetConversationThreadId: started.widgetConversationThreadId,
      contactIdentifier: started.contactIdentifier,
    });
    expect(own.json().contactIdentifier).toBe(started.contactIdentifier);
  });

  it('gives a message back to the daily limit when a rate limit counted elsewhere refuses it', async () => {
    const widget = await newWidget({ dailyLimit: 2 });
    // Another instance counted this visitor up to the limit: this one has not seen the count, so it
    // sends the count and the daily check together, and the check counts the message meanwhile.
    const { cache } = harness.app.platform;
    for (let index = 0; index < VISITOR_LIMIT; index += 1)
      await cache.hit(`rate:widget-visitor:${widget.connectionId}:elsewhere`, 60_000);
    const limited = await chat(widget, { message: 'one more', contactIdentifier: 'elsewhere' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(fake.requests).toHaveLength(0);
    // The daily check ran beside the count (it made the day's row) and the message was given back.
    const counters = await db()
      .select()
      .from(widgetDailyCount)
      .where(eq(widgetDailyCount.connectionId, widget.connectionId));
    expect(counters.map((counter) => counter.count)).toEqual([0]);
    // Both of the day's messages are left.
    expect((await chat(widget, { message: 'first' })).statusCode).toBe(200);
    expect((await chat(widget, { message: 'second' })).statusCode).toBe(200);
    expect((await chat(widget, { message: 'third' })).json().error.code).toBe('WIDGET_DAILY_LIMIT');
    // Known to be busy now: the next message of this visitor is counted before any statement.
    expect(
      isWellUnderRateLimits(cache, [
        { key: `widget-visitor:${widget.connectionId}:elsewhere`, limit: VISITOR_LIMIT, windowMs: 60_000 },
      ]),
    ).toBe(false);
    const again = await chat(widget, { message: 'still here', contactIdentifier: 'elsewhere' });
    expect(again.json().error.code).toBe('RATE_LIMITED');
  });

  it('refuses messages and histories over the caps (400) without calling the provider', async () => {
    const widget = await newWidget();
    const tooLong = await chat(widget, { message: 'x'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('Message must be at most 4000 characters');
    const tooMany = await chat(widget, {
      message: 'hi',
      history: Array.from({ length: 51 }, () => ({ role: 'user', content: 'a' })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('History must be at most 50 messages');
    const tooBig = await chat(widget, {
      message: 'hi',
      history: Array.from({ length: 9 }, () => ({ role: 'user', content: 'a'.repeat(4000) })),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toBe('History must be at most 32000 characters');
    expect((await chat(widget, { message: '   ' })).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('enforces allowedDomains on the Origin and X-Widget-Parent-Origin headers (403); our own origin always passes', async () => {
    const widget = await newWidget({ allowedDomains: ['shop.example', 'localhost:5500'] });
    const from = (headers: Record<string, string>) => chat(widget, { message: 'hi' }, { headers });
    const refused = await from({ origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('WIDGET_ORIGIN_NOT_ALLOWED');
    expect((await from({ origin: 'https://shop.example.evil.example' })).statusCode).toBe(403);
    expect((await from({ origin: 'http://localhost:5501' })).statusCode).toBe(403);
    // A page whose name was pointed at this server sends a Host that matches its own Origin.
    expect((await from({ origin: 'http://evil.example', host: 'evil.example' })).statusCode).toBe(403);
    // This machine's other name for the server is its own.
    expect((await from({ origin: 'http://127.0.0.1:3000' })).statusCode).toBe(200);
    expect((await from({ origin: 'https://shop.example' })).statusCode).toBe(200);
    expect((await from({ origin: 'https://www.shop.example' })).statusCode).toBe(200);
    expect((await from({ origin: 'http://localhost:5500' })).statusCode).toBe(200);
    expect(
      (await from({ origin: 'http://localhost:3000', 'x-widget-parent-origin': 'https://shop.example' })).statusCode,
    ).toBe(200);
    expect(
      (await from({ origin: 'http://localhost:3000', 'x-widget-parent-origin': 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/widget/${widget.widgetId}/settings`,
          headers: { origin: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(403);

    const open = await newWidget();
    expect((await chat(open, { message: 'hi' }, { headers: { origin: 'https://anywhere.example' } })).statusCode).toBe(
      200,
    );
  });

  it("lists a visitor's own conversations to the widget, and all of them to the dashboard newest first with the identified name", async () => {
    const widget = await newWidget();
    const anna = WidgetChatReply.parse(
      (
        await chat(widget, {
          message: 'I am Anna',
          contactIdentifier: 'anna',
          contact: { id: 'crm-1', name: 'Anna Smith', email: 'anna@example.com' },
        })
      ).json(),
    );
    const anonymous = WidgetChatReply.parse(
      (await chat(widget, { message: 'Who am I?', contactIdentifier: 'anon' })).json(),
    );
    await chat(widget, {
      message: 'Anna again',
      contactIdentifier: 'anna',
      widgetConversationThreadId: anna.widgetConversationThreadId,
    });

    const visitorList = await harness.app.inject({
      method: 'GET',
      url: `/api/widget/${widget.widgetId}/conversations?contactIdentifier=anon`,
    });
    expect(visitorList.statusCode).toBe(200);
    expect(visitorList.json().conversations).toEqual([
      expect.objectContaining({
        threadId: anonymous.widgetConversationThreadId,
        totalMessages: 2,
        customerNumber: 2,
        status: 'live',
        unreadCount: 0,
      }),
    ]);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/widget/${widget.widgetId}/conversations?contactIdentifier=nobody`,
        })
      ).json(),
    ).toEqual({ conversations: [] });
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/widget/${widget.widgetId}/conversations` })).json(),
    ).toEqual({ conversations: [] });

    const dashboard = await harness.app.inject({
      method: 'GET',
      url: `/api/connections/${widget.connectionId}/conversations`,
      headers: { cookie: owner.cookie },
    });
    expect(dashboard.json().conversations).toEqual([
      expect.objectContaining({
        threadId: anna.widgetConversationThreadId,
        contactName: 'Anna Smith',
        contactEmail: 'anna@example.com',
        customerNumber: 1,
        totalMessages: 4,
        unreadCount: 2,
        lastMessage: 'Echo: Anna again',
      }),
      expect.objectContaining({
        threadId: anonymous.widgetConversationThreadId,
        contactName: null,
        customerNumber: 2,
        unreadCount: 1,
      }),
    ]);

    const transcript = await harness.app.inject({
      method: 'GET',
      url: `/api/connections/${widget.connectionId}/conversations/${anna.widgetConversationThreadId}`,
      headers: { cookie: owner.cookie },
    });
    expect(transcript.statusCode).toBe(200);
    expect(
      transcript
        .json()
        .messages.map((message: { role: string; content: string }) => `${message.role}: ${message.content}`),
    ).toEqual(['user: I am Anna', 'assistant: Echo: I am Anna', 'user: Anna again', 'assistant: Echo: Anna again']);
    expect(transcript.json().conversation.unreadCount).toBe(0);
    const reread = await harness.app.inject({
      method: 'GET',
      url: `/api/connections/${widget.connectionId}/conversations`,
      headers: { cookie: owner.cookie },
    });
    expect(reread.json().conversations[0].unreadCount).toBe(0);

    const otherWidget = await newWidget();
    const foreign = await harness.app.inject({
      method: 'GET',
      url: `/api/connections/${otherWidget.connectionId}/conversations/${anna.widgetConversationThreadId}`,
      headers: { cookie: owner.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('finishes and stores an answer whose visitor left mid-stream: unread for them, the message counted, paid once', async () => {
    const widget = await newWidget();
    fake.respondWith(() => ({ text: Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ') }));
    fake.setDelays({ chunkMs: 20 });
    const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/widget/${widget.widgetId}/chat?stream=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Tell me about your returns', contactIdentifier: 'v_leaver_0000000000000000' }),
      signal: controller.signal,
    });
    const threadId = response.headers.get('x-thread-id') ?? '';
    // Where the answer will be, before any of it: what the widget keeps if the visitor leaves.
    const conversationId = response.headers.get('x-widget-conversation-id');
    expect(conversationId).toEqual(expect.any(String));
    // The visitor sent their key: it is not repeated.
    expect(response.headers.get('x-contact-identifier')).toBeNull();
    const first = await response.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"delta"');
    // The visitor moves to another page of the site.
    controller.abort();
    await expect
      .poll(
        async () => {
          const [conversation] = await db()
            .select()
            .from(widgetConversation)
            .where(eq(widgetConversation.id, conversationId!));
          if (!conversation) return [];
          return db()
            .select({ role: widgetMessage.role, content: widgetMessage.content })
            .from(widgetMessage)
            .where(eq(widgetMessage.conversationId, conversation.id))
            .orderBy(asc(widgetMessage.position));
        },
        { timeout: 5000 },
      )
      .toHaveLength(2);
    expect(fake.abortedResponses()).toBe(0);
    const [usage] = await db().select().from(llmUsage).where(eq(llmUsage.threadId, threadId));
    expect(usage?.status).toBe('succeeded');
    const list = await harness.app.inject({
      method: 'GET',
      url: `/api/widget/${widget.widgetId}/conversations?contactIdentifier=v_leaver_0000000000000000`,
    });
    expect(list.json().conversations[0]).toMatchObject({ unreadCount: 1 });
    expect(await readWidgetDailyCount(db(), widget.connectionId, utcDay(new Date()))).toEqual({
      stored: 1,
      inFlight: 0,
    });
    fake.setDelays({});
    // A new visitor gets the key made for them before the answer.
    const newcomer = await chat(widget, { message: 'Hi' }, { query: '?stream=1' });
    expect(newcomer.headers['x-contact-identifier']).toMatch(/^v_[\w-]{20,}$/);
  });

  it("gives a visitor their own conversation's messages (the server's copy), counts what they have not seen as unread, and refuses anyone else's", async () => {
    const widget = await newWidget();
    const first = WidgetChatReply.parse((await chat(widget, { message: 'Do you ship to Oslo?' })).json());
    const visitor = first.contactIdentifier;
    const list = async () =>
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/widget/${widget.widgetId}/conversations?contactIdentifier=${visitor}`,
        })
      ).json().conversations;
    // The answer reached the visitor: nothing unread for them (the dashboard's count is its own).
    expect((await list())[0]).toMatchObject({ threadId: first.widgetConversationThreadId, unreadCount: 0 });

    // An answer stored while the visitor had left (the page reloaded before it arrived) is unread.
    await db()
      .update(widgetConversation)
      .set({ visitorReadMessages: 1 })
      .where(eq(widgetConversation.id, first.widgetConversationThreadId));
    expect((await list())[0].unreadCount).toBe(1);

    const url = (contactIdentifier: string) =>
      `/api/widget/${widget.widgetId}/conversations/${first.widgetConversationThreadId}?contactIdentifier=${contactIdentifier}`;
    const transcript = await harness.app.inject({ method: 'GET', url: url(visitor) });
    expect(transcript.statusCode).toBe(200);
    expect(transcript.headers['cache-control']).toBe('no-store');
    expect(
      transcript
        .json()
        .messages.map((message: { role: string; content: string }) => `${message.role}: ${message.content}`),
    ).toEqual(['user: Do you ship to Oslo?', 'assistant: Echo: Do you ship to Oslo?']);
    expect(transcript.json().conversation).toMatchObject({ unreadCount: 0, contactEmail: null });
    // Opening it read it.
    expect((await list())[0].unreadCount).toBe(0);

    // Another visitor, a missing id, or another widget: 404 alike; no identifier: 400.
    expect((await harness.app.inject({ method: 'GET', url: url('v_someone_else_entirely') })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: url('') })).statusCode).toBe(400);
    const otherWidget = await newWidget();
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: `/api/widget/${otherWidget.widgetId}/conversations/${first.widgetConversationThreadId}?contactIdentifier=${visitor}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('visitor chat with the offline responder (no provider configured)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('answers from the agent instructions, labelled, and stores the turn', async () => {
    const owner = await signInWithWorkspace(harness.app, 'offline@visitors.test');
    const agent = await createTestAgent(harness.app, owner, {
      aiName: 'Offline Bot',
      instructions: 'Our store opens at 9am and closes at 6pm.',
    });
    const widget = await createTestWidget(harness.app, owner, { agentId: agent.buildId });
    const whole = await harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widget.widgetId}/chat`,
      payload: { message: 'When does the store open?' },
    });
    expect(whole.statusCode).toBe(200);
    const reply = WidgetChatReply.parse(whole.json());
    expect(reply.message).toContain(OFFLINE_RESPONDER_NOTICE);

    const streamed = await harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widget.widgetId}/chat?stream=1`,
      payload: {
        message: 'And closing?',
        contactIdentifier: reply.contactIdentifier,
        widgetConversationThreadId: reply.widgetConversationThreadId,
      },
    });
    const events = parseEventStream(streamed.body);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      reply: { widgetConversationThreadId: reply.widgetConversationThreadId },
    });
    const [conversation] = await harness.app.platform.database.db
      .select()
      .from(widgetConversation)
      .where(eq(widgetConversation.id, reply.widgetConversationThreadId));
    expect(conversation?.totalMessages).toBe(4);
  });
});
