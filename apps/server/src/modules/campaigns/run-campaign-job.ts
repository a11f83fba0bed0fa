import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { quietHoursEndAt, type QuietHours } from '@agentry/core/campaigns';
import { sleep } from '@agentry/core/sleep';
import type { Database } from '../../platform/db/database';
import type { LiveEvents } from '../../platform/events/live-events';
import { AppError } from '../../platform/http/app-error';
import { channelConnection } from '../channels/channels.tables';
import { hasOptedOut } from '../channels/contact-consent';
import type { MessagingProvider } from '../channels/messaging-provider';
import { campaign, campaignRecipient } from './campaigns.tables';
import { campaignChannel, type CampaignChannelMessage } from './campaign-events';
import { reconcileClaims } from './reconcile-claims';
import { recordCampaignSends, type CampaignSend } from './record-campaign-send';
import { skipOptedOutRecipients } from './skip-opted-out-recipients';
import { toOutboundMessage } from './to-outbound-message';

/** A worker holds a campaign for this long and renews it every third of it. */
export const CAMPAIGN_LEASE_MS = 30_000;
/** How often the sender re-reads the campaign's status (Stop Campaign from another instance without events). */
const STATUS_POLL_MS = 250;
/** Accepted sends are written at least this often, or every FLUSH_SIZE sends. */
const FLUSH_MS = 100;
const FLUSH_SIZE = 50;
/** Rounds of retrying sends the provider never answered. */
const MAX_ROUNDS = 3;
/** How far behind its schedule the sender may catch up with a quicker burst. */
const CATCH_UP_MS = 250;
/** Sends at once, at most (the provider's latency times the rate). */
const MAX_IN_FLIGHT = 64;
/**
 * Consent is read again right before a send when it was last read longer ago than this: once per
 * batch as its sends start (they span about 200 ms), again for the rest of the batch when they
 * were held up (a paced wait, a slow provider with every send slot taken).
 */
const CONSENT_RECHECK_MS = 100;

export type CampaignRow = typeof campaign.$inferSelect;
export type RecipientRow = typeof campaignRecipient.$inferSelect;
export type ConnectionRow = typeof channelConnection.$inferSelect;

/** The messaging provider of a connection: Twilio with its credentials, or TEST MODE. */
export type ResolveMessagingProvider = (connection: ConnectionRow) => Promise<MessagingProvider> | MessagingProvider;

export type RunCampaignJobOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  events: LiveEvents;
  campaignId: string;
  workerId: string;
  resolveProvider: ResolveMessagingProvider;
  /** Aborted when this server shuts down: the campaign is left to be resumed. */
  shutdownSignal: AbortSignal;
  leaseMs?: number;
  /**
   * Tests only: the process "dies" right after this many provider sends succeeded, before
   * their results are written; nothing more is written by this job, as after a real crash.
   */
  crashAfterSends?: number;
  /** Internal: how many times unanswered sends were reconciled and retried in this run. */
  round?: number;
};

class CrashSimulated extends Error {}

async function claimCampaign(options: RunCampaignJobOptions): Promise<CampaignRow | undefined> {
  const now = new Date();
  const [claimed] = await options.db
    .update(campaign)
    .set({
      leaseOwner: options.workerId,
      leaseExpiresAt: new Date(now.getTime() + (options.leaseMs ?? CAMPAIGN_LEASE_MS)),
      startedAt: sql`coalesce(${campaign.startedAt}, now())`,
    })
    .where(
      and(
        eq(campaign.id, options.campaignId),
        inArray(campaign.status, ['sending', 'paused']),
        or(
          isNull(campaign.leaseExpiresAt),
          lt(campaign.leaseExpiresAt, now),
          eq(campaign.leaseOwner, options.workerId),
        ),
        // Paused for quiet hours: the scheduler queues it when they end, not before.
        or(isNull(campaign.resumeAt), lte(campaign.resumeAt, now)),
      ),
    )
    .returning();
  return claimed;
}

/**
 * Claims the next recipients in one committed statement, before any provider call: opted-out
 * contacts become 'skipped' on the way, the others 'claimed' (and checked again right before
 * their send: a STOP may come while they wait).
 */
async function claimNext(db: Database, campaignId: string, count: number): Promise<RecipientRow[]> {
  const next = db
    .select({ id: campaignRecipient.id })
    .from(campaignRecipient)
    .where(and(eq(campaignRecipient.campaignId, campaignId), eq(campaignRecipient.state, 'queued')))
    .orderBy(asc(campaignRecipient.position))
    .limit(count)
    .for('update', { skipLocked: true });
  const optedOut = hasOptedOut(campaignRecipient.contactId);
  const rows = await db
    .update(campaignRecipient)
    .set({
      state: sql`case when ${optedOut} then 'skipped' else 'claimed' end`,
      error: sql`case when ${optedOut} then 'opted_out' else null end`,
      claimedAt: new Date(),
    })
    .where(inArray(campaignRecipient.id, next))
    .returning();
  return rows.sort((a, b) => a.position - b.position);
}

/**
 * Sends (or resumes) a campaign: holds it with a lease, reconciles claims a crash left
 * behind against the provider's log, then claims recipients in small batches and sends them
 * paced at the campaign's rate, its status 'sending' (a paused campaign resumed too). Inside its
 * quiet hours it does not wait (that would hold a worker slot for hours): the campaign becomes
 * 'paused' with `resumeAt` at their end, the lease is released and the job ends; the scheduler
 * queues it again then. Stop Campaign (an event, or the status read every 250 ms) ends it within
 * a second; a shutdown leaves it to be resumed.
 */
export async function runCampaignJob(options: RunCampaignJobOptions): Promise<void> {
  const { db, logger, events } = options;
  const row = await claimCampaign(options);
  if (!row) return;
  const log = logger.child({ campaignId: row.id });
  const [connection] = await db
    .select()
    .from(channelConnection)
    .where(eq(channelConnection.id, row.connectionId))
    .limit(1);
  if (!connection) return;
  const provider = await options.resolveProvider(connection);

  const controller = new AbortController();
  let stopReason: 'stopped' | 'shutdown' | 'lease-lost' | null = null;
  const stop = (reason: NonNullable<typeof stopReason>) => {
    stopReason ??= reason;
    if (!controller.signal.aborted) controller.abort(new Error(reason));
  };
  const onShutdown = () => stop('shutdown');
  options.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  if (options.shutdownSignal.aborted) stop('shutdown');
  const unsubscribe = await events.subscribe(campaignChannel(row.id), (message) => {
    if ((message as CampaignChannelMessage | undefined)?.kind === 'stop') stop('stopped');
  });
  const leaseMs = options.leaseMs ?? CAMPAIGN_LEASE_MS;
  let isDead = false;
  const renewal = setInterval(() => {
    if (isDead) return;
    void db
      .update(campaign)
      .set({ leaseExpiresAt: new Date(Date.now() + leaseMs) })
      .where(and(eq(campaign.id, row.id), eq(campaign.leaseOwner, options.workerId)))
      .returning({ status: campaign.status })
      .then(([current]) => {
        if (!current) stop('lease-lost');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not renew the campaign lease'));
  }, leaseMs / 3);
  renewal.unref();

  let sendCount = 0;
  const alive = () => {
    if (isDead) throw new CrashSimulated();
  };
  const inFlight = new Set<Promise<void>>();
  // Accepted sends are written in batches (one transaction each, one at a time).
  let pending: CampaignSend[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    writing = writing.then(async () => {
      if (isDead || pending.length === 0) return;
      const sends = pending;
      pending = [];
      await recordCampaignSends({ db, campaign: row, sends, logger: log });
    });
    return writing;
  };
  const flushTimer = setInterval(
    () => void flush().catch((error: unknown) => log.warn({ err: error }, 'campaign write')),
    FLUSH_MS,
  );
  flushTimer.unref();
  const sendOne = async (recipient: RecipientRow) => {
    const message = toOutboundMessage(row, recipient);
    try {
      const sent = await provider.send(message);
      sendCount += 1;
      if (options.crashAfterSends !== undefined && sendCount >= options.crashAfterSends) isDead = true;
      alive();
      pending.push({ recipient, sent, body: message.body, sentAt: new Date() });
      if (pending.length >= FLUSH_SIZE)
        void flush().catch((error: unknown) => log.warn({ err: error }, 'campaign write'));
    } catch (error) {
      if (error instanceof CrashSimulated || isDead) return;
      // No answer (a timeout, a dropped connection): the provider may have sent it. The claim stays, to be
      // reconciled against the provider's log before the campaign ends.
      if (isAmbiguousFailure(error)) {
        log.warn({ err: error }, 'campaign send without an answer; reconciled later');
        return;
      }
      const code = error instanceof AppError ? error.code : 'SMS_SEND_FAILED';
      if (!(error instanceof AppError)) log.warn({ err: error }, 'campaign send failed');
      await db
        .update(campaignRecipient)
        .set({ state: 'failed', error: code })
        .where(eq(campaignRecipient.id, recipient.id));
    }
  };

  try {
    await reconcileClaims({ db, provider, campaign: row, log });
    const intervalMs = 1000 / row.sendRate;
    // Claims cover about a fifth of a second of sending, so a stop leaves few claims to return.
    const batchSize = Math.max(1, Math.ceil(row.sendRate / 5));
    let nextSlot = Date.now();
    let lastStatusCheck = 0;
    const checkStatus = async () => {
      if (Date.now() - lastStatusCheck < STATUS_POLL_MS) return;
      lastStatusCheck = Date.now();
      const [current] = await db
        .select({ status: campaign.status })
        .from(campaign)
        .where(eq(campaign.id, row.id))
        .limit(1);
      if (!current || (current.status !== 'sending' && current.status !== 'paused')) stop('stopped');
    };
    /** Set when quiet hours hold: the job ends and the campaign waits, paused, until then. */
    let resumeAt: Date | null = null;
    let isMarkedSending = false;

    while (!controller.signal.aborted) {
      alive();
      await checkStatus();
      if (controller.signal.aborted) break;
      const quietUntil = quietHoursEndAt(
        new Date(),
        toQuietHours(row.quietHoursStart, row.quietHoursEnd),
        row.timeZone,
      );
      if (quietUntil) {
        resumeAt = quietUntil;
        break;
      }
      if (!isMarkedSending) {
        // About to send: a campaign resumed after its quiet hours (or a restart) shows it.
        await db
          .update(campaign)
          .set({ status: 'sending', resumeAt: null, updatedAt: new Date() })
          .where(
            and(eq(campaign.id, row.id), eq(campaign.status, 'paused'), eq(campaign.leaseOwner, options.workerId)),
          );
        isMarkedSending = true;
      }

      const batch = await claimNext(db, row.id, batchSize);
      alive();
      const toSend = batch.filter((recipient) => recipient.state === 'claimed');
      if (batch.length === 0) break;
      /** Found opted out right before their send: skipped, never sent. */
      const optedOut = new Set<string>();
      let consentReadAt = Number.NEGATIVE_INFINITY;
      for (let index = 0; index < toSend.length; index += 1) {
        const recipient = toSend[index] as RecipientRow;
        const wait = nextSlot - Date.now();
        if (wait > 0) await sleep(wait, controller.signal).catch(() => undefined);
        if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
        if (!controller.signal.aborted) await checkStatus();
        if (controller.signal.aborted || isDead) {
          // Not sent yet: back in the queue (a resumed campaign sends them; a stopped one never will).
          if (!isDead)
            await db
              .update(campaignRecipient)
              .set({ state: 'queued', claimedAt: null })
              .where(
                and(
                  inArray(
                    campaignRecipient.id,
                    toSend.slice(index).map((entry) => entry.id),
                  ),
                  eq(campaignRecipient.state, 'claimed'),
                ),
              );
          break;
        }
        // A STOP that came while the batch waited is honoured: read for the rest of the batch at once.
        if (Date.now() - consentReadAt >= CONSENT_RECHECK_MS) {
          consentReadAt = Date.now();
          const rest = toSend.slice(index).filter((entry) => !optedOut.has(entry.id));
          for (const id of await skipOptedOutRecipients({ db, recipientIds: rest.map((entry) => entry.id) }))
            optedOut.add(id);
        }
        if (optedOut.has(recipient.id)) continue;
        // Behind schedule (a slow claim), catch up by at most a quarter second: no bigger burst than that.
        nextSlot = Math.max(nextSlot + intervalMs, Date.now() - CATCH_UP_MS);
        const job = sendOne(recipient).finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
    }
    await Promise.allSettled([...inFlight]);
    alive();
    await flush();
    alive();
    if (resumeAt && !controller.signal.aborted) {
      // Claims a send left unanswered stay claimed: the next job reconciles them before sending.
      await db
        .update(campaign)
        .set({ status: 'paused', resumeAt, leaseOwner: null, leaseExpiresAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(campaign.id, row.id),
            inArray(campaign.status, ['sending', 'paused']),
            eq(campaign.leaseOwner, options.workerId),
          ),
        );
      return;
    }
    if (!controller.signal.aborted) {
      // Claims whose send got no answer: found in the provider's log, or queued and sent again.
      const { requeued } = await reconcileClaims({ db, provider, campaign: row, log });
      if (requeued > 0 && (options.round ?? 0) >= MAX_ROUNDS) {
        // The provider keeps not answering: what is left fails rather than being retried forever.
        await db
          .update(campaignRecipient)
          .set({ state: 'failed', error: `${row.channel === 'whatsapp' ? 'WHATSAPP' : 'SMS'}_SEND_FAILED` })
          .where(and(eq(campaignRecipient.campaignId, row.id), eq(campaignRecipient.state, 'queued')));
      } else if (requeued > 0) {
        clearInterval(flushTimer);
        clearInterval(renewal);
        options.shutdownSignal.removeEventListener('abort', onShutdown);
        await unsubscribe().catch(() => undefined);
        return runCampaignJob({ ...options, round: (options.round ?? 0) + 1 });
      }
    }
    if (!controller.signal.aborted) {
      // Every recipient handled: the campaign is complete (unless it was stopped meanwhile).
      await db
        .update(campaign)
        .set({
          status: 'completed',
          resumeAt: null,
          finishedAt: new Date(),
          updatedAt: new Date(),
          leaseOwner: null,
          leaseExpiresAt: null,
        })
        .where(and(eq(campaign.id, row.id), inArray(campaign.status, ['sending', 'paused'])));
    } else if (stopReason === 'stopped') {
      await db
        .update(campaign)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(and(eq(campaign.id, row.id), eq(campaign.leaseOwner, options.workerId)));
    } else if (stopReason === 'shutdown') {
      await db
        .update(campaign)
        .set({ leaseExpiresAt: new Date() })
        .where(and(eq(campaign.id, row.id), eq(campaign.leaseOwner, options.workerId)));
    }
  } catch (error) {
    if (!(error instanceof CrashSimulated)) throw error;
    await Promise.allSettled([...inFlight]);
  } finally {
    clearInterval(flushTimer);
    clearInterval(renewal);
    options.shutdownSignal.removeEventListener('abort', onShutdown);
    await unsubscribe().catch(() => undefined);
  }
}

/** A failure without the provider's answer (no provider code): the message may have left. */
function isAmbiguousFailure(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  return error.code.endsWith('_SEND_FAILED') && error.extra?.provider_code === undefined && error.cause !== undefined;
}

export function toQuietHours(start: string | null, end: string | null): QuietHours | null {
  return start && end ? { start, end } : null;
}
