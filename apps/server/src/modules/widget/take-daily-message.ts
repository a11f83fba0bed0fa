import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { rowsOf } from '../credits/debit-balance';

/** The UTC calendar day the daily limit counts in, as 'YYYY-MM-DD'. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export type DailyMessageReservation = { id: string; day: string };

/**
 * Counts one visitor message against the widget's daily limit: today's stored turns plus the
 * messages being answered right now (live reservations) must stay below the limit, else 429.
 *
 * One statement, its own transaction. It deletes the widget's reservations that expired (a
 * crashed server's, which stop counting at `expiresAt`) and takes them off their day's
 * `reserved`; then it raises today's `reserved` only when stored plus reserved leave room. That
 * conditional update runs on the newest version of today's counter row, after its lock (an
 * upsert always does), so concurrent messages on any number of instances queue on it and exactly
 * `dailyLimit` of them pass. The reservation is turned into a stored turn by saveWidgetTurn or
 * given back by releaseDailyMessage, each moving `reserved` in the statement that deletes it.
 *
 * Its commit does not wait for the disk (`synchronous_commit` off for this transaction only): a
 * reservation lost in a crash belongs to a request that died with it, and the turn's own commit,
 * which does wait, makes it durable before any answer is seen.
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
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + options.expiresInMs);
  const taken = await options.db.execute(sql`
    with deferred_flush as (
      select set_config('synchronous_commit', 'off', true) as setting
    ), expired as (
      delete from widget_daily_reservation
      where connection_id = ${connectionId} and expires_at <= ${now.toISOString()}::timestamptz
      returning day
    ), expired_today as (
      select count(*)::int as count from expired where day = ${day}::date
    ), earlier_days as (
      update widget_daily_count c set reserved = c.reserved - gone.count
      from (select day, count(*)::int as count from expired where day <> ${day}::date group by day) gone
      where c.connection_id = ${connectionId} and c.day = gone.day
    ), counter as (
      insert into widget_daily_count as c (connection_id, day, count, reserved, is_last_reservation_taken)
      select ${connectionId}, ${day}::date, 0, 1, true from deferred_flush where setting = 'off'
      on conflict (connection_id, day) do update set
        reserved = c.reserved - (select count from expired_today)
          + case when c.count + c.reserved - (select count from expired_today) < ${dailyLimit}::int then 1 else 0 end,
        is_last_reservation_taken = c.count + c.reserved - (select count from expired_today) < ${dailyLimit}::int
      returning is_last_reservation_taken as taken
    )
    insert into widget_daily_reservation (id, connection_id, day, expires_at)
    select ${id}, ${connectionId}, ${day}::date, ${expiresAt.toISOString()}::timestamptz from counter where taken
    returning id`);
  if (rowsOf(taken).length === 0) throw new AppError('WIDGET_DAILY_LIMIT', { extra: { dailyLimit } });
  return { id, day };
}
