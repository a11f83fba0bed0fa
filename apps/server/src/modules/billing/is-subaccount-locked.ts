import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { subaccountSettings } from '../accounts/accounts.tables';

/** A sub account locked after a downgrade is read-only until an upgrade clears the lock. */
export async function isSubaccountLocked(options: { db: Database; subaccountId: string }): Promise<boolean> {
  const [row] = await options.db.select({ lockedAt: subaccountSettings.lockedAt }).from(subaccountSettings).where(eq(subaccountSettings.subaccountId, options.subaccountId)).limit(1);
  return Boolean(row?.lockedAt);
}
