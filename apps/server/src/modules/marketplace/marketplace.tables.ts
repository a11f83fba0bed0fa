import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  MarketplaceCategory,
  MarketplaceTimeframe,
  MarketplaceType,
  PriceType,
  ProjectStatus,
} from '@agentry/core/marketplace';
import { user } from '../auth/auth.tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Millisecond timestamps: keyset cursors carry JavaScript dates, which have no microseconds. */
const nowInMilliseconds = sql`date_trunc('milliseconds', now())`;

/**
 * A marketplace project (docs/product/marketplace.md#the-create-project-wizard). Listing reads only live rows, so the listing
 * indexes are partial on status = 'live' and match the keyset orders: (created_at, id) for
 * newest and (price_value, id) for budget. They are ascending on purpose: a backward scan
 * gives `order by ... desc` (nulls first), which a `desc nulls last` index would not.
 */
export const marketplaceProject = pgTable(
  'marketplace_project',
  {
    id: text('id').primaryKey(),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    marketplaceType: text('marketplace_type').$type<MarketplaceType>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    timeframe: text('timeframe').$type<MarketplaceTimeframe>().notNull(),
    category: text('category').$type<MarketplaceCategory>().notNull(),
    image: text('image').notNull(),
    icon: text('icon').notNull(),
    price: text('price').notNull(),
    priceValue: doublePrecision('price_value').notNull(),
    priceType: text('price_type').$type<PriceType>().notNull(),
    authorName: text('author_name').notNull(),
    companyName: text('company_name').notNull(),
    /** The author's account e-mail when the project was posted (docs/product/marketplace.md#access). */
    email: text('email').notNull(),
    status: text('status').$type<ProjectStatus>().notNull().default('live'),
    /** Full-text search: the title weighs more than the description. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(nowInMilliseconds),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(nowInMilliseconds),
  },
  (table) => {
    const isLive = sql`status = 'live'`;
    return [
      index('marketplace_project_live_newest_idx').on(table.createdAt, table.id).where(isLive),
      index('marketplace_project_live_budget_idx').on(table.priceValue, table.id).where(isLive),
      index('marketplace_project_live_category_newest_idx').on(table.category, table.createdAt, table.id).where(isLive),
      index('marketplace_project_live_category_budget_idx')
        .on(table.category, table.priceValue, table.id)
        .where(isLive),
      index('marketplace_project_live_type_newest_idx')
        .on(table.marketplaceType, table.createdAt, table.id)
        .where(isLive),
      // Counting a filtered listing reads only this index (an index-only scan), whatever the sort.
      index('marketplace_project_live_filters_idx')
        .on(table.category, table.marketplaceType, table.timeframe, table.priceValue)
        .where(isLive),
      index('marketplace_project_search_idx').using('gin', table.search),
      index('marketplace_project_author_idx').on(table.authorUserId, table.createdAt),
    ];
  },
);

/** A message from a signed-in user to a project's author. */
export const marketplaceReply = pgTable(
  'marketplace_reply',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => marketplaceProject.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('marketplace_reply_project_idx').on(table.projectId, table.createdAt),
    index('marketplace_reply_author_idx').on(table.authorUserId),
  ],
);

/**
 * Projects a user created per UTC day. One conditional upsert in the creating transaction
 * raises it only while it is under the limit, which makes the daily limit atomic across
 * concurrent requests and server instances.
 */
export const marketplaceDailyCount = pgTable(
  'marketplace_daily_count',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** What the marketplace knows about a user beyond their account: the business name (docs/product/marketplace.md#the-create-project-wizard, profile save). */
export const marketplaceProfile = pgTable('marketplace_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  businessName: text('business_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
