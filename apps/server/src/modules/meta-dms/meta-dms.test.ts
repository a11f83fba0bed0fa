import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaConnection, MetaPageChoice, SimulatorThreadReply } from '@agentry/core/meta-dms';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeGraphServer } from '../../test/fake-graph-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { addTestMember } from '../../test/widget-fixtures';
import { channelConnection, channelContact, channelConversation, channelMessage } from '../channels/channels.tables';
import { llmUsage } from '../llm/llm.tables';
import { findRepliesNotTaken, sweepReplies } from '../channels/reply-turns';
import { failStaleQueuedReplies } from './fail-stale-queued-replies';
import { ingestMetaEvents, queueMetaReply } from './ingest-meta-events';
import { loadMetaConnection, sealMetaCredentials } from './meta-connection';
import { replyToMetaMessage } from './reply-to-meta-message';
import { signMetaBody } from './verify-meta-signature';

const APP_ID = '1234567890123';
const APP_SECRET = 'app-secret-0f9e8d7c6b5a';
const PAGE = {
  id: '101010',
  name: 'Corner Bakery',
  token: 'EAApage-bakery-token',
  instagram: { id: '178414', username: 'cornerbakery' },
};
const OTHER_PAGE = { id: '202020', name: 'Side Project', token: 'EAApage-side-token' };

describe('Instagram and Messenger agents (Graph API fake on loopback)', () => {
  let graph: Awaited<ReturnType<typeof startFakeGraphServer>>;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;
  let connection: MetaConnection;

  beforeAll(async () => {
    graph = await startFakeGraphServer({ appId: APP_ID, appSecret: APP_SECRET, pages: [PAGE, OTHER_PAGE] });
    harness = await createTestApp({
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      META_GRAPH_BASE_URL: graph.graphBaseUrl,
      META_DIALOG_BASE_URL: graph.dialogBaseUrl,
    });
    owner = await signInWithWorkspace(harness.app, 'owner@meta-dms.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Bakery Helper', instructions: 'We bake bread.' }))
      .buildId;
  });
  afterAll(async () => {
    await harness.close();
    await graph.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const db = () => harness.app.platform.database.db;

  function deliver(connectionId: string, payload: unknown, secret = APP_SECRET) {
    const body = JSON.stringify(payload);
    return harness.app.inject({
      method: 'POST',
      url: `/api/meta-dms/webhook/${connectionId}`,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(secret, body) },
      payload: body,
    });
  }
  const messaging = (object: 'instagram' | 'page', events: unknown[]) => ({
    object,
    entry: [{ id: PAGE.instagram.id, time: Date.now(), messaging: events }],
  });
  const textEvent = (senderId: string, text: string, options: { mid?: string; at?: number } = {}) => ({
    sender: { id: senderId },
    recipient: { id: PAGE.instagram.id },
    timestamp: options.at ?? Date.now(),
    message: { mid: options.mid ?? `m_${randomBytes(8).toString('hex')}`, text },
  });

  async function messagesOf(connectionId: string, address: string) {
    return db()
      .select({ message: channelMessage })
      .from(channelMessage)
      .innerJoin(channelConversation, eq(channelConversation.id, channelMessage.conversationId))
      .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
      .where(and(eq(channelConversation.connectionId, connectionId), eq(channelContact.address, address)))
      .orderBy(channelMessage.position)
      .then((rows) => rows.map((row) => row.message));
  }
  /** At least `count` messages, none of them still waiting for the Send API's answer. */
  function isSettled(rows: { status: string }[], count: number) {
    return rows.length >= count && rows.every((row) => row.status !== 'queued');
  }
  async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (isDone(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('connects an Instagram account with App ID, App Secret and Continue with Facebook, never sending a secret back', async () => {
    const created = await call('POST', `/api/subaccounts/${owner.subaccountId}/meta-dms/connections`, owner.cookie, {
      serviceType: 'instagram-dms',
      agentId,
    });
    expect(created.statusCode).toBe(201);
    connection = created.json<MetaConnection>();
    expect(connection).toMatchObject({ mode: 'test', status: 'active', page: null, agentId });
    expect(connection.webhookUrl).toBe(`http://localhost:3000/api/meta-dms/webhook/${connection.connectionId}`);

    const app = await call('PUT', `/api/meta-dms/connections/${connection.connectionId}/app`, owner.cookie, {
      appId: APP_ID,
      appSecret: APP_SECRET,
    });
    expect(app.statusCode).toBe(200);
    expect(app.json()).toMatchObject({ mode: 'meta', status: 'pending_connection', appId: APP_ID, hasAppSecret: true });
    expect(app.body).not.toContain(APP_SECRET);

    const start = await call('POST', `/api/meta-dms/connections/${connection.connectionId}/oauth/start`, owner.cookie);
    const dialog = new URL(start.json<{ url: string }>().url);
    expect(dialog.pathname).toBe('/v21.0/dialog/oauth');
    expect(dialog.searchParams.get('client_id')).toBe(APP_ID);
    expect(dialog.searchParams.get('scope')).toContain('instagram_manage_messages');

    // The browser follows the dialog; it comes back to our callback with a code and the state.
    const back = await fetch(dialog, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/api/meta-dms/oauth/callback');
    const finished = await call('GET', `${callback.pathname}${callback.search}`, owner.cookie);
    expect(finished.statusCode).toBe(303);
    expect(finished.headers.location).toBe(
      `http://localhost:3000/${owner.subaccountId}/link3?connection=${connection.connectionId}&pick=1`,
    );
    // A state replayed is refused.
    const replayed = await call('GET', `${callback.pathname}${callback.search}`, owner.cookie);
    expect(replayed.headers.location).toContain('oauthError=');

    const pages = await call('GET', `/api/meta-dms/connections/${connection.connectionId}/pages`, owner.cookie);
    expect(pages.json<{ pages: MetaPageChoice[] }>().pages).toEqual([
      { id: PAGE.id, name: PAGE.name, instagram: PAGE.instagram },
      { id: OTHER_PAGE.id, name: OTHER_PAGE.name, instagram: null },
    ]);
    expect(pages.body).not.toContain(PAGE.token);

    const noInstagram = await call('POST', `/api/meta-dms/connections/${connection.connectionId}/pages`, owner.cookie, {
      pageId: OTHER_PAGE.id,
    });
    expect(noInstagram.statusCode).toBe(400);
    expect(noInstagram.json().error.message).toContain('no linked Instagram professional account');

    const chosen = await call('POST', `/api/meta-dms/connections/${connection.connectionId}/pages`, owner.cookie, {
      pageId: PAGE.id,
    });
    expect(chosen.statusCode).toBe(200);
    connection = chosen.json<MetaConnection>();
    expect(connection).toMatchObject({
      mode: 'meta',
      status: 'active',
      page: { id: PAGE.id, name: PAGE.name },
      instagram: PAGE.instagram,
    });
    expect(chosen.body).not.toContain(PAGE.token);
    expect(graph.subscribed).toContainEqual({
      pageId: PAGE.id,
      fields: 'messages,messaging_postbacks,message_echoes,message_reads',
    });
  });

  it('answers the webhook verification handshake only with the verify token', async () => {
    const url = `/api/meta-dms/webhook/${connection.connectionId}`;
    const ok = await harness.app.inject({
      method: 'GET',
      url: `${url}?hub.mode=subscribe&hub.verify_token=${connection.verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await harness.app.inject({
      method: 'GET',
      url: `${url}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('refuses a delivery whose signature does not match the raw body, and stores nothing', async () => {
    const payload = messaging('instagram', [textEvent('ig_forger', 'hello')]);
    const forged = await deliver(connection.connectionId, payload, 'not-the-app-secret');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('META_SIGNATURE_INVALID');
    // Signed over other bytes (re-serialised JSON with extra spaces): refused too.
    const body = JSON.stringify(payload);
    const reformatted = await harness.app.inject({
      method: 'POST',
      url: `/api/meta-dms/webhook/${connection.connectionId}`,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(APP_SECRET, body) },
      payload: JSON.stringify(payload, null, 2),
    });
    expect(reformatted.statusCode).toBe(403);
    const unsigned = await harness.app.inject({
      method: 'POST',
      url: `/api/meta-dms/webhook/${connection.connectionId}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await messagesOf(connection.connectionId, 'ig_forger')).toEqual([]);
  });

  it('answers a DM through the gateway and the Send API; a repeated delivery, echoes and reads are ignored', async () => {
    const event = textEvent('ig_customer_1', 'Do you bake sourdough?');
    const delivered = await deliver(connection.connectionId, messaging('instagram', [event]));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.body).toBe('EVENT_RECEIVED');
    // Meta retries deliveries: the same mid is stored and answered once.
    expect((await deliver(connection.connectionId, messaging('instagram', [event]))).statusCode).toBe(200);

    const sent = await waitFor(
      () => Promise.resolve(graph.sent.filter((entry) => entry.body.recipient.id === 'ig_customer_1')),
      (entries) => entries.length > 0,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      pageToken: PAGE.token,
      body: { recipient: { id: 'ig_customer_1' }, messaging_type: 'RESPONSE', message: { text: expect.any(String) } },
    });
    const stored = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_1'),
      (rows) => isSettled(rows, 2),
    );
    expect(stored.map((row) => [row.role, row.status])).toEqual([
      ['user', 'received'],
      ['assistant', 'sent'],
    ]);
    expect(stored[1]?.content).toBe(sent[0]?.body.message.text);
    // Metered like every channel: the gateway recorded the call under the channel's name.
    const usage = await db().select().from(llmUsage).where(eq(llmUsage.source, 'instagram'));
    expect(usage.length).toBeGreaterThan(0);

    // The echo of our own reply (our app id), a read receipt and a delivery receipt: 200, nothing stored.
    const ignored = await deliver(
      connection.connectionId,
      messaging('instagram', [
        {
          sender: { id: PAGE.instagram.id },
          recipient: { id: 'ig_customer_1' },
          timestamp: Date.now(),
          message: { mid: 'm_echo_1', text: sent[0]?.body.message.text, is_echo: true, app_id: Number(APP_ID) },
        },
        {
          sender: { id: 'ig_customer_1' },
          recipient: { id: PAGE.instagram.id },
          timestamp: Date.now(),
          read: { mid: 'x' },
        },
        {
          sender: { id: 'ig_customer_1' },
          recipient: { id: PAGE.instagram.id },
          timestamp: Date.now(),
          delivery: { mids: ['x'], watermark: Date.now() },
        },
      ]),
    );
    expect(ignored.statusCode).toBe(200);
    expect(await messagesOf(connection.connectionId, 'ig_customer_1')).toHaveLength(2);
    // The reply job run again for the same message (a worker that died mid-job): no second answer.
    const sentBefore = graph.sent.length;
    await replyToMetaMessage({ db: db(), config: harness.app.platform.config, messageId: stored[0]!.id });
    expect(graph.sent.length).toBe(sentBefore);
    expect(await messagesOf(connection.connectionId, 'ig_customer_1')).toHaveLength(2);

    const conversations = await call(
      'GET',
      `/api/subaccounts/${owner.subaccountId}/meta-dms/conversations`,
      owner.cookie,
    );
    expect(conversations.json().conversations).toContainEqual(
      expect.objectContaining({
        connectionId: connection.connectionId,
        channel: 'instagram',
        contact: 'ig_customer_1',
      }),
    );
  });

  it('neither writes nor pays for an answer while no Page token works (a Facebook sign-in waiting for its Page)', async () => {
    const row = await loadMetaConnection(db(), connection.connectionId);
    const { config } = harness.app.platform;
    const saved = row!.credentials;
    // What 'Continue with Facebook' leaves until a Page is picked: the user token and the Pages offered.
    await db()
      .update(channelConnection)
      .set({
        credentials: sealMetaCredentials(config, {
          appId: APP_ID,
          appSecret: APP_SECRET,
          userToken: 'EAAuser-long-lived',
          pendingPages: [{ id: PAGE.id, name: PAGE.name, token: PAGE.token, instagram: PAGE.instagram }],
        }),
      })
      .where(eq(channelConnection.id, connection.connectionId));
    try {
      const usageBefore = (await db().select().from(llmUsage).where(eq(llmUsage.source, 'instagram'))).length;
      await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_nopage', 'Still open?')]));
      const stored = await waitFor(
        () => messagesOf(connection.connectionId, 'ig_customer_nopage'),
        (rows) => isSettled(rows, 2),
      );
      expect(stored[1]).toMatchObject({ status: 'failed', errorCode: 'META_AUTH_FAILED', content: '' });
      expect((await db().select().from(llmUsage).where(eq(llmUsage.source, 'instagram'))).length).toBe(usageBefore);
    } finally {
      await db()
        .update(channelConnection)
        .set({ credentials: saved })
        .where(eq(channelConnection.id, connection.connectionId));
    }
  });

  it('keeps Instagram and Messenger conversations out of the SMS conversation routes (404, nothing stored)', async () => {
    const [conversation] = await db()
      .select({ id: channelConversation.id })
      .from(channelConversation)
      .where(eq(channelConversation.connectionId, connection.connectionId))
      .limit(1);
    const read = await call('GET', `/api/channel-conversations/${conversation!.id}`, owner.cookie);
    expect(read.statusCode).toBe(404);
    const before = await db().select().from(channelMessage).where(eq(channelMessage.conversationId, conversation!.id));
    const written = await call('POST', `/api/channel-conversations/${conversation!.id}/messages`, owner.cookie, {
      body: 'From the SMS page',
    });
    expect(written.statusCode).toBe(404);
    const after = await db().select().from(channelMessage).where(eq(channelMessage.conversationId, conversation!.id));
    expect(after).toHaveLength(before.length);
  });

  it('answers a DM whose reply job was lost after its commit once the reply sweep finds it, and only once', async () => {
    const row = await loadMetaConnection(db(), connection.connectionId);
    // The process dies between the message's commit and its job: the job is never queued.
    const lostQueue = { ...harness.app.platform.queue, enqueue: () => Promise.resolve('lost') };
    const at = new Date();
    await ingestMetaEvents({
      db: db(),
      queue: lostQueue,
      row: row!,
      appId: APP_ID,
      events: [
        {
          kind: 'inbound',
          customerId: 'ig_customer_lost',
          mid: `m_${randomBytes(8).toString('hex')}`,
          text: 'Gluten free?',
          at,
        },
      ],
    });
    const [stored] = await messagesOf(connection.connectionId, 'ig_customer_lost');
    const inTwoMinutes = new Date(at.getTime() + 2 * 60_000);
    expect(await findRepliesNotTaken(db(), ['instagram', 'messenger'], inTwoMinutes)).toContain(stored!.id);

    const queueReply = (messageId: string, attempt?: string) =>
      queueMetaReply(harness.app.platform.queue, messageId, attempt);
    await sweepReplies({ db: db(), channels: ['instagram', 'messenger'], queueReply, now: inTwoMinutes });
    const sent = await waitFor(
      () => Promise.resolve(graph.sent.filter((entry) => entry.body.recipient.id === 'ig_customer_lost')),
      (entries) => entries.length > 0,
    );
    expect(sent).toHaveLength(1);
    // Taken by its job: the next sweep finds nothing, and a job run anyway sends nothing more.
    expect(await findRepliesNotTaken(db(), ['instagram', 'messenger'], inTwoMinutes)).not.toContain(stored!.id);
    await replyToMetaMessage({ db: db(), config: harness.app.platform.config, messageId: stored!.id });
    expect(graph.sent.filter((entry) => entry.body.recipient.id === 'ig_customer_lost')).toHaveLength(1);
  });

  it("takes only its own account's events: another Page's, signed with the same app, are stored nowhere", async () => {
    // One Meta app for several connections posts every Page's events to the URL it was given.
    const foreign = {
      object: 'instagram',
      entry: [
        {
          id: 'ig_account_of_another_client',
          time: Date.now(),
          messaging: [
            {
              sender: { id: 'ig_customer_elsewhere' },
              recipient: { id: 'ig_account_of_another_client' },
              timestamp: Date.now(),
              message: { mid: `m_${randomBytes(8).toString('hex')}`, text: 'Is this the bakery?' },
            },
          ],
        },
      ],
    };
    const delivered = await deliver(connection.connectionId, foreign);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.body).toBe('EVENT_RECEIVED');
    expect(await messagesOf(connection.connectionId, 'ig_customer_elsewhere')).toEqual([]);
  });

  it('handles postbacks, quick replies, story replies and story mentions as customer messages', async () => {
    await deliver(
      connection.connectionId,
      messaging('instagram', [
        {
          sender: { id: 'ig_customer_2' },
          recipient: { id: PAGE.instagram.id },
          timestamp: Date.now(),
          postback: { mid: 'm_pb_1', title: 'Opening hours', payload: 'HOURS' },
        },
        {
          sender: { id: 'ig_customer_2' },
          recipient: { id: PAGE.instagram.id },
          timestamp: Date.now(),
          message: { mid: 'm_qr_1', text: 'Gluten free', quick_reply: { payload: 'GF' } },
        },
        {
          sender: { id: 'ig_customer_2' },
          recipient: { id: PAGE.instagram.id },
          timestamp: Date.now(),
          message: {
            mid: 'm_story_1',
            text: 'Is this still available?',
            reply_to: { story: { id: 's1', url: 'https://x' } },
          },
        },
        {
          sender: { id: 'ig_customer_2' },
          recipient: { id: PAGE.instagram.id },
          timestamp: Date.now(),
          message: { mid: 'm_mention_1', attachments: [{ type: 'story_mention', payload: { url: 'https://x' } }] },
        },
      ]),
    );
    const stored = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_2'),
      (rows) => isSettled(rows, 8) && rows.filter((row) => row.role === 'assistant').length >= 4,
    );
    expect(stored.filter((row) => row.role === 'user').map((row) => row.content)).toEqual([
      'Opening hours',
      'Gluten free',
      '(Replying to your story) Is this still available?',
      '(Mentioned you in their story)',
    ]);
    expect(stored.filter((row) => row.role === 'assistant' && row.status === 'sent')).toHaveLength(4);
  });

  it('refuses a reply outside the 24-hour window with a clear text and sends nothing', async () => {
    const before = graph.sent.length;
    const dayAndAnHourAgo = Date.now() - 25 * 3_600_000;
    await deliver(
      connection.connectionId,
      messaging('instagram', [textEvent('ig_customer_late', 'Hello?', { at: dayAndAnHourAgo })]),
    );
    const stored = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_late'),
      (rows) => isSettled(rows, 2),
    );
    expect(stored[1]).toMatchObject({ role: 'assistant', status: 'failed', errorCode: 'META_WINDOW_CLOSED' });
    expect(stored[1]?.content).toContain('Meta only allows replies within 24 hours');
    expect(graph.sent.length).toBe(before);

    // Meta's own refusal (code 10 / 2018278) is recorded the same way.
    graph.closeWindow('ig_customer_closed');
    await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_closed', 'Hi')]));
    const refused = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_closed'),
      (rows) => isSettled(rows, 2),
    );
    expect(refused[1]).toMatchObject({ status: 'failed', errorCode: 'META_WINDOW_CLOSED' });
  });

  it('hands a thread over to a team member who answers from the Page inbox, for the set time', async () => {
    const updated = await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie, {
      handover: { enabled: true, resumeAfterMinutes: 30 },
    });
    expect(updated.json().handover).toEqual({ enabled: true, resumeAfterMinutes: 30 });
    await deliver(
      connection.connectionId,
      messaging('instagram', [textEvent('ig_customer_3', 'Can I talk to someone?')]),
    );
    await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_3'),
      (rows) => isSettled(rows, 2),
    );
    // A person replies from the Page inbox: an echo without our app id.
    await deliver(
      connection.connectionId,
      messaging('instagram', [
        {
          sender: { id: PAGE.instagram.id },
          recipient: { id: 'ig_customer_3' },
          timestamp: Date.now(),
          message: { mid: 'm_human_1', text: 'Hi, this is Sam from the bakery.', is_echo: true },
        },
      ]),
    );
    const before = graph.sent.length;
    await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_3', 'Thanks Sam!')]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stored = await messagesOf(connection.connectionId, 'ig_customer_3');
    expect(stored.map((row) => row.role)).toEqual(['user', 'assistant', 'human', 'user']);
    expect(graph.sent.length).toBe(before);
    const [conversation] = await db()
      .select({ pausedUntil: channelConversation.pausedUntil })
      .from(channelConversation)
      .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
      .where(eq(channelContact.address, 'ig_customer_3'));
    expect(conversation?.pausedUntil?.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    // Written to Sam: not due an answer, so no sweep answers it once the hand-over has ended.
    expect(stored[3]?.replyDue).toBe(false);
    expect(
      await findRepliesNotTaken(db(), ['instagram', 'messenger'], new Date(Date.now() + 45 * 60_000)),
    ).not.toContain(stored[3]?.id);
  });

  it("recognises the echo of the agent's reply that arrives without an app id before the Send API answers", async () => {
    await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie, {
      handover: { enabled: true, resumeAfterMinutes: 30 },
    });
    // Instagram's echo of our own message, without app_id, delivered while the Send API call is still open.
    const echoed: number[] = [];
    graph.setBeforeSendAnswer(async ({ body, messageId }) => {
      const echo = await deliver(
        connection.connectionId,
        messaging('instagram', [
          {
            sender: { id: PAGE.instagram.id },
            recipient: { id: body.recipient.id },
            timestamp: Date.now(),
            message: { mid: messageId, text: body.message.text, is_echo: true },
          },
        ]),
      );
      echoed.push(echo.statusCode);
    });
    try {
      await deliver(
        connection.connectionId,
        messaging('instagram', [textEvent('ig_customer_early', 'Open on Sunday?')]),
      );
      const stored = await waitFor(
        () => messagesOf(connection.connectionId, 'ig_customer_early'),
        (rows) => isSettled(rows, 2),
      );
      expect(echoed).toEqual([200]);
      const sent = graph.sent.filter((entry) => entry.body.recipient.id === 'ig_customer_early');
      expect(sent).toHaveLength(1);
      // One message, the agent's, under the echo's mid: no team member's copy, no hand-over.
      expect(stored.map((row) => [row.role, row.status])).toEqual([
        ['user', 'received'],
        ['assistant', 'sent'],
      ]);
      expect(stored[1]?.content).toBe(sent[0]?.body.message.text);
      expect(stored[1]?.providerMessageId).toMatch(/^m_/);
      const [conversation] = await db()
        .select({ pausedUntil: channelConversation.pausedUntil, lastMessage: channelConversation.lastMessage })
        .from(channelConversation)
        .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
        .where(eq(channelContact.address, 'ig_customer_early'));
      expect(conversation?.pausedUntil).toBeNull();
      expect(conversation?.lastMessage).toBe(sent[0]?.body.message.text);
    } finally {
      graph.setBeforeSendAnswer(null);
    }

    // The agent still answers the next message: nothing was handed over.
    await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_early', 'And Monday?')]));
    const after = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_early'),
      (rows) => isSettled(rows, 4),
    );
    expect(after.map((row) => row.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it("keeps a reply part sent when its echo came but the Send API's answer never did, and sends the rest", async () => {
    let calls = 0;
    graph.setBeforeSendAnswer(async ({ body, messageId }) => {
      calls += 1;
      if (calls > 1) return;
      await deliver(
        connection.connectionId,
        messaging('instagram', [
          {
            sender: { id: PAGE.instagram.id },
            recipient: { id: body.recipient.id },
            timestamp: Date.now(),
            message: { mid: messageId, text: body.message.text, is_echo: true },
          },
        ]),
      );
      return 'drop';
    });
    // An agent whose answer is its long first message: two parts of at most 2000 characters.
    const talkative = await createTestAgent(harness.app, owner, {
      aiName: 'Parking Helper',
      firstMessage: `Welcome ${'to the bakery on the market square '.repeat(55)}and enjoy your visit`,
    });
    const moved = await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie, {
      agentId: talkative.buildId,
    });
    expect(moved.statusCode).toBe(200);
    try {
      await deliver(
        connection.connectionId,
        messaging('instagram', [textEvent('ig_customer_dropped', 'Where is parking?')]),
      );
      const stored = await waitFor(
        () => messagesOf(connection.connectionId, 'ig_customer_dropped'),
        (rows) => isSettled(rows, 3),
      );
      const sent = graph.sent.filter((entry) => entry.body.recipient.id === 'ig_customer_dropped');
      expect(sent).toHaveLength(2);
      // Meta echoed the first part, so it went out: sent under the echo's mid, and the second part followed.
      expect(stored.map((row) => [row.role, row.status, row.errorCode])).toEqual([
        ['user', 'received', null],
        ['assistant', 'sent', null],
        ['assistant', 'sent', null],
      ]);
      expect(stored.slice(1).map((row) => row.content)).toEqual(sent.map((entry) => entry.body.message.text));
    } finally {
      graph.setBeforeSendAnswer(null);
      await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie, { agentId });
    }
  });

  it("never lets a reply part left queued by a crash claim a team member's later echo, and marks it not sent", async () => {
    await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie, {
      handover: { enabled: true, resumeAfterMinutes: 30 },
    });
    await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_crash', 'Menu?')]));
    const answered = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_crash'),
      (rows) => isSettled(rows, 2),
    );
    // A process died between storing a part and sending it, twenty minutes ago.
    const stale = {
      id: randomUUID(),
      conversationId: answered[0]!.conversationId,
      direction: 'outbound' as const,
      role: 'assistant' as const,
      content: 'See you soon!',
      status: 'queued' as const,
      createdAt: new Date(Date.now() - 20 * 60_000),
    };
    await db().insert(channelMessage).values(stale);
    // A team member writes the same words from the Page inbox: theirs, and the agent pauses.
    await deliver(
      connection.connectionId,
      messaging('instagram', [
        {
          sender: { id: PAGE.instagram.id },
          recipient: { id: 'ig_customer_crash' },
          timestamp: Date.now(),
          message: { mid: 'm_team_same_words', text: 'See you soon!', is_echo: true },
        },
      ]),
    );
    const after = await messagesOf(connection.connectionId, 'ig_customer_crash');
    expect(after.find((row) => row.providerMessageId === 'm_team_same_words')?.role).toBe('human');
    // The reply sweep marks the stale part as not sent.
    await failStaleQueuedReplies(db(), new Date());
    const [marked] = await db().select().from(channelMessage).where(eq(channelMessage.id, stale.id));
    expect(marked).toMatchObject({ status: 'failed', errorCode: 'META_REQUEST_FAILED' });
  });

  it('marks the connection as needing attention when Facebook refuses the token (190), and a pasted Page token reconnects it', async () => {
    graph.revoke(PAGE.token);
    await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_4', 'Are you open today?')]));
    const stored = await waitFor(
      () => messagesOf(connection.connectionId, 'ig_customer_4'),
      (rows) => isSettled(rows, 2),
    );
    expect(stored[1]).toMatchObject({ status: 'failed', errorCode: 'META_AUTH_FAILED' });
    const read = await call('GET', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie);
    expect(read.json()).toMatchObject({
      status: 'needs_attention',
      lastError: expect.stringContaining('access token'),
    });

    // While it needs attention nothing more is sent, and an agent change keeps the state.
    await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie, { name: 'Bakery DMs' });
    expect(
      (await call('GET', `/api/meta-dms/connections/${connection.connectionId}`, owner.cookie)).json().status,
    ).toBe('needs_attention');

    const badToken = await call(
      'POST',
      `/api/meta-dms/connections/${connection.connectionId}/page-token`,
      owner.cookie,
      {
        pageAccessToken: PAGE.token,
      },
    );
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().error.message).toBe('Facebook did not accept this Page access token');

    const wrongPage = await call(
      'POST',
      `/api/meta-dms/connections/${connection.connectionId}/page-token`,
      owner.cookie,
      {
        pageAccessToken: OTHER_PAGE.token,
      },
    );
    // The other Page has no Instagram account: an Instagram connection cannot use it.
    expect(wrongPage.statusCode).toBe(400);

    const fresh = graph.reissue(PAGE.id);
    const reconnected = await call(
      'POST',
      `/api/meta-dms/connections/${connection.connectionId}/page-token`,
      owner.cookie,
      {
        pageAccessToken: fresh,
      },
    );
    expect(reconnected.statusCode).toBe(200);
    expect(reconnected.json()).toMatchObject({ status: 'active', lastError: null, page: { id: PAGE.id } });
    expect(reconnected.body).not.toContain(fresh);
    await deliver(connection.connectionId, messaging('instagram', [textEvent('ig_customer_4', 'Hello again')]));
    const answered = await waitFor(
      () => Promise.resolve(graph.sent.filter((entry) => entry.pageToken === fresh)),
      (entries) => entries.length > 0,
    );
    expect(answered[0]?.body.recipient.id).toBe('ig_customer_4');
  });

  it('keeps other tenants out (404) and viewers read-only (403)', async () => {
    const outsider = await signInWithWorkspace(harness.app, 'outsider@meta-dms.test');
    for (const [method, url] of [
      ['GET', `/api/meta-dms/connections/${connection.connectionId}`],
      ['PUT', `/api/meta-dms/connections/${connection.connectionId}/app`],
      ['GET', `/api/subaccounts/${owner.subaccountId}/meta-dms/connections`],
    ] as const) {
      const response = await call(
        method,
        url,
        outsider.cookie,
        method === 'PUT' ? { appId: APP_ID, appSecret: 'x' } : undefined,
      );
      expect(response.statusCode).toBe(404);
    }
    const viewer = await addTestMember(harness.app, owner.subaccountId, 'viewer@meta-dms.test', 'viewer');
    expect((await call('GET', `/api/meta-dms/connections/${connection.connectionId}`, viewer.cookie)).statusCode).toBe(
      200,
    );
    const write = await call('PUT', `/api/meta-dms/connections/${connection.connectionId}`, viewer.cookie, {
      name: 'x',
    });
    expect(write.statusCode).toBe(403);
  });

  it('runs a Messenger connection in TEST MODE through the DM simulator, signed like Meta would', async () => {
    const created = await call('POST', `/api/subaccounts/${owner.subaccountId}/meta-dms/connections`, owner.cookie, {
      serviceType: 'facebook-dms',
      agentId,
    });
    const testConnection = created.json<MetaConnection>();
    expect(testConnection).toMatchObject({ mode: 'test', status: 'active', name: 'Messenger' });
    const sentBefore = graph.sent.length;
    const posted = await harness.app.inject({
      method: 'POST',
      url: `/api/dev/meta-dms/${testConnection.connectionId}/messages`,
      payload: { senderId: 'sim_customer', text: 'What bread do you have?' },
    });
    expect(posted.statusCode).toBe(202);
    const thread = await waitFor(
      async () =>
        (
          await harness.app.inject({
            method: 'GET',
            url: `/api/dev/meta-dms/${testConnection.connectionId}/thread?senderId=sim_customer`,
          })
        ).json<SimulatorThreadReply>(),
      (reply) => reply.messages.length >= 2,
    );
    expect(thread.messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'received'],
      ['assistant', 'sent'],
    ]);
    expect(graph.sent.length).toBe(sentBefore);
    // A delivery signed with anything but the connection's test secret is refused like any other.
    expect((await deliver(testConnection.connectionId, messaging('page', [textEvent('x', 'hi')]))).statusCode).toBe(
      403,
    );
    // Never beside the real provider: a connection with a Meta app has no simulator.
    const real = await harness.app.inject({
      method: 'GET',
      url: `/api/dev/meta-dms/${connection.connectionId}/thread`,
    });
    expect(real.statusCode).toBe(404);
  });
});
