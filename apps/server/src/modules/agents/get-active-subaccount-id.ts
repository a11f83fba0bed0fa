import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { parseMemberRole, type UnknownRoleLog } from '../accounts/get-membership-or-throw';
import { member, organization, userProfile } from '../auth/auth.tables';

/**
 * The sub account the user works in, as /api/me answers it: the chosen one, else the oldest, among
 * the memberships of a role we know. Only a choice: what the user may do there is for `authorize`.
 */
export async function getActiveSubaccountId(options: {
  db: Database;
  userId: string;
  log?: UnknownRoleLog;
}): Promise<string | null> {
  const { db, userId } = options;
  const [profile] = await db
    .select({ activeSubaccountId: userProfile.activeSubaccountId })
    .from(userProfile)
    .where(eq(userProfile.userId, userId))
    .limit(1);
  const memberships = await db
    .select({ subaccountId: member.organizationId, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.createdAt));
  const known = memberships
    .filter((row) => parseMemberRole({ ...row, userId, log: options.log }) !== null)
    .map((row) => row.subaccountId);
  const chosen = profile?.activeSubaccountId;
  return chosen && known.includes(chosen) ? chosen : (known[0] ?? null);
}
