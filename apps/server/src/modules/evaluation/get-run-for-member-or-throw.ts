import { eq } from 'drizzle-orm';
import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { evaluationRun } from './evaluation.tables';

/** A run addressed by id: the caller must be allowed `action` in its sub account; another tenant's run looks missing (404). */
export async function getRunForMemberOrThrow(options: {
  db: Database;
  runId: string;
  userId: string;
  action: Action;
}): Promise<typeof evaluationRun.$inferSelect> {
  const [row] = await options.db.select().from(evaluationRun).where(eq(evaluationRun.id, options.runId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Evaluation not found',
  });
  return row;
}
