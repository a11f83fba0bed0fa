import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { demo } from './demos.tables';

/** Gives a claimed request back when the answer failed, so a failure does not burn the limit. */
export async function releaseDemoRequest(options: { db: Database; demoId: string }): Promise<void> {
  await options.db
    .update(demo)
    .set({ requestCount: sql`${demo.requestCount} - 1` })
    .where(and(eq(demo.id, options.demoId), gt(demo.requestCount, 0)));
}
