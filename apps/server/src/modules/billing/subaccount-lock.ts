import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { tooManyKeptMessage, type SubaccountLockReply } from '@agentry/core/billing';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from '../accounts/accounts.tables';
import { countAgentsBySubaccount } from '../agents/count-agents-by-subaccount';
import { organization, user } from '../auth/auth.tables';
import { resolveCapabilities } from './resolve-capabilities';

async function listOwnedSubaccounts(db: Database, userId: string) {
  return db
    .select({
      id: organization.id,
      name: organization.name,
      logoUrl: organization.logo,
      createdAt: organization.createdAt,
      lockedAt: subaccountSettings.lockedAt,
    })
    .from(subaccountSettings)
    .innerJoin(organization, eq(organization.id, subaccountSettings.subaccountId))
    .where(eq(subaccountSettings.ownerUserId, userId))
    .orderBy(asc(organization.createdAt));
}

/**
 * After a downgrade (to Starter, or the end of a plan) a user with more active sub accounts
 * than the plan allows must choose the one to keep; the others are locked, not deleted.
 */
export async function getSubaccountLock(options: { db: Database; userId: string }): Promise<SubaccountLockReply> {
  const [{ capabilities }, owned] = await Promise.all([
    resolveCapabilities({ db: options.db, billingUserId: options.userId }),
    listOwnedSubaccounts(options.db, options.userId),
  ]);
  const allowed = capabilities.limits.subaccounts;
  const activeCount = owned.filter((row) => row.lockedAt === null).length;
  const agentCounts = await countAgentsBySubaccount({ db: options.db, subaccountIds: owned.map((row) => row.id) });
  return {
    mustChoose: allowed !== null && activeCount > allowed,
    allowedActive: allowed,
    subaccounts: owned.map((row) => ({
      id: row.id,
      name: row.name,
      logoUrl: row.logoUrl,
      agentCount: agentCounts.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      isLocked: row.lockedAt !== null,
    })),
  };
}

/**
 * Keeps the chosen sub accounts active (as many as the plan allows, at most: 400 beyond) and locks
 * every other sub account the user owns, once, when a choice is due (more active sub accounts than
 * the plan allows): the ones locked stay locked until an upgrade unlocks them, so the lock cannot
 * be moved from one client to another (409). The choice is among the sub accounts still active
 * (404 otherwise, nothing changed); under the owner's user-row lock, as creating one is.
 */
export async function selectActiveSubaccount(options: {
  db: Database;
  userId: string;
  subaccountIds: readonly string[];
}): Promise<SubaccountLockReply> {
  const { db, userId, subaccountIds } = options;
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const { mustChoose, allowedActive } = await getSubaccountLock({ db: tx, userId });
    if (!mustChoose)
      throw new AppError('CONFLICT', {
        message:
          'Your plan allows every sub account still active: there is none to choose. Upgrade to unlock the others.',
      });
    if (allowedActive !== null && subaccountIds.length > allowedActive)
      throw new AppError('VALIDATION_ERROR', { message: tooManyKeptMessage(allowedActive) });
    const kept = await tx
      .select({ id: subaccountSettings.subaccountId })
      .from(subaccountSettings)
      .where(
        and(
          inArray(subaccountSettings.subaccountId, [...subaccountIds]),
          eq(subaccountSettings.ownerUserId, userId),
          isNull(subaccountSettings.lockedAt),
        ),
      );
    if (kept.length !== subaccountIds.length) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
    await tx
      .update(subaccountSettings)
      .set({ lockedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(subaccountSettings.ownerUserId, userId),
          notInArray(subaccountSettings.subaccountId, [...subaccountIds]),
          isNull(subaccountSettings.lockedAt),
        ),
      );
  });
  return getSubaccountLock({ db, userId });
}

/** An upgrade clears the locks its plan no longer needs (all of them with unlimited sub accounts). */
export async function unlockSubaccountsIfAllowed(options: { db: Database; userId: string }): Promise<void> {
  const { db, userId } = options;
  const { capabilities } = await resolveCapabilities({ db, billingUserId: userId });
  const allowed = capabilities.limits.subaccounts;
  const owned = await listOwnedSubaccounts(db, userId);
  const locked = owned.filter((row) => row.lockedAt !== null);
  if (locked.length === 0) return;
  const activeCount = owned.length - locked.length;
  const unlockable = allowed === null ? locked.length : Math.max(0, allowed - activeCount);
  for (const row of locked.slice(0, unlockable)) {
    await db
      .update(subaccountSettings)
      .set({ lockedAt: null, updatedAt: new Date() })
      .where(and(eq(subaccountSettings.subaccountId, row.id), isNotNull(subaccountSettings.lockedAt)));
  }
}
