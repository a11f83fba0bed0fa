import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { organization } from '../auth/auth.tables';

/**
 * Locks the sub account's row until the caller's transaction ends, so starts that count what the
 * sub account has going (runs, generations) queue up and each counts what the previous ones
 * inserted. NO KEY UPDATE: rows of other tables that reference the sub account are not held up.
 */
export async function lockSubaccount(tx: Database, subaccountId: string): Promise<void> {
  const [row] = await tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, subaccountId))
    .for('no key update');
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
}
