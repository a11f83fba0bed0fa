import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  formatPriceText,
  marketplaceMessages,
  type CreateProjectBody,
  type MarketplaceProject,
} from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { assertPicturePathOrThrow } from '../files/assert-picture-path';
import { marketplaceDailyCount, marketplaceProject } from './marketplace.tables';
import { marketplaceProjectColumns, toMarketplaceProject } from './to-marketplace-project';

export type CreateProjectResult =
  { isCreated: true; project: MarketplaceProject; projectsToday: number } | { isCreated: false; projectsToday: number };

/** The UTC calendar day the daily limit counts in, as 'YYYY-MM-DD'. */
function utcDay(now: Date) {
  return now.toISOString().slice(0, 10);
}

/**
 * Posts a project under the daily limit. In one transaction, a conditional upsert raises the
 * author's counter for today only while it is below the limit, then the project is inserted;
 * concurrent posts queue on the counter row, so exactly `dailyLimit` of them can pass.
 */
export async function createProject(options: {
  db: Database;
  userId: string;
  email: string;
  body: CreateProjectBody;
  dailyLimit: number;
  now?: Date;
}): Promise<CreateProjectResult> {
  const { db, userId, body, dailyLimit } = options;
  await assertPicturePathOrThrow({ db, path: body.image, message: marketplaceMessages.imageRequired });
  const now = options.now ?? new Date();
  const day = utcDay(now);
  return db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(marketplaceDailyCount)
      .values({ userId, day, count: 1 })
      .onConflictDoUpdate({
        target: [marketplaceDailyCount.userId, marketplaceDailyCount.day],
        set: { count: sql`${marketplaceDailyCount.count} + 1` },
        setWhere: sql`${marketplaceDailyCount.count} < ${dailyLimit}`,
      })
      .returning({ count: marketplaceDailyCount.count });
    if (!counter) {
      const [current] = await tx
        .select({ count: marketplaceDailyCount.count })
        .from(marketplaceDailyCount)
        .where(and(eq(marketplaceDailyCount.userId, userId), eq(marketplaceDailyCount.day, day)));
      return { isCreated: false, projectsToday: current?.count ?? dailyLimit };
    }
    const [row] = await tx
      .insert(marketplaceProject)
      .values({
        id: randomUUID(),
        authorUserId: userId,
        marketplaceType: body.marketplaceType,
        title: body.title,
        description: body.description,
        timeframe: body.timeframe,
        category: body.category,
        image: body.image,
        icon: body.icon,
        price: formatPriceText(body.priceValue, body.priceType),
        priceValue: body.priceValue,
        priceType: body.priceType,
        authorName: body.authorName,
        companyName: body.companyName,
        email: options.email,
        status: 'live',
        createdAt: now,
        updatedAt: now,
      })
      .returning(marketplaceProjectColumns);
    if (!row) throw new Error('project insert returned nothing');
    return {
      isCreated: true,
      project: toMarketplaceProject(row, { viewerUserId: userId, replyCount: 0 }),
      projectsToday: counter.count,
    };
  });
}
