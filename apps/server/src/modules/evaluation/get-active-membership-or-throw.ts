import type { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getMembershipOrThrow, type Membership } from '../accounts/get-membership-or-throw';
import { getActiveSubaccountId } from '../agents/get-active-subaccount-id';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';

/**
 * The caller's active sub account (as /api/me answers it), with at least `minimumRole` there
 * (viewers: 403 on writes). Like requireMembership, a sub account locked after a downgrade stays
 * readable and cannot start new work.
 */
export async function getActiveMembershipOrThrow(options: { db: Database; userId: string; minimumRole: Role }): Promise<Membership> {
  const subaccountId = await getActiveSubaccountId({ db: options.db, userId: options.userId });
  if (!subaccountId) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  const membership = await getMembershipOrThrow({ db: options.db, subaccountId, userId: options.userId, minimumRole: options.minimumRole });
  if (options.minimumRole !== 'viewer' && (await isSubaccountLocked({ db: options.db, subaccountId }))) {
    throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
  }
  return membership;
}
