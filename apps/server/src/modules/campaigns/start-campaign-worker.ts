import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { campaign } from './campaigns.tables';
import { CAMPAIGN_SEND_QUEUE, campaignJobId } from './campaign-events';
import { runCampaignJob, type ResolveMessagingProvider } from './run-campaign-job';

const JobPayload = z.object({ campaignId: z.string().min(1) });
/**
 * How often scheduled campaigns are started, paused ones queued again once their quiet hours end,
 * and orphaned ones (a dead instance's lease) picked up.
 */
const SCHEDULER_INTERVAL_MS = 5_000;

/**
 * This process's campaign sender: a queue worker per campaign, a scheduler that starts
 * scheduled campaigns when their time comes and campaigns paused for quiet hours when they end
 * (no job waits them out: a worker slot is never held by a campaign that cannot send), and, once
 * the app is ready, the campaigns a restart interrupted (their claims are reconciled first). A
 * campaign is queued under an id of its state (`campaignJobId`), so the queue never fills up with
 * copies of one waiting campaign. On close, sends stop and the campaigns are left to be resumed.
 */
export function startCampaignWorker(app: FastifyInstance, options: { resolveProvider: ResolveMessagingProvider }) {
  const { database, queue, events } = app.platform;
  const db = database.db;
  const workerId = randomUUID();
  const shutdown = new AbortController();
  const active = new Set<Promise<void>>();

  queue.work<unknown>(
    CAMPAIGN_SEND_QUEUE,
    async (payload) => {
      const { campaignId } = JobPayload.parse(payload);
      const job = runCampaignJob({
        db,
        logger: app.log,
        events,
        campaignId,
        // One owner per job: two jobs of one campaign in this process never both hold it.
        workerId: `${workerId}:${randomUUID()}`,
        resolveProvider: options.resolveProvider,
        shutdownSignal: shutdown.signal,
      });
      active.add(job);
      try {
        await job;
      } finally {
        active.delete(job);
      }
    },
    { concurrency: 8 },
  );

  type Waiting = { id: string; updatedAt: Date; leaseExpiresAt: Date | null };
  const resume = async (campaigns: Waiting[]) => {
    for (const entry of campaigns)
      await queue.enqueue(CAMPAIGN_SEND_QUEUE, { campaignId: entry.id }, { jobId: campaignJobId(entry) });
  };
  const waiting = { id: campaign.id, updatedAt: campaign.updatedAt, leaseExpiresAt: campaign.leaseExpiresAt };
  /**
   * Sending or paused, held by no live job, and not waiting for the end of its quiet hours. Only
   * such a campaign is queued: its job then claims it (a new lease, so a new job id afterwards), or
   * another job did, which changed the lease too. A job id is thus never used up by a claim that failed.
   */
  const isWaiting = (now: Date) =>
    and(
      inArray(campaign.status, ['sending', 'paused']),
      or(isNull(campaign.leaseExpiresAt), lt(campaign.leaseExpiresAt, now)),
      or(isNull(campaign.resumeAt), lte(campaign.resumeAt, now)),
    );
  const tick = async () => {
    const now = new Date();
    const due = await db
      .update(campaign)
      .set({ status: 'sending', updatedAt: now })
      .where(and(eq(campaign.status, 'scheduled'), lte(campaign.startAt, now)))
      .returning(waiting);
    const orphaned = await db
      .select(waiting)
      .from(campaign)
      .where(and(isWaiting(now), lt(campaign.updatedAt, new Date(now.getTime() - SCHEDULER_INTERVAL_MS))));
    await resume([...due, ...orphaned]);
  };
  let timer: NodeJS.Timeout | undefined;
  /** The scheduler's pass in progress: one at a time, and shutdown waits for it before the pool closes. */
  let ticking: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    const unfinished = await db.select(waiting).from(campaign).where(isWaiting(new Date()));
    await resume(unfinished);
    timer = setInterval(() => {
      if (shutdown.signal.aborted || ticking) return;
      ticking = tick()
        .catch((error: unknown) => app.log.warn({ err: error }, 'campaign scheduler'))
        .finally(() => {
          ticking = undefined;
        });
    }, SCHEDULER_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    shutdown.abort();
    await ticking;
    await Promise.allSettled([...active]);
  });
}
