import { randomUUID } from 'node:crypto';
import { DEFAULT_AI_NAME, type CreateAgentFromIdeaReply } from '@agentry/core/agents';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/queue/job-queue';
import { agentJob } from './agents.tables';
import { createAgent } from './create-agent';

export const AGENT_BUILD_QUEUE = 'agent-build';
export type AgentBuildJobPayload = { jobId: string };

/** Creates the agent in 'creating' and queues the job that drafts its configuration. */
export async function createAgentFromIdea(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  subaccountId: string;
  userId: string;
  idea: string;
}): Promise<CreateAgentFromIdeaReply> {
  const created = await createAgent({
    db: options.db,
    config: options.config,
    subaccountId: options.subaccountId,
    userId: options.userId,
    body: { aiName: DEFAULT_AI_NAME },
    status: 'creating',
  });
  const jobId = randomUUID();
  await options.db
    .insert(agentJob)
    .values({ id: jobId, subaccountId: options.subaccountId, agentId: created.buildId, idea: options.idea });
  await options.queue.enqueue<AgentBuildJobPayload>(AGENT_BUILD_QUEUE, { jobId }, { jobId });
  return { jobId, buildId: created.buildId };
}
