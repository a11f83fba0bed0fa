import { and, eq } from 'drizzle-orm';
import { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { member } from '../auth/auth.tables';

const roleRank: Record<Role, number> = { viewer: 0, member: 1, admin: 2 };

export type Membership = { subaccountId: string; userId: string; role: Role };

export type UnknownRoleLog = { warn: (details: Record<string, unknown>, message: string) => void };

/**
 * A stored member role we know, or null. Anything else (the auth library's `owner`, a
 * comma-separated role list, a typo) grants no access at all, and is logged so it gets fixed.
 */
export function parseMemberRole(options: {
  role: string;
  subaccountId: string;
  userId: string;
  log?: UnknownRoleLog;
}): Role | null {
  const parsed = Role.safeParse(options.role);
  if (parsed.success) return parsed.data;
  options.log?.warn(
    { subaccountId: options.subaccountId, userId: options.userId, role: options.role },
    'Member row with an unknown role ignored',
  );
  return null;
}

/**
 * The caller's membership of a sub account. Not a member: 404, exactly like a sub account
 * that does not exist. Below `minimumRole`: 403 (viewers get the documented read-only message).
 */
export async function getMembershipOrThrow(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  minimumRole?: Role;
  log?: UnknownRoleLog;
}): Promise<Membership> {
  const [row] = await options.db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, options.subaccountId), eq(member.userId, options.userId)))
    .limit(1);
  const role = row ? parseMemberRole({ ...options, role: row.role }) : null;
  if (!role) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  const minimumRole = options.minimumRole ?? 'viewer';
  if (roleRank[role] < roleRank[minimumRole]) {
    throw new AppError(role === 'viewer' ? 'VIEWER_READ_ONLY' : 'FORBIDDEN');
  }
  return { subaccountId: options.subaccountId, userId: options.userId, role };
}
