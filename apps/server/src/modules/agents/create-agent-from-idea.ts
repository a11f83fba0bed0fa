import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_AI_NAME, type CreateAgentFromIdeaReply } from '@agentry/core/agents';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { holdEnqueues } from '../../platform/queue/hold-enqueues';
import type { JobQueue } from '../../platform/queue/job-queue';
import { agentJob } from './agents.tables';
import { createAgent } from './create-agent';

export const AGENT_BUILD_QUEUE = 'agent-build';
export type AgentBuildJobPayload = { jobId: string };

/**
 * Creates the agent in 'creating' and its builder job in one transaction (a failure leaves
 * neither, so nothing is left `creating` and counted against the plan's limit), then queues the
 * job once they are committed. A job lost after that (the queue unreachable, an in-process queue
 * emptied by a restart) is queued again, or given up, by the build sweep (sweep-agent-builds.ts).
 */
export async function createAgentFromIdea(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  subaccountId: string;
  userId: string;
  idea: string;
  logger?: FastifyBaseLogger;
}): Promise<CreateAgentFromIdeaReply> {
  const jobs = holdEnqueues(options.queue);
  const started = await options.db.transaction(async (tx) => {
    // The helpers take a database handle; inside, they must read and write through this transaction.
    const db: Database = tx;
    const created = await createAgent({
      db,
      config: options.config,
      subaccountId: options.subaccountId,
      userId: options.userId,
      body: { aiName: DEFAULT_AI_NAME },
      status: 'creating',
    });
    const jobId = randomUUID();
    await db
      .insert(agentJob)
      .values({ id: jobId, subaccountId: options.subaccountId, agentId: created.buildId, idea: options.idea });
    await jobs.queue.enqueue<AgentBuildJobPayload>(AGENT_BUILD_QUEUE, { jobId }, { jobId });
    return { jobId, buildId: created.buildId };
  });
  // The job is stored: when queueing it fails, the sweep queues it again, so the build still starts.
  await jobs.release().catch((error: unknown) => {
    options.logger?.warn({ err: error, jobId: started.jobId }, 'agent build not queued; the sweep will queue it');
  });
  return started;
}
