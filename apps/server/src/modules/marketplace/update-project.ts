import { and, eq } from 'drizzle-orm';
import { formatPriceText, type MarketplaceProject, type UpdateProjectBody } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { countProjectReplies } from './count-project-replies';
import { getOwnProjectRowOrThrow } from './get-own-project-row-or-throw';
import { marketplaceProject } from './marketplace.tables';
import { marketplaceProjectColumns, toMarketplaceProject } from './to-marketplace-project';

/** The author edits their project, or closes (status 'closed') and reopens ('live') it. */
export async function updateProject(options: {
  db: Database;
  projectId: string;
  userId: string;
  body: UpdateProjectBody;
}): Promise<MarketplaceProject> {
  const { db, projectId, userId, body } = options;
  const current = await getOwnProjectRowOrThrow({ db, projectId, userId });
  const priceValue = body.priceValue ?? current.priceValue;
  const priceType = body.priceType ?? current.priceType;
  const [row] = await db
    .update(marketplaceProject)
    .set({ ...body, price: formatPriceText(priceValue, priceType), updatedAt: new Date() })
    .where(and(eq(marketplaceProject.id, projectId), eq(marketplaceProject.authorUserId, userId)))
    .returning(marketplaceProjectColumns);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Project not found' });
  return toMarketplaceProject(row, { viewerUserId: userId, replyCount: await countProjectReplies({ db, projectId }) });
}
