import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { member, organization, userProfile } from '../auth/auth.tables';

/** The sub account the user works in, as /api/me answers it: the chosen one, else the oldest. */
export async function getActiveSubaccountId(options: { db: Database; userId: string }): Promise<string | null> {
  const [chosen] = await options.db
    .select({ id: member.organizationId })
    .from(userProfile)
    .innerJoin(
      member,
      and(eq(member.userId, userProfile.userId), eq(member.organizationId, userProfile.activeSubaccountId)),
    )
    .where(eq(userProfile.userId, options.userId))
    .limit(1);
  if (chosen) return chosen.id;
  const [oldest] = await options.db
    .select({ id: organization.id })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, options.userId))
    .orderBy(asc(organization.createdAt))
    .limit(1);
  return oldest?.id ?? null;
}
