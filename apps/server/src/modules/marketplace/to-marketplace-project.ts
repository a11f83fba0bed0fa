import { getTableColumns } from 'drizzle-orm';
import type { MarketplaceProject } from '@agentry/core/marketplace';
import { marketplaceProject } from './marketplace.tables';

const { search: _search, ...projectColumns } = getTableColumns(marketplaceProject);
/** Every column but the search vector, which no reply needs. */
export const marketplaceProjectColumns = projectColumns;

export type MarketplaceProjectRow = Omit<typeof marketplaceProject.$inferSelect, 'search'>;

/** A row as the API answers it: the author's e-mail and reply count only to the author. */
export function toMarketplaceProject(
  row: MarketplaceProjectRow,
  options: { viewerUserId: string | null; replyCount?: number },
): MarketplaceProject {
  const isOwner = options.viewerUserId === row.authorUserId;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    timeframe: row.timeframe,
    price: row.price,
    priceValue: row.priceValue,
    priceType: row.priceType,
    image: row.image,
    icon: row.icon,
    category: row.category,
    marketplaceType: row.marketplaceType,
    authorName: row.authorName,
    companyName: row.companyName,
    email: isOwner ? row.email : null,
    status: row.status,
    isOwner,
    replyCount: isOwner && options.replyCount !== undefined ? options.replyCount : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
