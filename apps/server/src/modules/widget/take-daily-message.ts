import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { prepareStatement } from '../../platform/db/prepare-statement';
import { retryOnceOnDeadlock } from '../../platform/db/postgres-errors';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import { selectList } from '../../platform/db/select-list';
import { AppError } from '../../platform/http/app-error';
import { turnContextColumns, type TurnContextRow } from '../llm/read-turn-context';

/** The UTC calendar day the daily limit counts in, as 'YYYY-MM-DD'. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export type DailyMessageReservation = { id: string; day: string };

/** The conversation a message continues, as the check reads it. */
export type AskedConversation = {
  id: string;
  threadId: string;
  agentId: string;
  visitorId: string;
  contactIdentifier: string;
};

type TakeValues = {
  connectionId: string;
  conversationId: string | null;
  contactIdentifier: string | null;
  now: string;
  day: string;
  dailyLimit: number;
  id: string;
  expiresAt: string;
  subaccountId: string | null;
  agentId: string | null;
};
type TakenRow = { isTaken: boolean; subaccountId: string | null } & {
  [Key in keyof AskedConversation]: AskedConversation[Key] | null;
} & TurnContextRow;

const value = <Key extends keyof TakeValues>(key: Key) => sql.placeholder(key);

/** The turn context (readTurnContextOrThrow's), with the history of the conversation's thread. */
const turnContext = turnContextColumns({
  threadId: sql`asked.thread_id`,
  agentId: sql`${value('agentId')}`,
  source: sql`${'widget' satisfies ThreadSource}`,
  owner: sql`asked.owner`,
});

/**
 * The conversation asked for (only one of this widget) and the check of the daily limit, as one
 * statement. The message is counted only when the conversation is the visitor's (or none is
 * asked for): a refused conversation leaves the counts as they were.
 */
export const takeStatement = prepareStatement<TakeValues>(
  'widget_take_daily_message',
  sql`
    with asked as (
      select c.id, c.thread_id, c.agent_id, c.visitor_id, v.contact_identifier,
        'widget:' || c.connection_id || ':' || v.contact_identifier as owner
      -- By its primary key (offset 0 keeps the planner from reading the widget's conversations
      -- through the connection index, as a generic plan on unanalysed tables did), then checked.
      from (select * from widget_conversation where id = ${value('conversationId')} offset 0) c
        join widget_visitor v on v.id = c.visitor_id
      where c.connection_id = ${value('connectionId')}
    ), allowed as (
      select set_config('synchronous_commit', 'off', true) as setting
      where ${value('conversationId')}::text is null or exists (
        select 1 from asked
        where ${value('contactIdentifier')}::text is null or contact_identifier = ${value('contactIdentifier')}::text
      )
    ), expired as (
      delete from widget_daily_reservation
      where connection_id = ${value('connectionId')} and expires_at <= ${value('now')}::timestamptz
        and exists (select 1 from allowed)
      returning day
    ), expired_days as (
      select day, count(*)::int as gone from expired group by day
    ), expired_today as (
      select coalesce(sum(gone), 0)::int as gone from expired_days where day = ${value('day')}::date
    ), earlier_days as (
      update widget_daily_count c set count = c.count - d.gone
      from expired_days d
      where c.connection_id = ${value('connectionId')} and c.day = d.day and d.day <> ${value('day')}::date
    ), counter as (
      insert into widget_daily_count as c (connection_id, day, count, is_last_reservation_taken)
      select ${value('connectionId')}, ${value('day')}::date, 1, true from allowed where setting = 'off'
      on conflict (connection_id, day) do update set
        count = c.count - (select gone from expired_today)
          + case when c.count - (select gone from expired_today) < ${value('dailyLimit')}::int then 1 else 0 end,
        is_last_reservation_taken = c.count - (select gone from expired_today) < ${value('dailyLimit')}::int
      returning is_last_reservation_taken as taken
    ), reservation as (
      insert into widget_daily_reservation (id, connection_id, day, expires_at)
      select ${value('id')}, ${value('connectionId')}, ${value('day')}::date, ${value('expiresAt')}::timestamptz
      from counter where taken
      returning id
    )
    select exists (select 1 from reservation) as "isTaken", asked.id, asked.thread_id as "threadId",
      asked.agent_id as "agentId", asked.visitor_id as "visitorId", asked.contact_identifier as "contactIdentifier",
      own.id as "subaccountId", ${selectList(turnContext)}
    from (select 1) as one left join asked on true
      left join organization own on own.id = ${value('subaccountId')}
      left join subaccount_settings s on s.subaccount_id = own.id`,
  // Its commit does not wait for the disk (below): nor does its answer on PGlite's worker.
  { waitsForDisk: false },
);

/**
 * Counts one visitor message against the widget's daily limit: the day's count (the turns stored
 * and the messages being answered right now) must stay below the limit, else 429.
 * A message continuing a conversation (`conversation`) reads it in the same statement: one of
 * another widget or, when the message names its visitor, of another visitor is 404 and not counted.
 * With `agent`, the same statement reads the turn context of its sub account (turnContextColumns:
 * the lock state, who pays, and the history of the conversation's thread when it is this agent's,
 * of the widget channel and of that visitor), for the caller to check with toTurnContextOrThrow.
 *
 * One statement, its own transaction, sent as a prepared statement. It deletes the widget's
 * expired reservations (a crashed server's, which stop counting at `expiresAt`) and takes them off
 * their day's count; then it raises today's count only when it is below the limit, and adds the
 * message's reservation. That conditional update runs on the newest version of today's counter
 * row, after its lock (an upsert always does), so concurrent messages on any number of instances
 * queue on it and exactly `dailyLimit` of them pass. The reservation is deleted by toWidgetTurn (the
 * thread turn's statement: the message stays counted) or given back by releaseDailyMessage.
 *
 * Its commit does not wait for the disk (`synchronous_commit` off for this transaction only, and
 * on PGlite's worker its answer does not wait for the group commit's flush): a reservation lost in a
 * crash belongs to a request that died with it, and the turn's own commit, which does wait, makes it
 * durable before any answer is seen.
 */
export async function takeDailyMessageOrThrow(options: {
  db: Database;
  connectionId: string;
  dailyLimit: number;
  expiresInMs: number;
  now?: Date;
  /** The conversation the message continues, and the visitor it names (when it does). */
  conversation?: { id: string; contactIdentifier: string | null };
  /** The agent answering: the turn context of its sub account is read in the same statement. */
  agent?: { subaccountId: string; agentId: string };
}): Promise<{
  reservation: DailyMessageReservation;
  conversation: AskedConversation | null;
  /** The turn context's row (toTurnContextOrThrow); undefined when the sub account was not found or not asked for. */
  turnContextRow: TurnContextRow | undefined;
}> {
  const { connectionId, dailyLimit, conversation: asked } = options;
  const now = options.now ?? new Date();
  const day = utcDay(now);
  const id = randomUUID();
  const values: TakeValues = {
    connectionId,
    conversationId: asked?.id ?? null,
    contactIdentifier: asked?.contactIdentifier ?? null,
    now: now.toISOString(),
    day,
    dailyLimit,
    id,
    expiresAt: new Date(now.getTime() + options.expiresInMs).toISOString(),
    subaccountId: options.agent?.subaccountId ?? null,
    agentId: options.agent?.agentId ?? null,
  };
  // Deleting another message's expired reservation can close a lock cycle with its release (rare:
  // an answer that outlived its reservation); PostgreSQL then ends one side, and this one runs again.
  const [row] = await retryOnceOnDeadlock(() =>
    runPreparedStatement<TakenRow, TakeValues>(options.db, takeStatement, values),
  );
  const conversation = toAskedConversation(row);
  if (asked) {
    const isOtherVisitors =
      asked.contactIdentifier !== null && conversation?.contactIdentifier !== asked.contactIdentifier;
    if (!conversation || isOtherVisitors) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  }
  if (!row?.isTaken) throw new AppError('WIDGET_DAILY_LIMIT', { extra: { dailyLimit } });
  return { reservation: { id, day }, conversation, turnContextRow: row?.subaccountId ? row : undefined };
}

function toAskedConversation(row: TakenRow | undefined): AskedConversation | null {
  if (!row?.id || !row.threadId || !row.agentId || !row.visitorId || !row.contactIdentifier) return null;
  return {
    id: row.id,
    threadId: row.threadId,
    agentId: row.agentId,
    visitorId: row.visitorId,
    contactIdentifier: row.contactIdentifier,
  };
}
