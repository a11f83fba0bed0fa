import { asc, eq } from 'drizzle-orm';
import type { Subaccount } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { countAgentsBySubaccount } from '../agents/count-agents-by-subaccount';
import { member, organization } from '../auth/auth.tables';
import { subaccountSettings } from './accounts.tables';
import { listLockedSubaccountIds } from '../billing/list-locked-subaccount-ids';
import { parseMemberRole, type UnknownRoleLog } from './get-membership-or-throw';

/** The sub accounts a user belongs to, oldest first, with the user's role in each (rows with an unknown role are left out). */
export async function listSubaccounts(options: {
  db: Database;
  userId: string;
  log?: UnknownRoleLog;
}): Promise<Subaccount[]> {
  const allRows = await options.db
    .select({
      id: organization.id,
      name: organization.name,
      logoUrl: organization.logo,
      role: member.role,
      createdAt: organization.createdAt,
      ownerUserId: subaccountSettings.ownerUserId,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(subaccountSettings, eq(subaccountSettings.subaccountId, member.organizationId))
    .where(eq(member.userId, options.userId))
    .orderBy(asc(organization.createdAt));
  const rows = allRows.flatMap((row) => {
    const role = parseMemberRole({ role: row.role, subaccountId: row.id, userId: options.userId, log: options.log });
    return role ? [{ ...row, role }] : [];
  });
  const subaccountIds = rows.map((row) => row.id);
  const [agentCounts, lockedIds] = await Promise.all([
    countAgentsBySubaccount({ db: options.db, subaccountIds }),
    listLockedSubaccountIds({ db: options.db, subaccountIds }),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    logoUrl: row.logoUrl,
    role: row.role,
    agentCount: agentCounts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    isLocked: lockedIds.has(row.id),
    isOwner: row.ownerUserId === options.userId,
  }));
}
