import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelMessageStatus } from '@agentry/core/channels';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows-of';

/** How far a message has gone: a status only ever moves a message forward. */
const STATUS_RANK: Record<ChannelMessageStatus, number> = {
  received: 0,
  queued: 1,
  sent: 2,
  failed: 3,
  delivered: 4,
  read: 5,
};

/** A status column's rank, in SQL (the statuses are our own constants). */
function rankOf(column: SQL) {
  const cases = Object.entries(STATUS_RANK).map(([status, rank]) => `when '${status}' then ${rank}`);
  return sql`(case ${column} ${sql.raw(cases.join(' '))} end)`;
}

/** How long a status waits for a message that is never written (a send lost to a crash). */
const EARLY_STATUS_KEPT = '1 day';

/** The connection's own messages: a callback checked with one connection's token reaches no other's. */
function ofConnection(connectionId: string, conversationColumn: SQL) {
  return sql`${conversationColumn} in (select id from channel_conversation where connection_id = ${connectionId})`;
}

/**
 * A status callback: moves a stored outbound message of the connection forward, never back,
 * since callbacks arrive out of order. A callback can also arrive before its message is written
 * (Twilio's callback overtaking the API answer, a campaign's batch not yet written); it then waits
 * in `channel_message_early_status` and the writer of the message applies it.
 *
 * Nothing is lost between the two: each side writes its own row first and then looks for the
 * other's, each statement reading what was committed before it, so whichever commits second
 * finds the first. A message committed between this callback's update and its look for the
 * message is updated again, now that it is there.
 */
export async function recordMessageStatus(options: {
  db: Database;
  connectionId: string;
  providerMessageId: string;
  status: ChannelMessageStatus;
  errorCode?: string;
}) {
  const { db, connectionId, providerMessageId, status } = options;
  // Twilio sends an empty ErrorCode with some statuses: no code, not an empty one.
  const errorCode = options.errorCode || null;
  const moveForward = () =>
    db.execute(sql`
      update channel_message
      set status = ${status}, error_code = coalesce(${errorCode}::text, error_code)
      where provider_message_id = ${providerMessageId} and ${ofConnection(connectionId, sql`conversation_id`)}
        and ${rankOf(sql`status`)} < ${STATUS_RANK[status]}
      returning id`);
  if (rowsOf(await moveForward()).length > 0) return;
  const stored = await db.execute(sql`
    select 1 from channel_message
    where provider_message_id = ${providerMessageId} and ${ofConnection(connectionId, sql`conversation_id`)}
    limit 1`);
  if (rowsOf(stored).length > 0) {
    await moveForward();
    return;
  }
  await db.execute(sql`
    insert into channel_message_early_status as e (connection_id, provider_message_id, status, error_code)
    values (${connectionId}, ${providerMessageId}, ${status}, ${errorCode})
    on conflict (connection_id, provider_message_id) do update
    set status = excluded.status, error_code = coalesce(excluded.error_code, e.error_code), received_at = now()
    where ${rankOf(sql`e.status`)} < ${rankOf(sql`excluded.status`)}`);
  await db.execute(
    sql`delete from channel_message_early_status where received_at < now() - ${EARLY_STATUS_KEPT}::interval`,
  );
  await applyEarlyStatusesOrThrow(db, connectionId, [providerMessageId]);
}

/**
 * Applies the statuses that arrived before these messages of the connection were written. Call it
 * after the transaction that wrote them has committed (see recordMessageStatus for why). The
 * messages are stored by then, so a failure here is logged rather than reported as a failed send
 * (which would invite sending the message again).
 */
export async function applyEarlyStatuses(options: {
  db: Database;
  connectionId: string;
  providerMessageIds: (string | null)[];
  logger: FastifyBaseLogger;
}) {
  await applyEarlyStatusesOrThrow(options.db, options.connectionId, options.providerMessageIds).catch(
    (error: unknown) => options.logger.warn({ err: error }, 'early delivery statuses not applied'),
  );
}

async function applyEarlyStatusesOrThrow(db: Database, connectionId: string, providerMessageIds: (string | null)[]) {
  const ids = providerMessageIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    with early as (
      delete from channel_message_early_status e
      where e.connection_id = ${connectionId} and e.provider_message_id in (${list})
        and exists (
          select 1 from channel_message m
          where m.provider_message_id = e.provider_message_id and ${ofConnection(connectionId, sql`m.conversation_id`)}
        )
      returning e.provider_message_id, e.status, e.error_code
    )
    update channel_message m
    set status = early.status, error_code = coalesce(early.error_code, m.error_code)
    from early
    where m.provider_message_id = early.provider_message_id and ${ofConnection(connectionId, sql`m.conversation_id`)}
      and ${rankOf(sql`m.status`)} < ${rankOf(sql`early.status`)}`);
}
