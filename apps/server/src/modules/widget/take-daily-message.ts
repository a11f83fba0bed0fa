import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { deferCommitFlush } from '../../platform/db/defer-commit-flush';
import { AppError } from '../../platform/http/app-error';
import { rowsOf } from '../credits/debit-balance';
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
    // After the counter's lock (a statement of its own, so it sees every reservation committed
    // before the lock was granted): drop the expired reservations and, when today's stored turns
    // plus the live ones leave room, add this one, in one statement.
    const stored = counter?.stored ?? 0;
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + options.expiresInMs);
    const inserted = await tx.execute(sql`
      with expired as (
        delete from ${widgetDailyReservation}
        where ${widgetDailyReservation.connectionId} = ${connectionId} and ${widgetDailyReservation.expiresAt} <= ${now.toISOString()}::timestamptz
      ), live as (
        select count(*)::int as count from ${widgetDailyReservation}
        where ${widgetDailyReservation.connectionId} = ${connectionId}
          and ${widgetDailyReservation.day} = ${day}::date
          and ${widgetDailyReservation.expiresAt} > ${now.toISOString()}::timestamptz
      )
      insert into ${widgetDailyReservation} (id, connection_id, day, expires_at)
      select ${id}, ${connectionId}, ${day}::date, ${expiresAt.toISOString()}::timestamptz from live
      where ${stored}::int + live.count < ${dailyLimit}::int
      returning id`);
    if (rowsOf(inserted).length === 0) throw new AppError('WIDGET_DAILY_LIMIT', { extra: { dailyLimit } });
    return { id, day };
  });
}
