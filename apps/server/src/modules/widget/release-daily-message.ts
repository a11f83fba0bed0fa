import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { widgetDailyCount } from './widget.tables';

/** Gives back a counted message that got no answer (the provider failed, the visitor left). */
export async function releaseDailyMessage(options: { db: Database; connectionId: string; day: string }): Promise<void> {
  await options.db
    .update(widgetDailyCount)
    .set({ count: sql`${widgetDailyCount.count} - 1` })
    .where(and(eq(widgetDailyCount.connectionId, options.connectionId), eq(widgetDailyCount.day, options.day), gt(widgetDailyCount.count, 0)));
}
