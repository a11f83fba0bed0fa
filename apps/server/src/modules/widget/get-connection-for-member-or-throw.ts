import { eq } from 'drizzle-orm';
import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { widgetConnection } from './widget.tables';

/**
 * A connection addressed by its id alone: the caller must be allowed `action` in its sub account.
 * Another tenant's connection looks exactly like a missing one (404).
 */
export async function getConnectionForMemberOrThrow(options: {
  db: Database;
  connectionId: string;
  userId: string;
  action: Action;
}): Promise<typeof widgetConnection.$inferSelect> {
  const [row] = await options.db
    .select()
    .from(widgetConnection)
    .where(eq(widgetConnection.id, options.connectionId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Connection not found',
  });
  return row;
}
