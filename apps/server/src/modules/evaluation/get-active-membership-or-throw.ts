import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Membership } from '../accounts/get-membership-or-throw';
import { getActiveSubaccountId } from '../agents/get-active-subaccount-id';
import { authorize } from '../auth/authorize';

/** The caller's active sub account (as /api/me answers it), where they must be allowed `action`. */
export async function getActiveMembershipOrThrow(options: {
  db: Database;
  userId: string;
  action: Action;
}): Promise<Membership> {
  const subaccountId = await getActiveSubaccountId({ db: options.db, userId: options.userId });
  if (!subaccountId) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  return authorize({ db: options.db, subaccountId, userId: options.userId, action: options.action });
}
