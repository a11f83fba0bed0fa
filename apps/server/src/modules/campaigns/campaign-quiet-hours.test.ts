import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/create-test-app';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { startFakeTwilioServer, type FakeTwilioServer } from '../../test/fake-twilio-server';
import { encryptSecret } from '../llm/secret-box';
import { createMessagingProvider } from '../channels/create-messaging-provider';
import { campaign } from './campaigns.tables';
import { CAMPAIGN_SEND_QUEUE } from './campaign-events';
import {
  createCampaignVia,
  insertSmsConnection,
  numbersCsv,
  uploadCsvOrThrow,
  waitForCampaign,
} from './campaign-fixtures';
import { runCampaignJob } from './run-campaign-job';

const ACCOUNT = { accountSid: `AC${'2'.repeat(32)}`, authToken: 'fake-auth-token' };
/** The campaign worker's concurrency (start-campaign-worker.ts). */
const WORKER_SLOTS = 8;
/** A little more than two passes of the campaign scheduler (every 5 s). */
const TWO_SCHEDULER_PASSES_MS = 11_000;

type Session = Awaited<ReturnType<typeof signInWithWorkspace>>;

describe('campaigns and quiet hours (the fake Twilio on loopback)', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeTwilioServer;
  const tenants: { session: Session; connectionId: string }[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilioServer({ accounts: [ACCOUNT], autoStatusCallbacks: false });
    harness = await createTestApp({ TWILIO_API_BASE: fake.url, ENCRYPTION_KEY: randomBytes(32).toString('hex') });
    for (const email of ['night@quiet-hours.test', 'day@quiet-hours.test']) {
      const session = await signInWithWorkspace(harness.app, email);
      const connectionId = await insertSmsConnection(harness.app, session.subaccountId, {
        credentials: encryptSecret({
          key: harness.app.platform.config.encryptionKey,
          plaintext: JSON.stringify(ACCOUNT),
        }),
      });
      tenants.push({ session, connectionId });
    }
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const tenant = (index: number) => tenants[index] as (typeof tenants)[number];
  const post = (session: Session, url: string) =>
    harness.app.inject({ method: 'POST', url, headers: { cookie: session.cookie } });
  const hhmm = (date: Date) => date.toISOString().slice(11, 16);
  /** Quiet hours (UTC) from an hour ago to an hour from now. */
  const quietNow = () => {
    const now = Date.now();
    return { start: hhmm(new Date(now - 3_600_000)), end: hhmm(new Date(now + 3_600_000)) };
  };

  /** Creates, fills and starts a campaign through the API. */
  async function startCampaignVia(index: number, body: Record<string, unknown>, recipients: string) {
    const { session, connectionId } = tenant(index);
    const created = await createCampaignVia(harness.app, session, { connectionId, timeZone: 'UTC', ...body });
    await uploadCsvOrThrow(harness.app, session, created.id, recipients);
    const started = await post(session, `/api/subaccounts/${session.subaccountId}/campaigns/${created.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    return created.id;
  }
  const stopCampaignVia = async (index: number, campaignId: string) => {
    const { session } = tenant(index);
    await post(session, `/api/subaccounts/${session.subaccountId}/campaigns/${campaignId}/stop`);
  };
  /** The job ids the campaign was queued with from now on. */
  const watchEnqueues = () => {
    const spy = vi.spyOn(harness.app.platform.queue, 'enqueue');
    return {
      jobIdsOf: (campaignId: string) =>
        spy.mock.calls
          .filter(
            ([queue, payload]) =>
              queue === CAMPAIGN_SEND_QUEUE && (payload as { campaignId: string }).campaignId === campaignId,
          )
          .map(([, , options]) => options?.jobId),
      restore: () => spy.mockRestore(),
    };
  };

  it("eight campaigns inside their quiet hours hold no worker slot: another tenant's campaign still sends", async () => {
    const paused: string[] = [];
    for (let index = 0; index < WORKER_SLOTS; index += 1)
      paused.push(await startCampaignVia(0, { quietHours: quietNow() }, numbersCsv(2, 100 + index * 10)));
    for (const campaignId of paused)
      await waitForCampaign(harness.app, tenant(0).session, campaignId, (entry) => entry.status === 'paused', 10_000);

    const other = await startCampaignVia(1, { sendRate: 50 }, numbersCsv(3, 500));
    const done = await waitForCampaign(
      harness.app,
      tenant(1).session,
      other,
      (entry) => entry.status === 'completed',
      5_000,
    );
    expect(done.counts).toMatchObject({ total: 3, sent: 3, queued: 0 });
    expect(fake.messages.map((message) => message.to).sort()).toEqual(['+14152000500', '+14152000501', '+14152000502']);
    for (const campaignId of paused) await stopCampaignVia(0, campaignId);
  }, 60_000);

  it('a paused campaign is queued again only once its quiet hours end, and then once', async () => {
    const { db } = harness.app.platform.database;
    const campaignId = await startCampaignVia(0, { quietHours: quietNow(), sendRate: 50 }, numbersCsv(2, 700));
    await waitForCampaign(harness.app, tenant(0).session, campaignId, (entry) => entry.status === 'paused', 10_000);
    // The job ended: no lease held while it waits.
    await expect
      .poll(async () => (await db.select().from(campaign).where(eq(campaign.id, campaignId)))[0]?.leaseOwner, {
        timeout: 5_000,
      })
      .toBeNull();
    const enqueues = watchEnqueues();
    try {
      await new Promise((resolve) => setTimeout(resolve, TWO_SCHEDULER_PASSES_MS));
      expect(enqueues.jobIdsOf(campaignId)).toEqual([]);
      // The quiet hours end (the campaign's own hours moved so the sender agrees).
      await db
        .update(campaign)
        .set({ quietHoursStart: null, quietHoursEnd: null, resumeAt: new Date(Date.now() - 1000) })
        .where(eq(campaign.id, campaignId));
      const done = await waitForCampaign(
        harness.app,
        tenant(0).session,
        campaignId,
        (entry) => entry.status === 'completed',
        15_000,
      );
      expect(done.counts).toMatchObject({ total: 2, sent: 2 });
      expect(new Set(enqueues.jobIdsOf(campaignId)).size).toBe(1);
    } finally {
      enqueues.restore();
    }
  }, 60_000);

  it('queues a campaign waiting for a worker slot under one job id, however many scheduler passes it waits', async () => {
    // Eight slow campaigns fill the worker.
    const busy: string[] = [];
    for (let index = 0; index < WORKER_SLOTS; index += 1)
      busy.push(await startCampaignVia(0, { sendRate: 1 }, numbersCsv(30, 1000 + index * 100)));
    for (const campaignId of busy)
      await waitForCampaign(harness.app, tenant(0).session, campaignId, (entry) => entry.counts.sent >= 1, 10_000);
    const enqueues = watchEnqueues();
    try {
      const waiting = await startCampaignVia(1, { sendRate: 50 }, numbersCsv(2, 2000));
      await new Promise((resolve) => setTimeout(resolve, TWO_SCHEDULER_PASSES_MS));
      const jobIds = enqueues.jobIdsOf(waiting);
      expect(jobIds.length).toBeGreaterThan(1);
      expect(new Set(jobIds).size).toBe(1);
      for (const campaignId of busy) await stopCampaignVia(0, campaignId);
      await waitForCampaign(harness.app, tenant(1).session, waiting, (entry) => entry.status === 'completed', 10_000);
    } finally {
      enqueues.restore();
    }
  }, 90_000);

  it('shows "sending", not "paused", while a campaign resumed after its quiet hours sends', async () => {
    const { db } = harness.app.platform.database;
    const created = await createCampaignVia(harness.app, tenant(0).session, {
      connectionId: tenant(0).connectionId,
      sendRate: 2,
    });
    await uploadCsvOrThrow(harness.app, tenant(0).session, created.id, numbersCsv(6, 3000));
    // Paused for quiet hours when the server went down; they ended meanwhile.
    await db
      .update(campaign)
      .set({ status: 'paused', startAt: new Date(), updatedAt: new Date() })
      .where(eq(campaign.id, created.id));
    const job = runCampaignJob({
      db,
      logger: harness.app.log,
      events: harness.app.platform.events,
      campaignId: created.id,
      workerId: 'restarted-worker',
      resolveProvider: (connection) => createMessagingProvider({ config: harness.app.platform.config, db, connection }),
      shutdownSignal: new AbortController().signal,
    });
    const sending = await waitForCampaign(
      harness.app,
      tenant(0).session,
      created.id,
      (entry) => entry.counts.sent >= 1,
      10_000,
    );
    expect(sending.status).toBe('sending');
    await job;
    const done = await waitForCampaign(
      harness.app,
      tenant(0).session,
      created.id,
      (entry) => entry.status !== 'sending',
    );
    expect(done).toMatchObject({ status: 'completed', counts: { sent: 6 } });
  }, 30_000);
});
