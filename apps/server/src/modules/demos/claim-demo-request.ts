import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { demo } from './demos.tables';

/**
 * Takes one request of a demo's limit before the LLM call, in one conditional update: under
 * any number of concurrent visitors the counter never passes the limit. Null: the limit is
 * reached (or the demo is gone).
 */
export async function claimDemoRequest(options: {
  db: Database;
  demoId: string;
}): Promise<{ requestCount: number; requestLimit: number } | null> {
  const [row] = await options.db
    .update(demo)
    .set({ requestCount: sql`${demo.requestCount} + 1` })
    .where(and(eq(demo.id, options.demoId), lt(demo.requestCount, demo.requestLimit)))
    .returning({ requestCount: demo.requestCount, requestLimit: demo.requestLimit });
  return row ?? null;
}
