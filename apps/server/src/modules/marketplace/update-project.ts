import { and, eq } from 'drizzle-orm';
import {
  formatPriceText,
  marketplaceMessages,
  type MarketplaceProject,
  type UpdateProjectBody,
} from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { assertPicturePathOrThrow } from '../files/assert-picture-path';
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
  if (body.image) await assertPicturePathOrThrow({ db, path: body.image, message: marketplaceMessages.imageRequired });
  // The price text is made from the price and its type as they stand under the row's lock: two
  // edits at once (one of each) cannot leave a text that says neither.
  const row = await db.transaction(async (tx) => {
    await tx
      .select({ id: marketplaceProject.id })
      .from(marketplaceProject)
      .where(and(eq(marketplaceProject.id, projectId), eq(marketplaceProject.authorUserId, userId)))
      .for('update');
    const current = await getOwnProjectRowOrThrow({ db: tx, projectId, userId });
    const priceValue = body.priceValue ?? current.priceValue;
    const priceType = body.priceType ?? current.priceType;
    const [updated] = await tx
      .update(marketplaceProject)
      .set({ ...body, price: formatPriceText(priceValue, priceType), updatedAt: new Date() })
      .where(and(eq(marketplaceProject.id, projectId), eq(marketplaceProject.authorUserId, userId)))
      .returning(marketplaceProjectColumns);
    return updated;
  });
  if (!row) throw new AppError('NOT_FOUND', { message: 'Project not found' });
  return toMarketplaceProject(row, { viewerUserId: userId, replyCount: await countProjectReplies({ db, projectId }) });
}
