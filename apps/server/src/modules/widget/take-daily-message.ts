import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { deferCommitFlush } from '../../platform/db/defer-commit-flush';
import { AppError } from '../../platform/http/app-error';
import { widgetDailyCount, widgetDailyReservation } from './widget.tables';

/** The UTC calendar day the daily limit counts in, as 'YYYY-MM-DD'. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export type DailyMessageReservation = { id: string; day: string };

/**
 * Counts one visitor message against the widget's daily limit: today's stored turns plus the
 * messages being answered right now (live reservations) must stay below the limit, else 429.
 * One short transaction: the upsert locks today's counter row, so concurrent messages on any
 * number of instances queue on it and exactly `dailyLimit` of them pass. The reservation is
 * turned into a stored turn by saveWidgetTurn or deleted on failure; one a crash left behind
 * stops counting at `expiresAt` and is deleted here. Its commit does not wait for the disk: a
 * reservation lost in a crash belongs to a request that died with it.
 */
export async function takeDailyMessageOrThrow(options: {
  db: Database;
  connectionId: string;
  dailyLimit: number;
  expiresInMs: number;
  now?: Date;
}): Promise<DailyMessageReservation> {
  const { connectionId, dailyLimit } = options;
  const now = options.now ?? new Date();
  const day = utcDay(now);
  return options.db.transaction(async (tx) => {
    await deferCommitFlush(tx);
    const [counter] = await tx
      .insert(widgetDailyCount)
      .values({ connectionId, day, count: 0 })
      .onConflictDoUpdate({
        target: [widgetDailyCount.connectionId, widgetDailyCount.day],
        set: { count: sql`${widgetDailyCount.count}` },
      })
      .returning({ stored: widgetDailyCount.count });
    await tx
      .delete(widgetDailyReservation)
      .where(and(eq(widgetDailyReservation.connectionId, connectionId), lte(widgetDailyReservation.expiresAt, now)));
    const [live] = await tx
      .select({ count: count() })
      .from(widgetDailyReservation)
      .where(
        and(
          eq(widgetDailyReservation.connectionId, connectionId),
          eq(widgetDailyReservation.day, day),
          gt(widgetDailyReservation.expiresAt, now),
        ),
      );
    if ((counter?.stored ?? 0) + (live?.count ?? 0) >= dailyLimit)
      throw new AppError('WIDGET_DAILY_LIMIT', { extra: { dailyLimit } });
    const id = randomUUID();
    await tx
      .insert(widgetDailyReservation)
      .values({ id, connectionId, day, expiresAt: new Date(now.getTime() + options.expiresInMs) });
    return { id, day };
  });
}
