import { eq } from 'drizzle-orm';
import type { PlanCapabilities } from '@agentry/core/plans';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from '../accounts/accounts.tables';
import { getSubaccountOwnerOrThrow } from '../accounts/get-subaccount-owner';
import { resolveCapabilities } from './resolve-capabilities';

/**
 * Inserts one more counted row (an agent, a connection) only while the sub account's plan limit
 * allows it, atomically: the sub account's settings row is locked (SELECT ... FOR UPDATE) for the
 * transaction, so parallel creates queue up and each counts what the previous ones inserted.
 * Over the limit: 403 PLAN_REQUIRED naming the capability, and nothing is written. `insert` always
 * runs in a transaction (inside the caller's, when `db` is one).
 */
export async function insertWithinPlanLimit<T>(options: {
  db: Database;
  subaccountId: string;
  limit: keyof PlanCapabilities['limits'];
  countExisting: (tx: Database) => Promise<number>;
  insert: (tx: Database) => Promise<T>;
}): Promise<T> {
  const { db, subaccountId } = options;
  const billingUserId = await getSubaccountOwnerOrThrow({ db, subaccountId });
  const { capabilities } = await resolveCapabilities({ db, billingUserId });
  const allowed = capabilities.limits[options.limit];
  return db.transaction(async (tx) => {
    // Without a limit there is nothing to count, but the insert is still one transaction: an agent,
    // its first version and its published pointer are written together or not at all.
    if (allowed === null) return options.insert(tx);
    await tx
      .select({ id: subaccountSettings.subaccountId })
      .from(subaccountSettings)
      .where(eq(subaccountSettings.subaccountId, subaccountId))
      .for('update');
    const existing = await options.countExisting(tx);
    if (existing >= allowed) throw new AppError('PLAN_REQUIRED', { extra: { capability: options.limit } });
    return options.insert(tx);
  });
}
