import { and, eq } from 'drizzle-orm';
import type { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { member } from '../auth/auth.tables';

const roleRank: Record<Role, number> = { viewer: 0, member: 1, admin: 2 };

export type Membership = { subaccountId: string; userId: string; role: Role };

/**
 * The caller's membership of a sub account. Not a member: 404, exactly like a sub account
 * that does not exist. Below `minimumRole`: 403 (viewers get the spec's read-only message).
 */
export async function getMembershipOrThrow(options: { db: Database; subaccountId: string; userId: string; minimumRole?: Role }): Promise<Membership> {
  const [row] = await options.db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, options.subaccountId), eq(member.userId, options.userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  const role = row.role as Role;
  const minimumRole = options.minimumRole ?? 'viewer';
  if (roleRank[role] < roleRank[minimumRole]) {
    throw new AppError(role === 'viewer' ? 'VIEWER_READ_ONLY' : 'FORBIDDEN');
  }
  return { subaccountId: options.subaccountId, userId: options.userId, role };
}
