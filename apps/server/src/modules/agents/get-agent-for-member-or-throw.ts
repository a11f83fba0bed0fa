import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { authorizeForRow } from '../auth/authorize';
import type { agent } from './agents.tables';
import { getAgentRowOrThrow } from './get-agent-or-throw';

/**
 * An agent addressed by id alone (builds, test chat): the caller must be allowed `action` in its
 * sub account (role, lock, plan). Another tenant's agent looks exactly like a missing one (404).
 */
export async function getAgentForMemberOrThrow(options: {
  db: Database;
  agentId: string;
  userId: string;
  action: Action;
}): Promise<typeof agent.$inferSelect> {
  const row = await getAgentRowOrThrow({ db: options.db, agentId: options.agentId });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Agent not found',
  });
  return row;
}
