import { and, asc, count, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ALL_CATEGORIES,
  LIST_TOTAL_CAP,
  type ListProjectsQuery,
  type ListProjectsReply,
} from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { marketplaceProject as project } from './marketplace.tables';
import { decodeProjectCursorOrThrow, encodeProjectCursor } from './project-cursor';
import { toPrefixSearchQuery } from './to-prefix-search-query';
import { marketplaceProjectColumns, toMarketplaceProject, type MarketplaceProjectRow } from './to-marketplace-project';

/** The filters of a listing; `status = 'live'` is written literally so the partial indexes apply. */
function buildFilter(query: ListProjectsQuery, search: string | null): SQL {
  const conditions: SQL[] = [sql`${project.status} = 'live'`];
  if (query.type) conditions.push(eq(project.marketplaceType, query.type));
  if (query.category && query.category !== ALL_CATEGORIES) conditions.push(eq(project.category, query.category));
  if (query.timeframe) conditions.push(eq(project.timeframe, query.timeframe));
  if (query.minBudget !== undefined) conditions.push(gte(project.priceValue, query.minBudget));
  if (query.maxBudget !== undefined) conditions.push(lte(project.priceValue, query.maxBudget));
  if (search) conditions.push(sql`${project.search} @@ to_tsquery('english', ${search})`);
  return and(...conditions) ?? sql`true`;
}

/** The sort columns, of the table or of a subquery over it. */
type SortColumns = { createdAt: SQLWrapper; priceValue: SQLWrapper; id: SQLWrapper };

/** The keyset condition after the cursor, the order matching the listing indexes, and the next cursor. */
function buildPage(query: ListProjectsQuery) {
  const cursor = query.cursor ? decodeProjectCursorOrThrow(query.cursor, query.sort) : undefined;
  if (query.sort === 'newest') {
    return {
      after:
        cursor?.sort === 'newest'
          ? sql`(${project.createdAt}, ${project.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
          : undefined,
      orderBy: (columns: SortColumns) => [desc(columns.createdAt), desc(columns.id)],
      cursorOf: (row: MarketplaceProjectRow) =>
        encodeProjectCursor({ sort: 'newest', createdAt: row.createdAt.toISOString(), id: row.id }),
    };
  }
  const sort = query.sort;
  const isAscending = sort === 'budget-asc';
  const budgetCursor = cursor && cursor.sort !== 'newest' ? cursor : undefined;
  return {
    after: budgetCursor
      ? isAscending
        ? sql`(${project.priceValue}, ${project.id}) > (${budgetCursor.priceValue}::double precision, ${budgetCursor.id})`
        : sql`(${project.priceValue}, ${project.id}) < (${budgetCursor.priceValue}::double precision, ${budgetCursor.id})`
      : undefined,
    orderBy: (columns: SortColumns) =>
      isAscending ? [asc(columns.priceValue), asc(columns.id)] : [desc(columns.priceValue), desc(columns.id)],
    cursorOf: (row: MarketplaceProjectRow) => encodeProjectCursor({ sort, priceValue: row.priceValue, id: row.id }),
  };
}

/** Matching projects counted up to one past the cap: never more rows read than that. */
async function countMatches(db: Database, filter: SQL): Promise<number> {
  const matched = db
    .select({ one: sql`1`.as('one') })
    .from(project)
    .where(filter)
    .limit(LIST_TOTAL_CAP + 1)
    .as('matched');
  const [counted] = await db.select({ total: count() }).from(matched);
  return counted?.total ?? 0;
}

/**
 * One page of live projects. Pages are keyset-paginated (no OFFSET), so every page costs the
 * same at any depth; the total is counted up to LIST_TOTAL_CAP only, and not at all when the
 * first page already holds every match.
 *
 * A search that matches few projects is answered from its full-text index and sorted; walking
 * the sort index instead (the planner's usual choice, as it cannot estimate prefix searches)
 * would read the whole table to find a rare word. A search matching many projects walks the
 * sort index, where matches are dense.
 */
export async function listProjects(options: {
  db: Database;
  query: ListProjectsQuery;
  viewerUserId: string | null;
}): Promise<ListProjectsReply> {
  const { db, query } = options;
  const search = query.q ? toPrefixSearchQuery(query.q) : null;
  const filter = buildFilter(query, search);
  const page = buildPage(query);
  const pageFilter = page.after ? and(filter, page.after) : filter;

  const readSortedPage = () =>
    db
      .select(marketplaceProjectColumns)
      .from(project)
      .where(pageFilter)
      .orderBy(...page.orderBy(project))
      .limit(query.limit + 1);
  // The LIMIT fences the subquery: the planner must find the matches first (full-text index), then sort them.
  const readFewMatchesPage = () => {
    const matches = db
      .select(marketplaceProjectColumns)
      .from(project)
      .where(pageFilter)
      .limit(LIST_TOTAL_CAP + 1)
      .as('matches');
    return db
      .select()
      .from(matches)
      .orderBy(...page.orderBy(matches))
      .limit(query.limit + 1);
  };

  let rows: MarketplaceProjectRow[];
  let total: number;
  if (search) {
    total = await countMatches(db, filter);
    rows = total <= LIST_TOTAL_CAP ? await readFewMatchesPage() : await readSortedPage();
  } else {
    rows = await readSortedPage();
    total = !query.cursor && rows.length <= query.limit ? rows.length : await countMatches(db, filter);
  }

  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  return {
    projects: pageRows.map((row) => toMarketplaceProject(row, { viewerUserId: options.viewerUserId })),
    nextCursor: rows.length > query.limit && last ? page.cursorOf(last) : null,
    total: Math.min(total, LIST_TOTAL_CAP),
    isTotalCapped: total > LIST_TOTAL_CAP,
  };
}
