import { asc, eq } from 'drizzle-orm';
import type { ProjectReply } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { user } from '../auth/auth.tables';
import { getOwnProjectRowOrThrow } from './get-own-project-row-or-throw';
import { marketplaceReply } from './marketplace.tables';

/** The replies to a project, oldest first: for its author only (404 for anyone else). */
export async function listReplies(options: {
  db: Database;
  projectId: string;
  userId: string;
}): Promise<ProjectReply[]> {
  const { db, projectId } = options;
  await getOwnProjectRowOrThrow({ db, projectId, userId: options.userId });
  const rows = await db
    .select({
      id: marketplaceReply.id,
      message: marketplaceReply.message,
      createdAt: marketplaceReply.createdAt,
      authorName: user.name,
      authorEmail: user.email,
    })
    .from(marketplaceReply)
    .innerJoin(user, eq(user.id, marketplaceReply.authorUserId))
    .where(eq(marketplaceReply.projectId, projectId))
    .orderBy(asc(marketplaceReply.createdAt), asc(marketplaceReply.id));
  return rows.map((row) => ({
    id: row.id,
    projectId,
    message: row.message,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    createdAt: row.createdAt.toISOString(),
  }));
}
