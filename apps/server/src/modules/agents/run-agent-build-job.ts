import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { builderErrorMessages } from '@agentry/core/agents';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import { AGENTS_SCOPE } from './agents-cache-scope';
import { agent, agentJob } from './agents.tables';
import { AGENT_BUILD_QUEUE } from './create-agent-from-idea';
import { draftAgentConfiguration } from './draft-agent-configuration';
import { recordAgentVersion } from './record-agent-version';

const AgentBuildJobPayload = z.object({ jobId: z.string().min(1) });

/**
 * Drafts the agent of a queued job and saves it, if the agent is still 'creating'; a failure is
 * recorded on the job, not thrown.
 */
export async function runAgentBuildJob(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  /** Told when the agent changed, so chats answer with the drafted agent. */
  cache?: Cache;
  jobId: string;
}): Promise<void> {
  const { db } = options;
  // Only a queued job starts: a redelivered job that already ran does nothing.
  const [job] = await db
    .update(agentJob)
    .set({ status: 'running', updatedAt: new Date() })
    .where(and(eq(agentJob.id, options.jobId), eq(agentJob.status, 'queued')))
    .returning();
  if (!job) return;
  try {
    const [row] = await db.select().from(agent).where(eq(agent.id, job.agentId)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
    const draft = await draftAgentConfiguration({
      db,
      config: options.config,
      logger: options.logger,
      agent: row,
      idea: job.idea,
    });
    const isApplied = await db.transaction(async (tx) => {
      // Only an agent still 'creating' takes the draft: edits are refused while it is (409,
      // assert-agent-not-creating.ts), and one the sweep gave up on may have been saved by hand since.
      const [built] = await tx
        .update(agent)
        .set({
          aiName: draft.aiName,
          instructions: draft.instructions,
          firstMessage: draft.firstMessage,
          suggestedResponses: draft.suggestedResponses,
          ...(draft.category ? { category: draft.category } : {}),
          status: 'ready',
          updatedAt: new Date(),
        })
        .where(and(eq(agent.id, row.id), eq(agent.status, 'creating')))
        .returning();
      if (!built) return false;
      // The drafted configuration is the agent's first real one: published, like a new agent's first version.
      await recordAgentVersion({
        db: tx,
        agentRow: built,
        source: 'builder',
        authorUserId: row.createdByUserId,
        note: 'Drafted from the idea',
        isPublished: true,
      });
      return true;
    });
    if (!isApplied) {
      options.logger.warn(
        { jobId: job.id, agentId: job.agentId },
        'agent build dropped: the agent is no longer creating',
      );
      await failJob(db, job.id, builderErrorMessages.failed);
      return;
    }
    // Succeeded once the chats forgot the agent: whoever polls the job then gets the drafted one.
    await options.cache?.forget(AGENTS_SCOPE);
    await db
      .update(agentJob)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(and(eq(agentJob.id, job.id), eq(agentJob.status, 'running')));
  } catch (error) {
    const message = error instanceof AppError ? error.message : builderErrorMessages.failed;
    options.logger.warn({ err: error, jobId: job.id, agentId: job.agentId }, 'agent build failed');
    await db
      .update(agent)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(and(eq(agent.id, job.agentId), eq(agent.status, 'creating')));
    await failJob(db, job.id, message);
  }
}

/** Records the job's failure, unless something else (the sweep) ended it first. */
async function failJob(db: Database, jobId: string, message: string) {
  await db
    .update(agentJob)
    .set({ status: 'failed', error: message, updatedAt: new Date() })
    .where(and(eq(agentJob.id, jobId), eq(agentJob.status, 'running')));
}

/** Starts this process's worker for builder jobs. */
export function startAgentBuildWorker(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  queue: JobQueue;
  cache?: Cache;
}) {
  options.queue.work<unknown>(
    AGENT_BUILD_QUEUE,
    async (payload) => {
      const { jobId } = AgentBuildJobPayload.parse(payload);
      await runAgentBuildJob({
        db: options.db,
        config: options.config,
        logger: options.logger,
        cache: options.cache,
        jobId,
      });
    },
    { concurrency: 2 },
  );
}
