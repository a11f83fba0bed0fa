import type { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getMembershipOrThrow } from '../accounts/get-membership-or-throw';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';
import { loadDemoRow } from './load-demo-row';
import type { DemoAgentRow, DemoRow } from './to-demo';

/**
 * A demo addressed by its own id: the caller must be a member of its sub account with
 * `minimumRole`. Another tenant's demo looks exactly like a missing one (404); a viewer
 * writing gets 403; writes to a locked sub account wait for an upgrade (like requireMembership).
 */
export async function getDemoForMemberOrThrow(options: { db: Database; demoId: string; userId: string; minimumRole: Role }): Promise<{ row: DemoRow; agentRow: DemoAgentRow | null }> {
  const found = await loadDemoRow(options);
  if (!found) throw new AppError('NOT_FOUND', { message: 'Demo not found' });
  try {
    await getMembershipOrThrow({ db: options.db, subaccountId: found.row.subaccountId, userId: options.userId, minimumRole: options.minimumRole });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', { message: 'Demo not found' });
    throw error;
  }
  if (options.minimumRole !== 'viewer' && (await isSubaccountLocked({ db: options.db, subaccountId: found.row.subaccountId }))) {
    throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
  }
  return found;
}
