import { desc, eq, sql } from 'drizzle-orm';
import type { MarketplaceProject } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { marketplaceProject, marketplaceReply } from './marketplace.tables';
import { marketplaceProjectColumns, toMarketplaceProject } from './to-marketplace-project';

/** Enough for years of posting under the daily limit. */
const MY_PROJECTS_LIMIT = 500;

/** The caller's projects, live and closed, newest first, with their reply counts. */
export async function listMyProjects(options: { db: Database; userId: string }): Promise<MarketplaceProject[]> {
  const rows = await options.db
    .select({
      ...marketplaceProjectColumns,
      replyCount:
        sql<number>`(select count(*) from ${marketplaceReply} where ${marketplaceReply.projectId} = ${marketplaceProject.id})`.mapWith(
          Number,
        ),
    })
    .from(marketplaceProject)
    .where(eq(marketplaceProject.authorUserId, options.userId))
    .orderBy(desc(marketplaceProject.createdAt), desc(marketplaceProject.id))
    .limit(MY_PROJECTS_LIMIT);
  return rows.map(({ replyCount, ...row }) => toMarketplaceProject(row, { viewerUserId: options.userId, replyCount }));
}
