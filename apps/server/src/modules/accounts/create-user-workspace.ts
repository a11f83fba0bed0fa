import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { member, organization, userProfile } from '../auth/auth.tables';
import { subaccountSettings } from './accounts.tables';

/**
 * Every new user gets one sub account they administer. Idempotent: a user who already
 * belongs to a sub account gets nothing new.
 */
export async function createUserWorkspace(options: {
  db: Database;
  userId: string;
  email: string;
  name?: string | null;
}) {
  const { db, userId } = options;
  const displayName = options.name?.trim() || options.email.split('@')[0] || 'My';
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: member.id }).from(member).where(eq(member.userId, userId)).limit(1);
    if (existing.length > 0) return;
    const subaccountId = randomUUID();
    await tx.insert(organization).values({
      id: subaccountId,
      name: `${displayName}'s agency`,
      slug: `${slugify(displayName)}-${subaccountId.slice(0, 8)}`,
    });
    await tx.insert(member).values({ id: randomUUID(), organizationId: subaccountId, userId, role: 'admin' });
    await tx.insert(subaccountSettings).values({ subaccountId, ownerUserId: userId });
    await tx
      .insert(userProfile)
      .values({ userId, activeSubaccountId: subaccountId })
      .onConflictDoUpdate({
        target: userProfile.userId,
        set: { activeSubaccountId: subaccountId, updatedAt: new Date() },
      });
  });
}

function slugify(value: string) {
  return (
    value
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'agency'
  );
}
