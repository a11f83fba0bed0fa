import { eq } from 'drizzle-orm';
import type { Role } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getMembershipOrThrow } from '../accounts/get-membership-or-throw';
import { evaluationRun } from './evaluation.tables';

/** A run addressed by id: the caller must be a member of its sub account; another tenant's run looks missing (404). */
export async function getRunForMemberOrThrow(options: { db: Database; runId: string; userId: string; minimumRole: Role }): Promise<typeof evaluationRun.$inferSelect> {
  const [row] = await options.db.select().from(evaluationRun).where(eq(evaluationRun.id, options.runId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
  try {
    await getMembershipOrThrow({ db: options.db, subaccountId: row.subaccountId, userId: options.userId, minimumRole: options.minimumRole });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
    throw error;
  }
  return row;
}
