import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeTwilioServer, type FakeTwilioServer } from '../../test/fake-twilio-server';
import { encryptSecret } from '../llm/secret-box';
import { channelConnection, channelConversation, channelMessage } from '../channels/channels.tables';
import { recordMessageStatus } from '../channels/record-message-status';
import { receiveInboundMessage, sendAndRecord } from '../channels/channel-messages';
import { createMessagingProvider } from '../channels/create-messaging-provider';
import { campaign, campaignRecipient } from './campaigns.tables';
import {
  createCampaignVia,
  getCampaign,
  insertSmsConnection,
  numbersCsv,
  uploadCsvOrThrow,
  waitForCampaign,
} from './campaign-fixtures';
import { reconcileClaims } from './reconcile-claims';
import { recordCampaignSends } from './record-campaign-send';
import { runCampaignJob } from './run-campaign-job';
import { toOutboundMessage } from './to-outbound-message';

const ACCOUNT = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'fake-auth-token' };

describe('campaign sending through Twilio (the fake on loopback, the real twilio client)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeTwilioServer;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let connectionId: string;

  beforeAll(async () => {
    fake = await startFakeTwilioServer({ accounts: [ACCOUNT], autoStatusCallbacks: false });
    harness = await createTestApp({ TWILIO_API_BASE: fake.url, ENCRYPTION_KEY: randomBytes(32).toString('hex') });
    owner = await signInWithWorkspace(harness.app, 'owner@campaign-send.test');
    connectionId = await insertSmsConnection(harness.app, owner.subaccountId, {
      credentials: encryptSecret({
        key: harness.app.platform.config.encryptionKey,
        plaintext: JSON.stringify(ACCOUNT),
      }),
    });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.messages.length = 0;
  });

  const base = () => `/api/subaccounts/${owner.subaccountId}/campaigns`;
  const post = (url: string) => harness.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
  const getConnection = async () => {
    const { db } = harness.app.platform.database;
    const [connection] = await db.select().from(channelConnection).where(eq(channelConnection.id, connectionId));
    return connection!;
  };
  /** STOP arrives through the same path as a Twilio webhook's inbound message. */
  const sendStop = async (from: string) =>
    receiveInboundMessage({
      db: harness.app.platform.database.db,
      config: harness.app.platform.config,
      queue: harness.app.platform.queue,
      logger: harness.app.log,
      connection: await getConnection(),
      message: { providerMessageId: `SM${randomUUID().replaceAll('-', '')}`, channel: 'sms', from, body: 'STOP' },
    });
  const recipientOf = async (campaignId: string, address: string) => {
    const rows = await harness.app.platform.database.db
      .select()
      .from(campaignRecipient)
      .where(eq(campaignRecipient.campaignId, campaignId));
    return rows.find((row) => row.address === address);
  };
  const resolveProvider = (connection: Parameters<typeof createMessagingProvider>[0]['connection']) =>
    createMessagingProvider({ config: harness.app.platform.config, db: harness.app.platform.database.db, connection });

  it('skips a contact who sent STOP: at import, and when STOP arrives after the import', async () => {
    await sendStop('+14155550111');
    const created = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 50 });
    const report = await uploadCsvOrThrow(
      harness.app,
      owner,
      created.id,
      'phone,first_name\n+14155550110,Ann\n+14155550111,Stopped\n+14155550112,Late\n',
    );
    expect(report).toMatchObject({ added: 2, optedOut: 1 });
    // STOP from the third contact after the import, before the send.
    await sendStop('+14155550112');
    expect((await post(`${base()}/${created.id}/start`)).statusCode).toBe(200);
    const done = await waitForCampaign(harness.app, owner, created.id, (entry) => entry.status === 'completed');
    expect(done.counts).toMatchObject({ total: 2, sent: 1, optedOut: 1, queued: 0 });
    expect(fake.messages.map((message) => [message.to, message.body])).toEqual([
      ['+14155550110', 'Hi Ann, spring offer!'],
    ]);
  });

  it('honours a STOP that arrives after its recipient was claimed, before its send', async () => {
    // One a second: the second contact is claimed right after the first send, then waits about a second for its slot.
    const created = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 1 });
    await uploadCsvOrThrow(harness.app, owner, created.id, 'phone,first_name\n+14155550120,Ann\n+14155550121,Bob\n');
    expect((await post(`${base()}/${created.id}/start`)).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await recipientOf(created.id, '+14155550121'))?.state !== 'claimed') {
      if (Date.now() > deadline) throw new Error('Bob was never claimed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await sendStop('+14155550121');
    const done = await waitForCampaign(harness.app, owner, created.id, (entry) => entry.status === 'completed');
    expect(fake.messages.map((message) => message.to)).toEqual(['+14155550120']);
    expect(await recipientOf(created.id, '+14155550121')).toMatchObject({
      state: 'skipped',
      error: 'opted_out',
      providerMessageId: null,
    });
    expect(done.counts).toMatchObject({ total: 2, sent: 1, optedOut: 1, queued: 0 });
  });

  /** A WhatsApp template campaign of one contact, the contact's conversation, and the agent's free-form reply in it. */
  const setUpWhatsAppCampaign = async (phone: string) => {
    const { db } = harness.app.platform.database;
    const created = await createCampaignVia(harness.app, owner, {
      connectionId,
      channel: 'whatsapp',
      contentSid: `HX${'a'.repeat(32)}`,
      contentVariables: { '1': '{{firstName}}' },
      sendRate: 50,
    });
    await uploadCsvOrThrow(harness.app, owner, created.id, `phone,first_name\n${phone},Ann\n`);
    const recipient = (await recipientOf(created.id, phone))!;
    const conversationId = randomUUID();
    await db.insert(channelConversation).values({
      id: conversationId,
      connectionId,
      contactId: recipient.contactId,
      channel: 'whatsapp',
      threadId: '',
    });
    const connectionRow = await getConnection();
    const agentReply = () =>
      sendAndRecord({
        db,
        config: harness.app.platform.config,
        logger: harness.app.log,
        connection: connectionRow,
        conversationId,
        channel: 'whatsapp',
        to: phone,
        role: 'assistant',
        body: 'Happy to help, Ann!',
      });
    const claim = async () => {
      await db
        .update(campaignRecipient)
        .set({ state: 'claimed', claimedAt: new Date() })
        .where(eq(campaignRecipient.id, recipient.id));
      await db.update(campaign).set({ status: 'sending', startAt: new Date() }).where(eq(campaign.id, created.id));
      const [row] = await db.select().from(campaign).where(eq(campaign.id, created.id));
      return row!;
    };
    return { created, recipient, agentReply, claim };
  };

  it('WhatsApp recovery: a claim whose send never reached Twilio is sent, not matched to an agent reply just before it', async () => {
    const { db } = harness.app.platform.database;
    const phone = '+14155550140';
    const { created, agentReply, claim } = await setUpWhatsAppCampaign(phone);
    const reply = await agentReply();
    // Claimed a moment later; the worker died before the send reached Twilio. Another worker takes over.
    await claim();
    await runCampaignJob({
      db,
      logger: harness.app.log,
      events: harness.app.platform.events,
      campaignId: created.id,
      workerId: 'recovering-worker',
      resolveProvider,
      shutdownSignal: new AbortController().signal,
    });
    const templates = fake.sentTo(`whatsapp:${phone}`).filter((message) => message.contentSid);
    expect(templates).toHaveLength(1);
    expect(JSON.parse(templates[0]!.contentVariables!)).toEqual({ '1': 'Ann' });
    const after = await recipientOf(created.id, phone);
    expect(after).toMatchObject({ state: 'sent', providerMessageId: templates[0]!.sid });
    expect(after?.providerMessageId).not.toBe(reply.providerMessageId);
  });

  it("WhatsApp recovery takes the campaign's own message, not an agent reply sent after it", async () => {
    const { db } = harness.app.platform.database;
    const phone = '+14155550141';
    const { recipient, agentReply, claim } = await setUpWhatsAppCampaign(phone);
    const row = await claim();
    const provider = resolveProvider(await getConnection());
    // Twilio takes the template but its answer is lost; the agent answers the contact right after.
    fake.dropAnswersTo(`whatsapp:${phone}`);
    try {
      await expect(provider.send(toOutboundMessage(row, recipient))).rejects.toThrow();
    } finally {
      fake.dropAnswersTo(`whatsapp:${phone}`, false);
    }
    const reply = await agentReply();
    expect(await reconcileClaims({ db, provider, campaign: row, log: harness.app.log })).toEqual({
      recovered: 1,
      requeued: 0,
    });
    const templates = fake.sentTo(`whatsapp:${phone}`).filter((message) => message.contentSid);
    expect(templates).toHaveLength(1);
    const after = await recipientOf(row.id, phone);
    expect(after).toMatchObject({ state: 'sent', providerMessageId: templates[0]!.sid });
    expect(after?.providerMessageId).not.toBe(reply.providerMessageId);
  });

  it('SMS recovery does not take a message of the same text another campaign already recorded', async () => {
    const { db } = harness.app.platform.database;
    const phone = '+14155550142';
    const first = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 50 });
    await uploadCsvOrThrow(harness.app, owner, first.id, `phone,first_name\n${phone},Ann\n`);
    expect((await post(`${base()}/${first.id}/start`)).statusCode).toBe(200);
    await waitForCampaign(harness.app, owner, first.id, (entry) => entry.status === 'completed');
    const earlier = (await recipientOf(first.id, phone))!;
    expect(earlier.state).toBe('sent');
    // The same offer again, claimed a moment later; its send never reached Twilio.
    const second = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 50 });
    await uploadCsvOrThrow(harness.app, owner, second.id, `phone,first_name\n${phone},Ann\n`);
    const claim = (await recipientOf(second.id, phone))!;
    await db
      .update(campaignRecipient)
      .set({ state: 'claimed', claimedAt: new Date() })
      .where(eq(campaignRecipient.id, claim.id));
    const [row] = await db.select().from(campaign).where(eq(campaign.id, second.id));
    const provider = resolveProvider(await getConnection());
    expect(await reconcileClaims({ db, provider, campaign: row!, log: harness.app.log })).toEqual({
      recovered: 0,
      requeued: 1,
    });
    expect(await recipientOf(second.id, phone)).toMatchObject({ state: 'queued', providerMessageId: null });
  });

  it('sends each of 1,000 contacts exactly once when the process dies between claims and sends, then resumes', async () => {
    const { db } = harness.app.platform.database;
    const created = await createCampaignVia(harness.app, owner, {
      connectionId,
      sendRate: 100,
      messageTemplate: 'Hello {{firstName}} from {{city}}',
    });
    const report = await uploadCsvOrThrow(harness.app, owner, created.id, numbersCsv(1000));
    expect(report.added).toBe(1000);
    // Started as the route does, but the job is run here so the test can kill it.
    await db.update(campaign).set({ status: 'sending', startAt: new Date() }).where(eq(campaign.id, created.id));
    const shutdown = new AbortController();
    await runCampaignJob({
      db,
      logger: harness.app.log,
      events: harness.app.platform.events,
      campaignId: created.id,
      workerId: 'doomed-worker',
      resolveProvider,
      shutdownSignal: shutdown.signal,
      crashAfterSends: 400,
    });
    const afterCrash = await db
      .select({ state: campaignRecipient.state, address: campaignRecipient.address })
      .from(campaignRecipient)
      .where(eq(campaignRecipient.campaignId, created.id));
    const claimed = afterCrash.filter((row) => row.state === 'claimed');
    // The crash left claims behind, some of them already at Twilio (sent, never recorded).
    expect(claimed.length).toBeGreaterThan(0);
    const sentButUnrecorded = claimed.filter((row) => fake.sentTo(row.address).length > 0);
    expect(sentButUnrecorded.length).toBeGreaterThan(0);
    expect(afterCrash.filter((row) => row.state === 'sent').length).toBeLessThan(400);

    // The dead worker's lease runs out; a new worker (or the scheduler) takes the campaign over.
    await db
      .update(campaign)
      .set({ leaseExpiresAt: new Date(0) })
      .where(eq(campaign.id, created.id));
    await runCampaignJob({
      db,
      logger: harness.app.log,
      events: harness.app.platform.events,
      campaignId: created.id,
      workerId: 'fresh-worker',
      resolveProvider,
      shutdownSignal: shutdown.signal,
    });
    const done = await waitForCampaign(harness.app, owner, created.id, (entry) => entry.status === 'completed');
    expect(done.counts).toMatchObject({ total: 1000, sent: 1000, queued: 0, failed: 0 });
    // Twilio's own log proves it: 1,000 messages, one per number.
    expect(fake.messages).toHaveLength(1000);
    expect(new Set(fake.messages.map((message) => message.to)).size).toBe(1000);
    const rows = await db
      .select({ providerMessageId: campaignRecipient.providerMessageId })
      .from(campaignRecipient)
      .where(eq(campaignRecipient.campaignId, created.id));
    expect(new Set(rows.map((row) => row.providerMessageId))).toEqual(
      new Set(fake.messages.map((message) => message.sid)),
    );
  }, 90_000);

  it('Stop Campaign: nothing leaves a second after the press; a finished campaign answers "already completed"', async () => {
    const created = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 20 });
    await uploadCsvOrThrow(harness.app, owner, created.id, numbersCsv(200, 5000));
    expect((await post(`${base()}/${created.id}/start`)).statusCode).toBe(200);
    await waitForCampaign(harness.app, owner, created.id, (entry) => entry.counts.sent >= 10);
    const stop = await post(`${base()}/${created.id}/stop`);
    const stoppedAt = Date.now();
    expect(stop.statusCode).toBe(200);
    expect(stop.json<{ status: string }>().status).toBe('stopped');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const late = fake.messages.filter((message) => message.createdAtMs > stoppedAt + 1000);
    expect(late).toEqual([]);
    const after = await getCampaign(harness.app, owner, created.id);
    expect(after.status).toBe('stopped');
    expect(after.counts.sent).toBe(fake.messages.length);
    expect(after.counts.sent).toBeLessThan(200);
    expect(after.counts.queued).toBe(200 - after.counts.sent);
    const again = await post(`${base()}/${created.id}/stop`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('SMS_CAMPAIGN_ALREADY_COMPLETED');
  }, 60_000);

  it('waits out quiet hours (paused, nothing sent) in the campaign time zone', async () => {
    const now = new Date();
    const hhmm = (date: Date) => date.toISOString().slice(11, 16);
    const created = await createCampaignVia(harness.app, owner, {
      connectionId,
      timeZone: 'UTC',
      quietHours: { start: hhmm(new Date(now.getTime() - 3_600_000)), end: hhmm(new Date(now.getTime() + 3_600_000)) },
    });
    await uploadCsvOrThrow(harness.app, owner, created.id, numbersCsv(3, 9000));
    expect((await post(`${base()}/${created.id}/start`)).statusCode).toBe(200);
    const paused = await waitForCampaign(harness.app, owner, created.id, (entry) => entry.status === 'paused');
    expect(paused.counts.sent).toBe(0);
    expect(fake.messages).toHaveLength(0);
    expect((await post(`${base()}/${created.id}/stop`)).statusCode).toBe(200);
  });

  it('records a refused number as failed and goes on', async () => {
    fake.refuseNumber('+14155550199', {
      status: 400,
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
    });
    const created = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 50 });
    await uploadCsvOrThrow(harness.app, owner, created.id, 'phone,first_name\n+14155550198,A\n+14155550199,B\n');
    expect((await post(`${base()}/${created.id}/start`)).statusCode).toBe(200);
    const done = await waitForCampaign(harness.app, owner, created.id, (entry) => entry.status === 'completed');
    expect(done.counts).toMatchObject({ sent: 1, failed: 1 });
  });

  it('keeps a delivery status that arrived before its send was written', async () => {
    const { db } = harness.app.platform.database;
    const created = await createCampaignVia(harness.app, owner, { connectionId, sendRate: 50 });
    await uploadCsvOrThrow(harness.app, owner, created.id, 'phone,first_name\n+14155550197,Ann\n');
    const [recipient] = await db
      .update(campaignRecipient)
      .set({ state: 'claimed' })
      .where(eq(campaignRecipient.campaignId, created.id))
      .returning();
    const [row] = await db.select().from(campaign).where(eq(campaign.id, created.id));
    // Twilio's callback comes while the send waits for its batch to be written.
    await recordMessageStatus({ db, connectionId, providerMessageId: 'SMbatchedsend', status: 'delivered' });
    await recordCampaignSends({
      db,
      logger: harness.app.log,
      campaign: row!,
      sends: [
        {
          recipient: recipient!,
          sent: { providerMessageId: 'SMbatchedsend', status: 'queued' },
          body: 'Hi Ann, spring offer!',
          sentAt: new Date(),
        },
      ],
    });
    const [message] = await db
      .select()
      .from(channelMessage)
      .where(eq(channelMessage.providerMessageId, 'SMbatchedsend'));
    expect(message).toMatchObject({ role: 'campaign', status: 'delivered' });
  });
});
