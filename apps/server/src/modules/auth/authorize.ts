import { and, eq } from 'drizzle-orm';
import {
  effectivePermissionRole,
  hasRoleFor,
  permissions,
  type Action,
  type PermissionRole,
} from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from '../accounts/accounts.tables';
import { parseMemberRole, type Membership, type UnknownRoleLog } from '../accounts/get-membership-or-throw';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';
import { assertSubaccountCapabilityOrThrow } from '../billing/resolve-capabilities';
import { member } from './auth.tables';

export type Authorization = Membership & { permissionRole: PermissionRole };

/**
 * The one check of what a user may do inside a sub account, from the permission table:
 * not a member: 404 (exactly like a sub account that does not exist); role too low: 403;
 * a write (or a billed call) in a sub account locked after a downgrade: 403 PLAN_REQUIRED with
 * reason subaccount_locked; a plan feature the billing owner's plan lacks: 403 PLAN_REQUIRED.
 * Counted limits (agents, connections) are checked where the row is inserted, atomically.
 */
export async function authorize(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  action: Action;
  log?: UnknownRoleLog;
}): Promise<Authorization> {
  const { db, subaccountId, userId, action } = options;
  const permission = permissions[action];
  const [row] = await db
    .select({ role: member.role, ownerUserId: subaccountSettings.ownerUserId })
    .from(member)
    .leftJoin(subaccountSettings, eq(subaccountSettings.subaccountId, member.organizationId))
    .where(and(eq(member.organizationId, subaccountId), eq(member.userId, userId)))
    .limit(1);
  // A stored role we do not know (the auth library's `owner`, a typo) grants nothing.
  const role = row ? parseMemberRole({ role: row.role, subaccountId, userId, log: options.log }) : null;
  if (!row || !role) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  const permissionRole = effectivePermissionRole({ role, isBillingOwner: row.ownerUserId === userId });
  if (!hasRoleFor(permissionRole, action))
    throw new AppError(permissionRole === 'viewer' ? 'VIEWER_READ_ONLY' : 'FORBIDDEN');
  if (permission.isWrite && (await isSubaccountLocked({ db, subaccountId }))) {
    throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
  }
  const capability = permission.capability;
  if (capability && !('limit' in capability))
    await assertSubaccountCapabilityOrThrow({ db, subaccountId, check: capability });
  return { subaccountId, userId, role, permissionRole };
}

/**
 * The same check for a row addressed by its own id (an agent, a run, a demo): a sub account the
 * caller cannot see answers the row's own 404 message, so another tenant's row looks missing.
 */
export async function authorizeForRow(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  action: Action;
  notFoundMessage: string;
  log?: UnknownRoleLog;
}): Promise<Authorization> {
  try {
    return await authorize(options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', { message: options.notFoundMessage });
    throw error;
  }
}
