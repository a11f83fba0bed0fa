import { and, eq } from 'drizzle-orm';
import type { AgentJob } from '@agentry/core/agents';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { member } from '../auth/auth.tables';
import { agent, agentJob } from './agents.tables';
import { toAgent } from './to-agent';

/**
 * A builder job in its API shape (docs/product/agents.md#creating-from-an-idea), for a member of its sub account. Unknown, and another
 * tenant's, both answer 404 'Builder job not found'.
 */
export async function getAgentJobOrThrow(options: { db: Database; jobId: string; userId: string }): Promise<AgentJob> {
  const [row] = await options.db
    .select({ job: agentJob, agent })
    .from(agentJob)
    .innerJoin(member, and(eq(member.organizationId, agentJob.subaccountId), eq(member.userId, options.userId)))
    .innerJoin(agent, eq(agent.id, agentJob.agentId))
    .where(eq(agentJob.id, options.jobId))
    .limit(1);
  if (!row) throw new AppError('BUILDER_JOB_NOT_FOUND');
  const { job } = row;
  if (job.status === 'succeeded')
    return { status: job.status, result: { status: row.agent.status, data: toAgent(row.agent) } };
  if (job.status === 'failed') return { status: job.status, error: job.error ?? 'Builder job failed' };
  return { status: job.status };
}
