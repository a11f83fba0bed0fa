import type { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getMembershipOrThrow } from '../accounts/get-membership-or-throw';
import type { agent } from './agents.tables';
import { getAgentRowOrThrow } from './get-agent-or-throw';

/**
 * An agent addressed by id alone (builds, test chat): the caller must be a member of its sub
 * account with `minimumRole`. Another tenant's agent looks exactly like a missing one (404).
 */
export async function getAgentForMemberOrThrow(options: { db: Database; agentId: string; userId: string; minimumRole: Role }): Promise<typeof agent.$inferSelect> {
  const row = await getAgentRowOrThrow({ db: options.db, agentId: options.agentId });
  try {
    await getMembershipOrThrow({ db: options.db, subaccountId: row.subaccountId, userId: options.userId, minimumRole: options.minimumRole });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', { message: 'Agent not found' });
    throw error;
  }
  return row;
}
