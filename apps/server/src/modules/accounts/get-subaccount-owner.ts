import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from './accounts.tables';

/** The agency user whose plan and credits a sub account uses. */
export async function getSubaccountOwnerOrThrow(options: { db: Database; subaccountId: string }): Promise<string> {
  const [row] = await options.db
    .select({ ownerUserId: subaccountSettings.ownerUserId })
    .from(subaccountSettings)
    .where(eq(subaccountSettings.subaccountId, options.subaccountId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  return row.ownerUserId;
}
