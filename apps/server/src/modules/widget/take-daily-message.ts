import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { widgetDailyCount } from './widget.tables';

/** The UTC calendar day the daily limit counts in, as 'YYYY-MM-DD'. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Counts one visitor message against the widget's daily limit, in one statement: the upsert
 * raises today's counter only while it is below the limit, so concurrent messages on any
 * number of instances queue on the row and exactly `dailyLimit` of them pass. Over: 429.
 */
export async function takeDailyMessageOrThrow(options: { db: Database; connectionId: string; dailyLimit: number; now?: Date }): Promise<{ day: string }> {
  const day = utcDay(options.now ?? new Date());
  const [counter] = await options.db
    .insert(widgetDailyCount)
    .values({ connectionId: options.connectionId, day, count: 1 })
    .onConflictDoUpdate({
      target: [widgetDailyCount.connectionId, widgetDailyCount.day],
      set: { count: sql`${widgetDailyCount.count} + 1` },
      setWhere: sql`${widgetDailyCount.count} < ${options.dailyLimit}`,
    })
    .returning({ count: widgetDailyCount.count });
  if (!counter) throw new AppError('WIDGET_DAILY_LIMIT', { extra: { dailyLimit: options.dailyLimit } });
  return { day };
}
