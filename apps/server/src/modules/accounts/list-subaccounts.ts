import { asc, eq } from 'drizzle-orm';
import type { Role, Subaccount } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { countAgentsBySubaccount } from '../agents/count-agents-by-subaccount';
import { member, organization } from '../auth/auth.tables';

/** The sub accounts a user belongs to, oldest first, with the user's role in each. */
export async function listSubaccounts(options: { db: Database; userId: string }): Promise<Subaccount[]> {
  const rows = await options.db
    .select({ id: organization.id, name: organization.name, logoUrl: organization.logo, role: member.role, createdAt: organization.createdAt })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, options.userId))
    .orderBy(asc(organization.createdAt));
  const agentCounts = await countAgentsBySubaccount({ db: options.db, subaccountIds: rows.map((row) => row.id) });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    logoUrl: row.logoUrl,
    role: row.role as Role,
    agentCount: agentCounts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}
