import { eq } from 'drizzle-orm';
import type { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getMembershipOrThrow } from '../accounts/get-membership-or-throw';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';
import { widgetConnection } from './widget.tables';

/**
 * A connection addressed by its id alone: the caller must be a member of its sub account with
 * `minimumRole` (viewers read, members edit, admins delete). Another tenant's connection looks
 * exactly like a missing one (404); a locked sub account stays readable only.
 */
export async function getConnectionForMemberOrThrow(options: { db: Database; connectionId: string; userId: string; minimumRole: Role }): Promise<typeof widgetConnection.$inferSelect> {
  const [row] = await options.db.select().from(widgetConnection).where(eq(widgetConnection.id, options.connectionId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
  try {
    await getMembershipOrThrow({ db: options.db, subaccountId: row.subaccountId, userId: options.userId, minimumRole: options.minimumRole });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', { message: 'Connection not found' });
    throw error;
  }
  if (options.minimumRole !== 'viewer' && (await isSubaccountLocked({ db: options.db, subaccountId: row.subaccountId }))) {
    throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
  }
  return row;
}
