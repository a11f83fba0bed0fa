import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { createTestWidget, readWidgetDailyCount } from '../../test/widget-fixtures';
import { llmMessage, llmUsage } from '../llm/llm.tables';
import { takeDailyMessageOrThrow, utcDay } from './take-daily-message';
import { widgetConversation, widgetDailyCount, widgetDailyReservation, widgetMessage } from './widget.tables';

const LLM_TIMEOUT_MS = 5000;
/** How long a counted message can wait for its answer: four model calls timing out, plus a minute. */
const RESERVATION_MS = LLM_TIMEOUT_MS * 4 + 60_000;

describe("a widget's daily limit counts the turns stored", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    harness = await createTestApp({
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: fake.url,
      LLM_TIMEOUT_MS: String(LLM_TIMEOUT_MS),
      WIDGET_IP_RATE_LIMIT_PER_MINUTE: '1000',
    });
    owner = await signInWithWorkspace(harness.app, 'owner@daily.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Counter' })).buildId;
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const db = () => harness.app.platform.database.db;
  const chat = (widgetId: string, message: string) =>
    harness.app.inject({ method: 'POST', url: `/api/widget/${widgetId}/chat`, payload: { message } });

  async function storedVisitorMessages(connectionId: string) {
    const rows = await db()
      .select({ id: widgetMessage.id })
      .from(widgetMessage)
      .innerJoin(widgetConversation, eq(widgetConversation.id, widgetMessage.conversationId))
      .where(and(eq(widgetConversation.connectionId, connectionId), eq(widgetMessage.role, 'user')));
    return rows.length;
  }

  /** Reservations of messages not answered yet, of any day (a stored turn deletes its own). */
  const reservationsInFlight = (connectionId: string) =>
    db().select().from(widgetDailyReservation).where(eq(widgetDailyReservation.connectionId, connectionId));

  /** The transaction that last wrote the counter row of the day (PostgreSQL's `xmin`). */
  async function counterVersion(connectionId: string, day: string) {
    const [row] = await db()
      .select({ version: sql<string>`${widgetDailyCount}.xmin::text` })
      .from(widgetDailyCount)
      .where(and(eq(widgetDailyCount.connectionId, connectionId), eq(widgetDailyCount.day, day)));
    return row?.version;
  }

  /** The turns the limit counts as stored that day; nothing may still be in flight. */
  async function dailyCount(connectionId: string, day: string) {
    const { stored, inFlight } = await readWidgetDailyCount(db(), connectionId, day);
    expect(inFlight).toBe(0);
    return stored;
  }

  it('lets messages counted by a server that crashed mid-answer go once they expire: the count ends equal to the turns stored', async () => {
    // Midday UTC, so that moving past the reservations never crosses into the next day.
    const start = new Date(`${utcDay(new Date())}T12:00:00.000Z`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const widget = await createTestWidget(harness.app, owner, { agentId, settings: { dailyLimit: 5 } });
    const day = utcDay(start);
    expect((await chat(widget.widgetId, 'one')).statusCode).toBe(200);
    expect((await chat(widget.widgetId, 'two')).statusCode).toBe(200);

    // Three messages counted, then the process died (SIGKILL) before answering or giving them back.
    for (let index = 0; index < 3; index += 1) {
      await takeDailyMessageOrThrow({
        db: db(),
        connectionId: widget.connectionId,
        dailyLimit: 5,
        expiresInMs: RESERVATION_MS,
      });
    }
    const refused = await chat(widget.widgetId, 'while they may still be answered');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'WIDGET_DAILY_LIMIT',
      message: 'This chat has reached its daily message limit. Please try again tomorrow.',
    });

    vi.setSystemTime(new Date(start.getTime() + RESERVATION_MS + 1000));
    for (const message of ['three', 'four', 'five'])
      expect((await chat(widget.widgetId, message)).statusCode).toBe(200);
    expect((await chat(widget.widgetId, 'six')).statusCode).toBe(429);
    expect(await storedVisitorMessages(widget.connectionId)).toBe(5);
    expect(await dailyCount(widget.connectionId, day)).toBe(5);
    expect(await reservationsInFlight(widget.connectionId)).toEqual([]);
  });

  it('stores a turn without touching the counter row, and counts an answer stored after its reservation expired', async () => {
    const start = new Date(`${utcDay(new Date())}T12:00:00.000Z`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const widget = await createTestWidget(harness.app, owner, { agentId, settings: { dailyLimit: 3 } });
    const day = utcDay(start);

    // The check counts the message and keeps its reservation; the stored turn deletes the
    // reservation and leaves the counter row as the check wrote it (its commit, which waits for
    // the disk, holds no lock that other visitors' checks wait for).
    fake.setDelays({ responseMs: 300 });
    const first = chat(widget.widgetId, 'one');
    await expect.poll(async () => (await reservationsInFlight(widget.connectionId)).length).toBe(1);
    const counted = await counterVersion(widget.connectionId, day);
    expect(counted).toBeDefined();
    expect((await first).statusCode).toBe(200);
    expect(await counterVersion(widget.connectionId, day)).toBe(counted);
    expect(await reservationsInFlight(widget.connectionId)).toEqual([]);
    expect(await dailyCount(widget.connectionId, day)).toBe(1);

    // A slow answer: its reservation expires, and the next message's check deletes it.
    fake.setDelays({ responseMs: 400 });
    const slow = chat(widget.widgetId, 'slow');
    await expect.poll(async () => (await reservationsInFlight(widget.connectionId)).length).toBe(1);
    vi.setSystemTime(new Date(start.getTime() + RESERVATION_MS + 1000));
    fake.setDelays({});
    expect((await chat(widget.widgetId, 'two')).statusCode).toBe(200);
    expect((await slow).statusCode).toBe(200);
    // Both are counted: the check took the expired reservation off the count, and the slow
    // answer's statement, finding it gone, counted itself again.
    expect(await storedVisitorMessages(widget.connectionId)).toBe(3);
    expect(await dailyCount(widget.connectionId, day)).toBe(3);
    expect((await chat(widget.widgetId, 'over')).statusCode).toBe(429);
    expect(await dailyCount(widget.connectionId, day)).toBe(3);
  });

  it('lets exactly 10 of 50 concurrent messages through at a limit of 10, and counts exactly the 10 stored', async () => {
    const widget = await createTestWidget(harness.app, owner, { agentId, settings: { dailyLimit: 10 } });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => chat(widget.widgetId, `Question ${index}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(await storedVisitorMessages(widget.connectionId)).toBe(10);
    expect(await dailyCount(widget.connectionId, utcDay(new Date()))).toBe(10);
    expect(await reservationsInFlight(widget.connectionId)).toEqual([]);
  });

  it("does not count a message refused for another visitor's conversation (404)", async () => {
    const widget = await createTestWidget(harness.app, owner, { agentId, settings: { dailyLimit: 2 } });
    const send = (payload: Record<string, string>) =>
      harness.app.inject({ method: 'POST', url: `/api/widget/${widget.widgetId}/chat`, payload });
    const first = await send({ message: 'mine', contactIdentifier: 'daily-owner' });
    expect(first.statusCode).toBe(200);
    const { widgetConversationThreadId } = first.json<{ widgetConversationThreadId: string }>();
    for (const contactIdentifier of ['intruder-1', 'intruder-2', 'intruder-3'])
      expect((await send({ message: 'let me in', contactIdentifier, widgetConversationThreadId })).statusCode).toBe(
        404,
      );
    expect((await send({ message: 'unknown', widgetConversationThreadId: 'no-such-conversation' })).statusCode).toBe(
      404,
    );
    expect(
      (await send({ message: 'still mine', contactIdentifier: 'daily-owner', widgetConversationThreadId })).statusCode,
    ).toBe(200);
    expect(
      (await send({ message: 'over', contactIdentifier: 'daily-owner', widgetConversationThreadId })).statusCode,
    ).toBe(429);
    expect(await dailyCount(widget.connectionId, utcDay(new Date()))).toBe(2);
    expect(await reservationsInFlight(widget.connectionId)).toEqual([]);
  });

  it('gives a message back when its answer fails', async () => {
    const widget = await createTestWidget(harness.app, owner, { agentId, settings: { dailyLimit: 2 } });
    fake.failNext('server-error', 10);
    expect((await chat(widget.widgetId, 'fails')).statusCode).toBeGreaterThanOrEqual(500);
    fake.reset();
    expect((await chat(widget.widgetId, 'works')).statusCode).toBe(200);
    expect((await chat(widget.widgetId, 'works too')).statusCode).toBe(200);
    expect((await chat(widget.widgetId, 'over')).statusCode).toBe(429);
    expect(await dailyCount(widget.connectionId, utcDay(new Date()))).toBe(2);
  });

  it('gives a message back, and still meters its call, when its turn cannot be stored', async () => {
    const widget = await createTestWidget(harness.app, owner, { agentId, settings: { dailyLimit: 5 } });
    const first = await harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widget.widgetId}/chat`,
      payload: { message: 'hello', contactIdentifier: 'unstored-visitor' },
    });
    expect(first.statusCode).toBe(200);
    const { threadId, widgetConversationThreadId } = first.json<{
      threadId: string;
      widgetConversationThreadId: string;
    }>();
    // The conversation is deleted while the answer is written: the turn's one statement fails
    // (its messages have no conversation) and none of it is kept.
    fake.setDelays({ responseMs: 400 });
    const pending = harness.app.inject({
      method: 'POST',
      url: `/api/widget/${widget.widgetId}/chat`,
      payload: { message: 'lost', contactIdentifier: 'unstored-visitor', widgetConversationThreadId },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await db().delete(widgetConversation).where(eq(widgetConversation.id, widgetConversationThreadId));
    expect((await pending).statusCode).toBeGreaterThanOrEqual(500);
    fake.reset();
    expect(await db().select().from(llmMessage).where(eq(llmMessage.threadId, threadId))).toHaveLength(2);
    expect(await db().select().from(llmUsage).where(eq(llmUsage.threadId, threadId))).toHaveLength(2);
    expect(await dailyCount(widget.connectionId, utcDay(new Date()))).toBe(1);
    expect(await reservationsInFlight(widget.connectionId)).toEqual([]);
  });
});
