import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { subaccountSettings } from '../accounts/accounts.tables';
import { organization } from '../auth/auth.tables';
import { resolveCapabilities } from './resolve-capabilities';

/**
 * Which of these sub accounts are locked, by the same rule as isSubaccountLocked (locked by the
 * owner's choice, or beyond the plan's limit while the owner has not chosen), with one plan
 * lookup per owner rather than per sub account: lists and switchers show the lock on every row.
 */
export async function listLockedSubaccountIds(options: {
  db: Database;
  subaccountIds: string[];
}): Promise<Set<string>> {
  const { db, subaccountIds } = options;
  const locked = new Set<string>();
  if (subaccountIds.length === 0) return locked;
  const rows = await db
    .select({
      id: subaccountSettings.subaccountId,
      ownerUserId: subaccountSettings.ownerUserId,
      lockedAt: subaccountSettings.lockedAt,
    })
    .from(subaccountSettings)
    .where(inArray(subaccountSettings.subaccountId, subaccountIds));
  const ownersToCheck = new Set<string>();
  for (const row of rows) {
    if (row.lockedAt) locked.add(row.id);
    else ownersToCheck.add(row.ownerUserId);
  }
  for (const ownerUserId of ownersToCheck) {
    const { capabilities } = await resolveCapabilities({ db, billingUserId: ownerUserId });
    const allowed = capabilities.limits.subaccounts;
    if (allowed === null) continue;
    const active = await db
      .select({ id: subaccountSettings.subaccountId })
      .from(subaccountSettings)
      .innerJoin(organization, eq(organization.id, subaccountSettings.subaccountId))
      .where(and(eq(subaccountSettings.ownerUserId, ownerUserId), isNull(subaccountSettings.lockedAt)))
      .orderBy(asc(organization.createdAt), asc(subaccountSettings.subaccountId));
    for (const entry of active.slice(allowed)) locked.add(entry.id);
  }
  return locked;
}
