import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { subaccountSettings } from '../accounts/accounts.tables';
import { organization } from '../auth/auth.tables';
import { resolveCapabilities } from './resolve-capabilities';

/**
 * A sub account locked after a downgrade is read-only until an upgrade clears the lock.
 *
 * Locked means: the owner locked it when choosing which sub account to keep, or the owner has
 * not chosen yet and has more active sub accounts than the plan allows. Until that choice the
 * oldest ones the plan allows stay writable and the rest are read-only, so a downgrade takes
 * effect on the server whether or not the client ever shows the choice.
 */
export async function isSubaccountLocked(options: { db: Database; subaccountId: string }): Promise<boolean> {
  const { db, subaccountId } = options;
  const [row] = await db
    .select({ lockedAt: subaccountSettings.lockedAt, ownerUserId: subaccountSettings.ownerUserId })
    .from(subaccountSettings)
    .where(eq(subaccountSettings.subaccountId, subaccountId))
    .limit(1);
  if (!row) return false;
  if (row.lockedAt) return true;
  const { capabilities } = await resolveCapabilities({ db, billingUserId: row.ownerUserId });
  const allowed = capabilities.limits.subaccounts;
  if (allowed === null) return false;
  const active = await db
    .select({ id: subaccountSettings.subaccountId })
    .from(subaccountSettings)
    .innerJoin(organization, eq(organization.id, subaccountSettings.subaccountId))
    .where(and(eq(subaccountSettings.ownerUserId, row.ownerUserId), isNull(subaccountSettings.lockedAt)))
    .orderBy(asc(organization.createdAt), asc(subaccountSettings.subaccountId));
  if (active.length <= allowed) return false;
  return !active.slice(0, allowed).some((entry) => entry.id === subaccountId);
}
