import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { ChannelTranscript, SmsConnection } from '@agentry/core/sms';
import { createTestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { startFakeTwilioServer, type FakeTwilioServer } from '../../test/fake-twilio-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import { llmUsage } from '../llm/llm.tables';
import { CHANNEL_REPLY_QUEUE, queueChannelReply, receiveInboundMessage, runChannelReplyJob } from './channel-messages';
import { answerInTurn, findRepliesNotTaken, sweepReplies, takeInboundForReply } from './reply-turns';
import {
  channelConnection,
  channelContact,
  channelConversation,
  channelMessage,
  channelMessageEarlyStatus,
} from './channels.tables';
import { isOptedOut } from './contact-consent';
import { recordMessageStatus } from './record-message-status';
import { devPhoneMessage } from './dev-phone.tables';

const ACCOUNT = { accountSid: `AC${'a'.repeat(32)}`, authToken: 'twilio-auth-token-1' };
const BUSINESS_NUMBER = '+15005550006';

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('SMS and WhatsApp over Twilio (the twilio package against the fake Twilio)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let openai: FakeOpenAiServer;
  let twilioFake: FakeTwilioServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let agentId: string;
  let connection: SmsConnection;
  let publicUrl: string;

  beforeAll(async () => {
    openai = await startFakeOpenAiServer();
    twilioFake = await startFakeTwilioServer({ accounts: [ACCOUNT] });
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    harness = await createTestApp({
      PUBLIC_URL: publicUrl,
      OPENAI_API_KEY: 'sk-platform',
      OPENAI_BASE_URL: openai.url,
      TWILIO_API_BASE: twilioFake.url,
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    await harness.app.listen({ port, host: '127.0.0.1' });
    owner = await signInWithWorkspace(harness.app, 'owner@sms.test');
    outsider = await signInWithWorkspace(harness.app, 'outsider@sms.test');
    await grantTestPlan(harness.app.platform.database.db, owner.userId);
    await grantTestCredits(harness.app, owner.userId, 50_000_000);
    agentId = (await createTestAgent(harness.app, owner, { aiName: 'Text Bot', instructions: 'Answer texts.' }))
      .buildId;
    const created = await harness.app.inject({
      method: 'POST',
      url: `/api/subaccounts/${owner.subaccountId}/sms-connections`,
      headers: { cookie: owner.cookie },
      payload: {
        name: 'Clinic SMS',
        agentId,
        smsFrom: BUSINESS_NUMBER,
        whatsappFrom: '+15005550007',
        credentials: ACCOUNT,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    connection = created.json<SmsConnection>();
  });
  afterAll(async () => {
    await harness.close();
    await openai.close();
    await twilioFake.close();
  });

  const db = () => harness.app.platform.database.db;
  const inboundUrl = () => `${publicUrl}/api/channels/twilio/${connection.id}/inbound`;
  const inbound = (from: string, body: string, extra: Partial<Parameters<FakeTwilioServer['sendInbound']>[0]> = {}) =>
    twilioFake.sendInbound({
      url: inboundUrl(),
      accountSid: ACCOUNT.accountSid,
      from,
      to: BUSINESS_NUMBER,
      body,
      ...extra,
    });
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = owner.cookie) =>
    harness.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** Stores an inbound message whose reply job is never queued (the process died after the commit). */
  const receiveWithoutJob = async (providerMessageId: string, from: string, body: string, now?: Date) => {
    const [row] = await db().select().from(channelConnection).where(eq(channelConnection.id, connection.id));
    return receiveInboundMessage({
      db: db(),
      config: harness.app.platform.config,
      queue: { ...harness.app.platform.queue, enqueue: () => Promise.resolve('lost') },
      logger: harness.app.log,
      connection: row!,
      message: { providerMessageId, channel: 'sms', from, body },
      now,
    });
  };

  it('stores the credentials encrypted and never sends them back', async () => {
    expect(connection).toMatchObject({ mode: 'twilio', accountSidHint: 'aaaa', status: 'active' });
    expect(JSON.stringify(connection)).not.toContain(ACCOUNT.authToken);
    const list = await api('GET', `/api/subaccounts/${owner.subaccountId}/sms-connections`);
    expect(list.body).not.toContain(ACCOUNT.authToken);
    expect(connection.webhookUrls.inbound).toBe(inboundUrl());
  });

  it("'Test connection' checks the credentials against Twilio, with the auth-failed text", async () => {
    const ok = await api('POST', `/api/sms-connections/${connection.id}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, mode: 'twilio' });

    const wrong = await api('POST', `/api/subaccounts/${owner.subaccountId}/sms-connections`, {
      name: 'Wrong token',
      credentials: { ...ACCOUNT, authToken: 'not-the-token' },
    });
    const wrongId = wrong.json<SmsConnection>().id;
    const refused = await api('POST', `/api/sms-connections/${wrongId}/test`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error: { code: 'SMS_AUTH_FAILED', message: 'SMS provider authentication failed.' },
    });
    const after = await api('GET', `/api/subaccounts/${owner.subaccountId}/sms-connections`);
    const stored = after.json<{ connections: SmsConnection[] }>().connections.find((entry) => entry.id === wrongId);
    expect(stored).toMatchObject({ status: 'needs_attention', lastError: 'SMS provider authentication failed.' });
    expect((await api('DELETE', `/api/sms-connections/${wrongId}`)).statusCode).toBe(204);
  });

  it('an inbound SMS is answered by the agent through the gateway (metered) and sent through Twilio', async () => {
    const response = await inbound('+14155550101', 'Do you open on Saturday?');
    expect(response.status).toBe(200);
    expect(response.contentType).toContain('text/xml');
    expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const sent = await waitFor(
      () => twilioFake.sentTo('+14155550101'),
      (list) => list.length === 1,
    );
    expect(sent[0]).toMatchObject({ from: BUSINESS_NUMBER, body: 'Echo: Do you open on Saturday?' });
    // Metered like every channel.
    const usage = await db().select().from(llmUsage).where(eq(llmUsage.source, 'sms'));
    expect(usage.length).toBeGreaterThanOrEqual(1);
    // Twilio's status callbacks move the stored answer to delivered.
    await twilioFake.settle();
    const stored = await waitFor(
      () => db().select().from(channelMessage).where(eq(channelMessage.providerMessageId, sent[0]!.sid)),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(stored[0]).toMatchObject({ role: 'assistant', direction: 'outbound' });

    // The history per contact is one thread: the second message continues it.
    await inbound('+14155550101', 'And on Sunday?');
    await waitFor(
      () => twilioFake.sentTo('+14155550101'),
      (list) => list.length === 2,
    );
    const lastRequest = openai.requests.at(-1)!.body as { messages: { role: string }[] };
    expect(lastRequest.messages.filter((message) => message.role === 'user')).toHaveLength(2);
  });

  it('keeps a status callback that overtakes the API answer of its send', async () => {
    twilioFake.setStatusCallbacksBeforeAnswer(true);
    try {
      await inbound('+14155550108', 'Are you open late?');
      const sent = await waitFor(
        () => twilioFake.sentTo('+14155550108'),
        (list) => list.length === 1,
      );
      await twilioFake.settle();
      const stored = await waitFor(
        () => db().select().from(channelMessage).where(eq(channelMessage.providerMessageId, sent[0]!.sid)),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(stored[0]).toMatchObject({ role: 'assistant', content: 'Echo: Are you open late?' });
      const earlyOf = (sid: string) =>
        db().select().from(channelMessageEarlyStatus).where(eq(channelMessageEarlyStatus.providerMessageId, sid));
      expect(await earlyOf(sent[0]!.sid)).toEqual([]);
      const statusNow = async () =>
        (await db().select().from(channelMessage).where(eq(channelMessage.providerMessageId, sent[0]!.sid)))[0]?.status;
      // A late 'sent' never moves it back.
      await twilioFake.deliverStatus(sent[0]!.sid, 'sent');
      expect(await statusNow()).toBe('delivered');
      // Another connection's callback (checked with its own token) never reaches this connection's message.
      const other = await api('POST', `/api/subaccounts/${owner.subaccountId}/sms-connections`, {
        name: 'Other number',
        credentials: { accountSid: `AC${'b'.repeat(32)}`, authToken: 'other-token' },
      });
      const otherId = other.json<SmsConnection>().id;
      await recordMessageStatus({ db: db(), connectionId: otherId, providerMessageId: sent[0]!.sid, status: 'read' });
      expect(await statusNow()).toBe('delivered');
      expect(await earlyOf(sent[0]!.sid)).toMatchObject([{ connectionId: otherId, status: 'read' }]);
      // Deleting that connection takes what waited for it.
      expect((await api('DELETE', `/api/sms-connections/${otherId}`)).statusCode).toBe(204);
      expect(await earlyOf(sent[0]!.sid)).toEqual([]);
    } finally {
      twilioFake.setStatusCallbacksBeforeAnswer(false);
    }
  });

  it('records a reply Twilio took but whose answer was lost as sent, found in its message log', async () => {
    twilioFake.dropAnswersTo('+14155550131');
    // Another number of the same Twilio account writes the same words to the same person a moment later.
    twilioFake.messages.push({
      sid: `SM${'f'.repeat(32)}`,
      accountSid: ACCOUNT.accountSid,
      to: '+14155550131',
      from: '+15005550009',
      messagingServiceSid: null,
      body: 'Echo: Do you deliver?',
      contentSid: null,
      contentVariables: null,
      status: 'delivered',
      statusCallback: null,
      errorCode: null,
      errorMessage: null,
      numSegments: 1,
      createdAtMs: Date.now() + 2_000,
    });
    try {
      await inbound('+14155550131', 'Do you deliver?');
      const sent = await waitFor(
        () => Promise.resolve(twilioFake.sentTo('+14155550131').filter((entry) => entry.from === BUSINESS_NUMBER)),
        (list) => list.length === 1,
      );
      const stored = await waitFor(
        () => db().select().from(channelMessage).where(eq(channelMessage.direction, 'outbound')),
        (rows) => rows.some((row) => row.content === 'Echo: Do you deliver?' && row.status !== 'queued'),
      );
      const reply = stored.find((row) => row.content === 'Echo: Do you deliver?');
      // Twilio has it: the transcript must not say 'not sent', and its callbacks must find it by SID.
      expect(reply).toMatchObject({ role: 'assistant', providerMessageId: sent[0]!.sid, errorCode: null });
      expect(reply?.status).not.toBe('failed');
      await twilioFake.settle();
      await waitFor(
        () => db().select().from(channelMessage).where(eq(channelMessage.providerMessageId, sent[0]!.sid)),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(twilioFake.sentTo('+14155550131').filter((entry) => entry.from === BUSINESS_NUMBER)).toHaveLength(1);
    } finally {
      twilioFake.dropAnswersTo('+14155550131', false);
    }

    // A send that Twilio never took is still stored as not sent.
    twilioFake.failNextSend({ status: 500, code: 20500, message: 'Internal Server Error' });
    await inbound('+14155550132', 'Hello?');
    const failed = await waitFor(
      () => db().select().from(channelMessage).where(eq(channelMessage.content, 'Echo: Hello?')),
      (rows) => rows.length === 1,
    );
    expect(failed[0]).toMatchObject({ status: 'failed', providerMessageId: null });
  });

  it('keeps the furthest status of a message not written yet, and forgets it after a day', async () => {
    const early = () =>
      db()
        .select()
        .from(channelMessageEarlyStatus)
        .where(inArray(channelMessageEarlyStatus.providerMessageId, ['SMnotyetwritten', 'SMneverwritten']));
    const record = (providerMessageId: string, status: 'sent' | 'delivered' | 'failed', errorCode?: string) =>
      recordMessageStatus({ db: db(), connectionId: connection.id, providerMessageId, status, errorCode });
    await record('SMnotyetwritten', 'delivered');
    await record('SMnotyetwritten', 'sent');
    expect(await early()).toMatchObject([{ providerMessageId: 'SMnotyetwritten', status: 'delivered' }]);
    await db()
      .update(channelMessageEarlyStatus)
      .set({ receivedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(channelMessageEarlyStatus.providerMessageId, 'SMnotyetwritten'));
    await record('SMneverwritten', 'failed', '30003');
    expect(await early()).toMatchObject([
      { providerMessageId: 'SMneverwritten', status: 'failed', errorCode: '30003' },
    ]);
    await db()
      .delete(channelMessageEarlyStatus)
      .where(eq(channelMessageEarlyStatus.providerMessageId, 'SMneverwritten'));
  });

  it('answers a message whose reply job runs after a later message of the conversation, and only once', async () => {
    const [row] = await db().select().from(channelConnection).where(eq(channelConnection.id, connection.id));
    const held: string[] = [];
    // Its reply job waits (a busy worker): the queue keeps it.
    const stored = await receiveInboundMessage({
      db: db(),
      config: harness.app.platform.config,
      queue: {
        ...harness.app.platform.queue,
        enqueue: (_queue, payload) => {
          held.push((payload as { messageId: string }).messageId);
          return Promise.resolve('held');
        },
      },
      logger: harness.app.log,
      connection: row!,
      message: { providerMessageId: `SM${'c'.repeat(32)}`, channel: 'sms', from: '+14155550107', body: 'Parking?' },
    });
    expect(held).toEqual([stored.messageId]);
    // Meanwhile a team member writes in the conversation.
    const [conversation] = await db()
      .select()
      .from(channelConversation)
      .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
      .where(eq(channelContact.address, '+14155550107'));
    const human = await api('POST', `/api/channel-conversations/${conversation!.channel_conversation.id}/messages`, {
      body: 'Someone will call you.',
    });
    expect(human.statusCode, human.body).toBe(201);
    const job = () =>
      runChannelReplyJob({
        db: db(),
        config: harness.app.platform.config,
        logger: harness.app.log,
        messageId: held[0]!,
      });
    await job();
    expect(twilioFake.sentTo('+14155550107').map((message) => message.body)).toEqual([
      'Someone will call you.',
      'Echo: Parking?',
    ]);
    // The same job again (a worker that died and was re-run): no second answer.
    await job();
    expect(twilioFake.sentTo('+14155550107')).toHaveLength(2);
  });

  it('answers a message whose reply job was lost after its commit once the reply sweep finds it, and only once', async () => {
    // The process dies between the message's commit and its job: the job is never queued.
    const receive = receiveWithoutJob;
    const lost = await receive(`SM${'d'.repeat(32)}`, '+14155550181', 'Open on Sunday?');
    // A keyword is answered where it arrives, never by the agent.
    const keyword = await receive(`SM${'e'.repeat(32)}`, '+14155550182', 'STOP');
    // Two hours old: left to the team rather than answered that late.
    const old = await receive(
      `SM${'f'.repeat(32)}`,
      '+14155550183',
      'Anyone there?',
      new Date(Date.now() - 2 * 3_600_000),
    );
    const channels = ['sms', 'whatsapp'] as const;
    const queueReply = (messageId: string, attempt?: string) =>
      queueChannelReply(harness.app.platform.queue, messageId, attempt);
    // Right after the commit its job may still be on its way: not looked at yet.
    expect(await findRepliesNotTaken(db(), [...channels], new Date())).not.toContain(lost.messageId);
    const inTwoMinutes = new Date(Date.now() + 2 * 60_000);
    const waiting = await findRepliesNotTaken(db(), [...channels], inTwoMinutes);
    expect(waiting).toContain(lost.messageId);
    expect(waiting).not.toContain(keyword.messageId);
    expect(waiting).not.toContain(old.messageId);
    // Not another channel's sweep.
    expect(await findRepliesNotTaken(db(), ['instagram', 'messenger'], inTwoMinutes)).not.toContain(lost.messageId);

    // A first job under the message's own id ran and ended before it took the message (a database
    // error, say): the queue keeps that id, so the sweep's job needs one of its own.
    await harness.app.platform.queue.enqueue(
      CHANNEL_REPLY_QUEUE,
      { messageId: 'not-stored' },
      { jobId: lost.messageId },
    );
    await sweepReplies({ db: db(), channels: [...channels], queueReply, now: inTwoMinutes });
    const sent = await waitFor(
      () => twilioFake.sentTo('+14155550181').map((message) => message.body),
      (bodies) => bodies.length > 0,
    );
    expect(sent).toEqual(['Echo: Open on Sunday?']);
    expect(twilioFake.sentTo('+14155550183')).toEqual([]);
    // Taken by its job: a later sweep does not queue it again, and a job run anyway sends nothing.
    await waitFor(
      () => findRepliesNotTaken(db(), [...channels], inTwoMinutes),
      (ids) => !ids.includes(lost.messageId!),
    );
    await runChannelReplyJob({
      db: db(),
      config: harness.app.platform.config,
      logger: harness.app.log,
      messageId: lost.messageId!,
    });
    expect(twilioFake.sentTo('+14155550181')).toHaveLength(1);
  });

  it('answers two quick messages one after the other, in order, the second knowing the first', async () => {
    const from = '+14155550184';
    openai.setDelays({ responseMs: 150 });
    try {
      await inbound(from, 'First question');
      await inbound(from, 'Second question');
      const sent = await waitFor(
        () => twilioFake.sentTo(from).map((message) => message.body),
        (bodies) => bodies.length >= 2,
      );
      expect(sent).toEqual(['Echo: First question', 'Echo: Second question']);
    } finally {
      openai.setDelays({});
    }
    // One thread: the model was asked the second question with the first turn before it.
    const second = openai.requests.filter((request) => JSON.stringify(request.body).includes('Second question'));
    expect(second).toHaveLength(1);
    const history = JSON.stringify(second[0]!.body);
    expect(history).toContain('First question');
    expect(history).toContain('Echo: First question');
  });

  it('a holder whose turn ran out stops at once and leaves the next holder alone', async () => {
    const ids: string[] = [];
    for (const [index, text] of ['One', 'Two', 'Three'].entries())
      ids.push((await receiveWithoutJob(`SM${String(index).repeat(32)}`, '+14155550185', text)).messageId!);
    const [first, second] = ids;
    let clock = Date.now();
    const answered: string[] = [];
    let releaseSecond!: () => void;
    const secondHeld = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const answerAs = (holder: string) => async (messageId: string) => {
      await takeInboundForReply(db(), messageId, new Date(clock));
      answered.push(`${holder}:${ids.indexOf(messageId) + 1}`);
      if (messageId === second) await secondHeld;
    };
    const turn = (messageId: string, holder: string, answer?: (messageId: string) => Promise<void>) =>
      answerInTurn({
        db: db(),
        messageId,
        answer: answer ?? answerAs(holder),
        queueReply: () => Promise.resolve(),
        turnMs: 1_000,
        logger: harness.app.log,
        now: () => new Date(clock),
      });
    let later: Promise<void> | undefined;
    await turn(first!, 'A', async (messageId) => {
      await answerAs('A')(messageId);
      // A's answer outlives its turn; another job takes the conversation meanwhile.
      clock += 5_000;
      later = turn(second!, 'B');
      await expect.poll(() => answered).toContain('B:2');
    });
    // A gave up without answering more, and without ending B's turn.
    expect(answered).toEqual(['A:1', 'B:2']);
    const [conversation] = await db()
      .select({ holder: channelConversation.replyTurnHolder })
      .from(channelConversation)
      .innerJoin(channelMessage, eq(channelMessage.conversationId, channelConversation.id))
      .where(eq(channelMessage.id, second!));
    expect(conversation?.holder).toEqual(expect.any(String));
    releaseSecond();
    await later;
    expect(answered).toEqual(['A:1', 'B:2', 'B:3']);
  });

  it('goes on after an answer that failed, and passes the turn on after five answers', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1)
      ids.push((await receiveWithoutJob(`SMf${String(index).repeat(31)}`, '+14155550186', `Q${index}`)).messageId!);
    const answered: number[] = [];
    const passedOn: string[] = [];
    await answerInTurn({
      db: db(),
      messageId: ids[0]!,
      answer: async (messageId) => {
        await takeInboundForReply(db(), messageId, new Date());
        answered.push(ids.indexOf(messageId));
        if (messageId === ids[0]) throw new Error('provider down');
      },
      queueReply: async (messageId) => {
        // The job queued next finds the turn free.
        const [conversation] = await db()
          .select({ holder: channelConversation.replyTurnHolder })
          .from(channelConversation)
          .innerJoin(channelMessage, eq(channelMessage.conversationId, channelConversation.id))
          .where(eq(channelMessage.id, messageId));
        expect(conversation?.holder).toBeNull();
        passedOn.push(messageId);
      },
      turnMs: 60_000,
      logger: harness.app.log,
    });
    expect(answered).toEqual([0, 1, 2, 3, 4]);
    expect(passedOn).toEqual([ids[5]]);
  });

  it("answers with the conversation's own agent when a campaign named one", async () => {
    const campaignAgent = await createTestAgent(harness.app, owner, {
      aiName: 'Campaign Bot',
      instructions: 'You answer replies to the spring campaign.',
    });
    await inbound('+14155550109', 'First message');
    await waitFor(
      () => twilioFake.sentTo('+14155550109'),
      (list) => list.length === 1,
    );
    const [contact] = await db().select().from(channelContact).where(eq(channelContact.address, '+14155550109'));
    await db()
      .update(channelConversation)
      .set({ agentId: campaignAgent.buildId, threadId: '' })
      .where(eq(channelConversation.contactId, contact!.id));
    await inbound('+14155550109', 'A reply to the campaign');
    await waitFor(
      () => twilioFake.sentTo('+14155550109'),
      (list) => list.length === 2,
    );
    const request = openai.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(request.messages[0])).toContain('You answer replies to the spring campaign.');
  });

  it("goes on answering on a new thread when the connection's agent changes, and after the conversation's agent is deleted", async () => {
    const address = '+14155550119';
    await inbound(address, 'Hello first agent');
    await waitFor(
      () => twilioFake.sentTo(address),
      (list) => list.length === 1,
    );
    const [contact] = await db().select().from(channelContact).where(eq(channelContact.address, address));
    const conversationOf = async () =>
      (await db().select().from(channelConversation).where(eq(channelConversation.contactId, contact!.id)))[0]!;
    const firstThread = (await conversationOf()).threadId;

    const nextAgent = await createTestAgent(harness.app, owner, {
      aiName: 'Night Bot',
      instructions: 'You answer texts at night.',
    });
    await db()
      .update(channelConnection)
      .set({ agentId: nextAgent.buildId })
      .where(eq(channelConnection.id, connection.id));
    try {
      await inbound(address, 'Hello second agent');
      await waitFor(
        () => twilioFake.sentTo(address),
        (list) => list.length === 2,
      );
      const request = openai.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
      expect(JSON.stringify(request.messages[0])).toContain('You answer texts at night.');
      expect(request.messages.filter((message) => message.role === 'user')).toHaveLength(1);
      const secondThread = (await conversationOf()).threadId;
      expect(secondThread).not.toBe(firstThread);

      // A campaign's agent named on the conversation and deleted since: the connection's agent answers.
      await db()
        .update(channelConversation)
        .set({ agentId: 'agent-deleted-since' })
        .where(eq(channelConversation.contactId, contact!.id));
      await inbound(address, 'Still there?');
      await waitFor(
        () => twilioFake.sentTo(address),
        (list) => list.length === 3,
      );
      expect((await conversationOf()).threadId).toBe(secondThread);
    } finally {
      await db().update(channelConnection).set({ agentId }).where(eq(channelConnection.id, connection.id));
    }
  });

  it('records an answer that failed in the conversation, for the team to see', async () => {
    const address = '+14155550121';
    openai.failNext('server-error', 10);
    await inbound(address, 'Are you there?');
    const [failed] = await waitFor(
      () =>
        db()
          .select()
          .from(channelMessage)
          .where(and(eq(channelMessage.direction, 'outbound'), eq(channelMessage.status, 'failed')))
          .innerJoin(channelConversation, eq(channelConversation.id, channelMessage.conversationId))
          .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
          .then((rows) => rows.filter((row) => row.channel_contact.address === address)),
      (rows) => rows.length === 1,
      15_000,
    );
    expect(failed!.channel_message).toMatchObject({ role: 'assistant', content: '', errorCode: 'AI_PROVIDER_ERROR' });
    expect(twilioFake.sentTo(address)).toHaveLength(0);
    openai.reset();
  });

  it('refuses a bad signature and stores nothing', async () => {
    const forged = await inbound('+14155550102', 'forged', { authToken: 'someone-elses-token' });
    expect(forged.status).toBe(403);
    const unsigned = await inbound('+14155550102', 'unsigned', { signature: '' });
    expect(unsigned.status).toBe(403);
    const contacts = await db().select().from(channelContact).where(eq(channelContact.address, '+14155550102'));
    expect(contacts).toHaveLength(0);
  });

  it('stores a webhook delivered twice once, and answers it once', async () => {
    const first = await inbound('+14155550103', 'Hello once');
    await inbound('+14155550103', 'Hello once', { messageSid: first.messageSid });
    await waitFor(
      () => twilioFake.sentTo('+14155550103'),
      (list) => list.length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(twilioFake.sentTo('+14155550103')).toHaveLength(1);
    const rows = await db().select().from(channelMessage).where(eq(channelMessage.providerMessageId, first.messageSid));
    expect(rows).toHaveLength(1);
  });

  it('honours STOP and START, and never messages an opted-out contact', async () => {
    const contact = '+14155550104';
    await inbound(contact, 'STOP');
    const optedOut = await isOptedOut({ db: db(), connectionId: connection.id, channel: 'sms', address: contact });
    expect(optedOut).toBe(true);
    await inbound(contact, 'Are you there?');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Twilio itself confirms STOP on SMS numbers; the agent never answers.
    expect(twilioFake.sentTo(contact)).toHaveLength(0);

    const conversations = await api('GET', `/api/subaccounts/${owner.subaccountId}/channel-conversations`);
    const conversation = conversations
      .json<{ conversations: ChannelTranscript['conversation'][] }>()
      .conversations.find((entry) => entry.contactAddress === contact)!;
    expect(conversation.optedOut).toBe(true);
    const manual = await api('POST', `/api/channel-conversations/${conversation.id}/messages`, { body: 'Hi?' });
    expect(manual.statusCode).toBe(502);
    expect(manual.json()).toMatchObject({ error: { code: 'SMS_SEND_FAILED' } });

    await inbound(contact, 'start');
    expect(await isOptedOut({ db: db(), connectionId: connection.id, channel: 'sms', address: contact })).toBe(false);
    await inbound(contact, 'Back again');
    await waitFor(
      () => twilioFake.sentTo(contact),
      (list) => list.length === 1,
    );
  });

  it("WhatsApp: a free-form reply outside the 24-hour window fails with 'WhatsApp session expired'", async () => {
    const contact = '+14155550105';
    await inbound(contact, 'Hi on WhatsApp', { channel: 'whatsapp', profileName: 'Ada' });
    const sent = await waitFor(
      () => twilioFake.sentTo(`whatsapp:${contact}`),
      (list) => list.length === 1,
    );
    expect(sent[0]).toMatchObject({ from: 'whatsapp:+15005550007', body: 'Echo: Hi on WhatsApp' });

    const list = await api('GET', `/api/subaccounts/${owner.subaccountId}/channel-conversations`);
    const conversation = list
      .json<{ conversations: ChannelTranscript['conversation'][] }>()
      .conversations.find((entry) => entry.contactAddress === contact)!;
    expect(conversation).toMatchObject({ channel: 'whatsapp', contactName: 'Ada' });
    const inside = await api('POST', `/api/channel-conversations/${conversation.id}/messages`, {
      body: 'A human here',
    });
    expect(inside.statusCode, inside.body).toBe(201);

    await db()
      .update(channelContact)
      .set({ lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(channelContact.address, contact));
    const outside = await api('POST', `/api/channel-conversations/${conversation.id}/messages`, { body: 'Late' });
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toMatchObject({
      error: { code: 'WHATSAPP_SESSION_EXPIRED', message: 'The WhatsApp conversation window has expired.' },
    });
    expect(twilioFake.sentTo(`whatsapp:${contact}`)).toHaveLength(2);
  });

  it('lists SMS and WhatsApp conversations with their transcript, for members only', async () => {
    const list = await api('GET', `/api/subaccounts/${owner.subaccountId}/channel-conversations`);
    const conversations = list.json<{ conversations: ChannelTranscript['conversation'][] }>().conversations;
    const first = conversations.find((entry) => entry.contactAddress === '+14155550101')!;
    expect(first).toMatchObject({ channel: 'sms', connectionName: 'Clinic SMS', totalMessages: 4 });
    const transcript = await api('GET', `/api/channel-conversations/${first.id}`);
    expect(transcript.json<ChannelTranscript>().messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Do you open on Saturday?'],
      ['assistant', 'Echo: Do you open on Saturday?'],
      ['user', 'And on Sunday?'],
      ['assistant', 'Echo: And on Sunday?'],
    ]);
    expect((await api('GET', `/api/channel-conversations/${first.id}`, undefined, outsider.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await api('PATCH', `/api/sms-connections/${connection.id}`, { name: 'Mine now' }, outsider.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await api('GET', `/api/subaccounts/${owner.subaccountId}/channel-conversations`, undefined, outsider.cookie))
        .statusCode,
    ).toBe(404);
  });

  it('GET/PATCH /api/sms/:connectId/settings (no-store, defaults)', async () => {
    const initial = await api('GET', `/api/sms/${owner.subaccountId}/settings`);
    expect(initial.headers['cache-control']).toBe('no-store');
    expect(initial.json()).toEqual({
      companyName: 'SMS Dashboard',
      logoUrl: null,
      theme: 'light',
      primaryColor: '#276d64',
    });
    const patched = await api('PATCH', `/api/sms/${owner.subaccountId}/settings`, { theme: 'dark' });
    expect(patched.json()).toMatchObject({ theme: 'dark', companyName: 'SMS Dashboard' });
    await api('PATCH', `/api/sms/${owner.subaccountId}/settings`, { primaryColor: '#2563EB' });
    expect((await api('GET', `/api/sms/${owner.subaccountId}/settings`)).json()).toMatchObject({
      theme: 'dark',
      primaryColor: '#2563eb',
    });
    expect((await api('PATCH', `/api/sms/${owner.subaccountId}/settings`, { primaryColor: 'blue' })).statusCode).toBe(
      400,
    );
    expect((await api('GET', `/api/sms/${owner.subaccountId}/settings`, undefined, outsider.cookie)).statusCode).toBe(
      404,
    );
  });

  it('rejects an invalid sender number with the invalid-number text', async () => {
    const response = await api('POST', `/api/subaccounts/${owner.subaccountId}/sms-connections`, {
      name: 'Bad number',
      smsFrom: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'SMS_INVALID_NUMBER', message: 'The phone number is not valid.' },
    });
  });

  it('TEST MODE: the phone simulator sends through the same signed webhook and shows the answer', async () => {
    const created = await api('POST', `/api/subaccounts/${owner.subaccountId}/sms-connections`, {
      name: 'Test mode line',
      agentId,
    });
    const testConnection = created.json<SmsConnection>();
    expect(testConnection.mode).toBe('test');
    const sent = await harness.app.inject({
      method: 'POST',
      url: '/api/dev/phone/send',
      payload: { connectionId: testConnection.id, channel: 'sms', from: '+14155550199', body: 'Simulated hello' },
      remoteAddress: '127.0.0.1',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const rows = await waitFor(
      () => db().select().from(devPhoneMessage).where(eq(devPhoneMessage.phoneNumber, '+14155550199')),
      (list) => list.some((row) => row.direction === 'outbound'),
    );
    expect(rows.find((row) => row.direction === 'outbound')?.body).toBe('Echo: Simulated hello');
    const phone = await harness.app.inject({ method: 'GET', url: '/api/dev/phone', remoteAddress: '127.0.0.1' });
    expect(phone.json<{ messages: { body: string }[] }>().messages.map((message) => message.body)).toEqual(
      expect.arrayContaining(['Simulated hello', 'Echo: Simulated hello']),
    );
    const remote = await harness.app.inject({ method: 'GET', url: '/api/dev/phone', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    // A forged TEST MODE webhook (wrong token) is refused like a forged Twilio one.
    const forged = await twilioFake.sendInbound({
      url: `${publicUrl}/api/channels/twilio/${testConnection.id}/inbound`,
      accountSid: ACCOUNT.accountSid,
      from: '+14155550198',
      to: BUSINESS_NUMBER,
      body: 'x',
      authToken: 'guess',
    });
    expect(forged.status).toBe(403);
  });
});
