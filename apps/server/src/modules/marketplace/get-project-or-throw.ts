import { and, eq, or, sql } from 'drizzle-orm';
import type { MarketplaceProject } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { countProjectReplies } from './count-project-replies';
import { marketplaceProject } from './marketplace.tables';
import { marketplaceProjectColumns, toMarketplaceProject } from './to-marketplace-project';

/** A live project for anyone; a closed one for its author only (404 otherwise, like a missing one). */
export async function getProjectOrThrow(options: {
  db: Database;
  projectId: string;
  viewerUserId: string | null;
}): Promise<MarketplaceProject> {
  const { db, projectId, viewerUserId } = options;
  const visible = viewerUserId
    ? or(sql`${marketplaceProject.status} = 'live'`, eq(marketplaceProject.authorUserId, viewerUserId))
    : sql`${marketplaceProject.status} = 'live'`;
  const [row] = await db
    .select(marketplaceProjectColumns)
    .from(marketplaceProject)
    .where(and(eq(marketplaceProject.id, projectId), visible))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Project not found' });
  const isOwner = row.authorUserId === viewerUserId;
  return toMarketplaceProject(row, {
    viewerUserId,
    replyCount: isOwner ? await countProjectReplies({ db, projectId }) : undefined,
  });
}
