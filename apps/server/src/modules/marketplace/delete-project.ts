import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { marketplaceProject } from './marketplace.tables';

/** The author deletes their project and its replies. The day's count stays: the daily limit counts posts. */
export async function deleteProject(options: { db: Database; projectId: string; userId: string }): Promise<void> {
  const deleted = await options.db
    .delete(marketplaceProject)
    .where(and(eq(marketplaceProject.id, options.projectId), eq(marketplaceProject.authorUserId, options.userId)))
    .returning({ id: marketplaceProject.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Project not found' });
}
