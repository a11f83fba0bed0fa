import { eq } from 'drizzle-orm';
import type { AgentJob } from '@agentry/core/agents';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { UnknownRoleLog } from '../accounts/get-membership-or-throw';
import { authorize, type Authorization } from '../auth/authorize';
import { agent, agentJob } from './agents.tables';
import { canRoleSeeToolCredentials } from './mask-tool-credentials';
import { toAgent } from './to-agent';

/**
 * A builder job in its API shape (docs/product/agents.md#creating-from-an-idea), for whoever the
 * permission table lets read agents in its sub account. Unknown, and another tenant's, both
 * answer 404 'Builder job not found'.
 */
export async function getAgentJobOrThrow(options: {
  db: Database;
  jobId: string;
  userId: string;
  log?: UnknownRoleLog;
}): Promise<AgentJob> {
  const [row] = await options.db
    .select({ job: agentJob, agent })
    .from(agentJob)
    .innerJoin(agent, eq(agent.id, agentJob.agentId))
    .where(eq(agentJob.id, options.jobId))
    .limit(1);
  if (!row) throw new AppError('BUILDER_JOB_NOT_FOUND');
  const { job } = row;
  let authorization: Authorization;
  try {
    authorization = await authorize({
      db: options.db,
      subaccountId: job.subaccountId,
      userId: options.userId,
      action: 'agent.read',
      log: options.log,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('BUILDER_JOB_NOT_FOUND');
    throw error;
  }
  if (job.status === 'succeeded') {
    const canSeeCredentials = canRoleSeeToolCredentials(authorization.permissionRole);
    return {
      status: job.status,
      result: { status: row.agent.status, data: toAgent(row.agent, { canSeeCredentials }) },
    };
  }
  if (job.status === 'failed') return { status: job.status, error: job.error ?? 'Builder job failed' };
  return { status: job.status };
}
