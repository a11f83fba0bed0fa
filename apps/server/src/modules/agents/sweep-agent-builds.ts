import { and, eq, inArray, lt, notExists, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { builderErrorMessages } from '@agentry/core/agents';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/queue/job-queue';
import { startPeriodicSweep } from '../../platform/queue/start-periodic-sweep';
import { agent, agentJob } from './agents.tables';
import { AGENT_BUILD_QUEUE, type AgentBuildJobPayload } from './create-agent-from-idea';

/**
 * A job is queued right after its commit; one still queued this long after it was last queued may
 * have been lost (a failed enqueue, the in-process queue emptied by a restart), or may only be
 * waiting behind others (the worker runs a few builds at a time): it is queued again, and timed
 * from then, so a long backlog gets one copy every few minutes rather than one a minute.
 */
const LOST_AFTER_MS = 5 * 60_000;
/**
 * Longer than any build takes (one model call: LLM_TIMEOUT_MS, 60 s by default, with its retries):
 * a job running this long lost its worker, and is given up with its agent. A queued job is never
 * given up: it is queued again until a worker takes it.
 */
const GIVE_UP_AFTER_MS = 15 * 60_000;
/**
 * A job still queued this long after it was created is not waiting behind a backlog (the worker
 * runs builds every few seconds): the queue or its worker is gone. It is given up, and its agent
 * with it, so no agent stays `creating` (counting against the plan and closed to edits) for ever.
 */
const GIVE_UP_QUEUED_AFTER_MS = 2 * 3_600_000;
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

/**
 * One sweep of the builder jobs, so that no agent stays `creating` for ever (and, on the free plan,
 * blocks the next one): a job still queued five minutes after it was last queued is queued again
 * (the job claims itself, so a copy of a job that did run does nothing); a job running past the
 * give-up time or queued for two hours, and any agent left `creating` without a live job, fail
 * with 'Builder job timed out'. The user can then delete the agent or
 * save a configuration by hand. Answers how many jobs were queued again and how many agents failed.
 */
export async function sweepAgentBuilds(options: {
  db: Database;
  queue: JobQueue;
  now: Date;
}): Promise<{ requeued: number; failed: number }> {
  const { db, now } = options;
  const giveUpBefore = new Date(now.getTime() - GIVE_UP_AFTER_MS);
  const failed = await db.transaction(async (tx) => {
    await tx
      .update(agentJob)
      .set({ status: 'failed', error: builderErrorMessages.timedOut, updatedAt: now })
      .where(
        or(
          and(eq(agentJob.status, 'running'), lt(agentJob.updatedAt, giveUpBefore)),
          and(eq(agentJob.status, 'queued'), lt(agentJob.createdAt, new Date(now.getTime() - GIVE_UP_QUEUED_AFTER_MS))),
        ),
      );
    const liveJob = tx
      .select({ id: agentJob.id })
      .from(agentJob)
      .where(and(eq(agentJob.agentId, agent.id), inArray(agentJob.status, ['queued', 'running'])));
    return tx
      .update(agent)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(agent.status, 'creating'), notExists(liveJob)))
      .returning({ id: agent.id });
  });
  const lost = await db
    .select({ id: agentJob.id })
    .from(agentJob)
    .where(and(eq(agentJob.status, 'queued'), lt(agentJob.updatedAt, new Date(now.getTime() - LOST_AFTER_MS))))
    .orderBy(agentJob.createdAt)
    .limit(SWEEP_BATCH);
  // Timed from this queueing: the next copy, if it is still waiting, comes five minutes on.
  if (lost.length > 0)
    await db
      .update(agentJob)
      .set({ updatedAt: now })
      .where(
        and(
          eq(agentJob.status, 'queued'),
          inArray(
            agentJob.id,
            lost.map((job) => job.id),
          ),
        ),
      );
  // A job id of this sweep's own: the queue may still keep the first one (done or failed) and would ignore it.
  const attempt = `sweep-${Math.floor(now.getTime() / SWEEP_INTERVAL_MS)}`;
  for (const job of lost) {
    await options.queue.enqueue<AgentBuildJobPayload>(
      AGENT_BUILD_QUEUE,
      { jobId: job.id },
      { jobId: `${job.id}-${attempt}` },
    );
  }
  return { requeued: lost.length, failed: failed.length };
}

/** Sweeps the builder jobs when the server is ready, then every minute (see sweepAgentBuilds). */
export function startAgentBuildSweeper(app: FastifyInstance) {
  startPeriodicSweep(app, {
    name: 'agent build sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    isRunAtStart: true,
    sweep: async () => {
      const { requeued, failed } = await sweepAgentBuilds({
        db: app.platform.database.db,
        queue: app.platform.queue,
        now: new Date(),
      });
      if (requeued > 0 || failed > 0) app.log.warn({ requeued, failed }, 'lost agent builds queued again or failed');
    },
  });
}
