import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { marketplaceProject } from './marketplace.tables';
import { marketplaceProjectColumns, type MarketplaceProjectRow } from './to-marketplace-project';

/** The caller's own project; another user's project answers 404, the same as a missing one. */
export async function getOwnProjectRowOrThrow(options: {
  db: Database;
  projectId: string;
  userId: string;
}): Promise<MarketplaceProjectRow> {
  const [row] = await options.db
    .select(marketplaceProjectColumns)
    .from(marketplaceProject)
    .where(and(eq(marketplaceProject.id, options.projectId), eq(marketplaceProject.authorUserId, options.userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Project not found' });
  return row;
}
