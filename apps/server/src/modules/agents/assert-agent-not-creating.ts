import { AppError } from '../../platform/http/app-error';
import type { agent } from './agents.tables';

export const AGENT_CREATING_MESSAGE =
  'This agent is still being created from your idea. Save your changes once it is ready.';

/**
 * The builder job writes the drafted configuration over the working copy and publishes it, so
 * nothing else changes the agent's behaviour or publishes while it is `creating` (409). Its
 * status never goes back to `creating`, so checking the row read before the write is enough: the
 * job only writes an agent still `creating` (run-agent-build-job.ts).
 */
export function assertAgentNotCreating(row: Pick<typeof agent.$inferSelect, 'status'>) {
  if (row.status === 'creating') throw new AppError('CONFLICT', { message: AGENT_CREATING_MESSAGE });
}
