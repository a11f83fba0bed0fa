import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/database';
import type { DailyMessageReservation } from './take-daily-message';
import {
  widgetConnection,
  widgetConversation,
  widgetDailyReservation,
  widgetMessage,
  widgetVisitor,
} from './widget.tables';

export type VisitorContact = { id?: string; name?: string; email?: string };

/** How much of the last message a conversation keeps for lists (the transcript has all of it). */
const LAST_MESSAGE_LENGTH = 500;

/**
 * Stores one answered visitor message inside the gateway's thread-turn transaction (one commit
 * for the whole turn): the visitor (a new one takes the widget's next customer number), the
 * conversation (created, or moved on), both messages, and the daily count raised for the
 * message's reservation, which goes (so the count is always the turns stored), and, when the
 * visitor is still there, the answer counted read for them. Runs after the
 * LLM call, never around it.
 */
export async function saveWidgetTurn(
  tx: Transaction,
  options: {
    connectionId: string;
    /** The message's place under the daily limit (takeDailyMessageOrThrow). */
    dailyReservation: DailyMessageReservation;
    /** The conversation being continued, or null to start `newConversationId`. */
    conversation: { id: string; visitorId: string } | null;
    newConversationId: string;
    contactIdentifier: string;
    contact?: VisitorContact;
    threadId: string;
    agentId: string;
    userText: string;
    answerText: string;
    askedAt: Date;
    answeredAt: Date;
    /**
     * The visitor is still connected as the turn is stored, so the answer reaches them: it is
     * counted read in the same statement. A visitor who left finds it unread later.
     */
    isVisitorWaiting: boolean;
  },
): Promise<{ conversationId: string }> {
  const { connectionId, answeredAt } = options;
  const seen = {
    lastSeenAt: answeredAt,
    ...(options.contact?.name ? { name: options.contact.name } : {}),
    ...(options.contact?.email ? { email: options.contact.email } : {}),
    ...(options.contact?.id ? { externalId: options.contact.id } : {}),
  };
  const lastMessage = options.answerText.slice(0, LAST_MESSAGE_LENGTH);
  const conversationId = options.conversation?.id ?? options.newConversationId;
  // What is written before the messages: the known conversation moved on, or the visitor
  // (a new one numbered) and a new conversation.
  const before = options.conversation
    ? sql`seen as (${tx.update(widgetVisitor).set(seen).where(eq(widgetVisitor.id, options.conversation.visitorId)).getSQL()}),
      moved as (${tx
        .update(widgetConversation)
        .set({
          threadId: options.threadId,
          agentId: options.agentId,
          lastMessage,
          lastMessageTime: answeredAt,
          totalMessages: sql`${widgetConversation.totalMessages} + 2`,
          ...(options.isVisitorWaiting ? { visitorReadMessages: sql`${widgetConversation.totalMessages} + 2` } : {}),
          unreadCount: sql`${widgetConversation.unreadCount} + 1`,
          status: 'live',
        })
        .where(eq(widgetConversation.id, conversationId))
        .getSQL()})`
    : sql`${visitorCtes(tx, { connectionId, contactIdentifier: options.contactIdentifier, seen })},
      started as (${tx
        .insert(widgetConversation)
        .values({
          id: conversationId,
          connectionId,
          visitorId: sql`(select id from visitor)`,
          threadId: options.threadId,
          agentId: options.agentId,
          lastMessage,
          lastMessageTime: answeredAt,
          totalMessages: 2,
          visitorReadMessages: options.isVisitorWaiting ? 2 : 0,
          unreadCount: 1,
          status: 'live',
          createdAt: options.askedAt,
        })
        .getSQL()})`;
  // One statement: a transaction's statements each cost a round trip on the hot path.
  await tx.execute(sql`
    with ${before},
    ${dailyCountCtes({ connectionId, reservation: options.dailyReservation, storedTurns: 1 })}
    ${tx
      .insert(widgetMessage)
      .values([
        { id: randomUUID(), conversationId, role: 'user', content: options.userText, createdAt: options.askedAt },
        { id: randomUUID(), conversationId, role: 'assistant', content: options.answerText, createdAt: answeredAt },
      ])
      .getSQL()}`);
  return { conversationId };
}

/**
 * A reservation turned into a stored turn (`storedTurns` 1) or given back (0), as CTEs of one
 * statement: the reservation deleted and, only when it was still there, taken off `reserved`
 * (an expired one was taken off by the check that deleted it); the stored turn counted either way.
 */
function dailyCountCtes(options: { connectionId: string; reservation: DailyMessageReservation; storedTurns: 0 | 1 }) {
  const { connectionId, reservation, storedTurns } = options;
  return sql`gone as (
      delete from ${widgetDailyReservation} where ${widgetDailyReservation.id} = ${reservation.id} returning 1
    ), counted as (
      insert into widget_daily_count as c (connection_id, day, count, reserved)
      values (${connectionId}, ${reservation.day}::date, ${storedTurns}::int, 0)
      on conflict (connection_id, day) do update
        set count = c.count + ${storedTurns}::int, reserved = c.reserved - (select count(*)::int from gone)
    )`;
}

/** releaseDailyMessage's one statement. */
export function releaseDailyReservationSql(options: { connectionId: string; reservation: DailyMessageReservation }) {
  return sql`with ${dailyCountCtes({ ...options, storedTurns: 0 })} select 1`;
}

/**
 * The visitor of a new conversation, as CTEs ending in `visitor (id)`: a visitor new to this
 * widget takes the next customer number. The counter row's lock makes concurrent first messages
 * take distinct numbers; two first messages of the same new visitor end on one row (the loser's
 * number is skipped).
 */
function visitorCtes(
  tx: Transaction,
  options: {
    connectionId: string;
    contactIdentifier: string;
    seen: { lastSeenAt: Date; name?: string; email?: string; externalId?: string };
  },
) {
  const { connectionId, contactIdentifier, seen } = options;
  return sql`known as (${tx
    .update(widgetVisitor)
    .set(seen)
    .where(and(eq(widgetVisitor.connectionId, connectionId), eq(widgetVisitor.contactIdentifier, contactIdentifier)))
    .returning({ id: widgetVisitor.id })
    .getSQL()}),
    numbered as (
      update ${widgetConnection} set last_customer_number = last_customer_number + 1
      where ${widgetConnection.id} = ${connectionId} and not exists (select 1 from known)
      returning last_customer_number
    ),
    added as (
      insert into widget_visitor as v (id, connection_id, contact_identifier, customer_number, last_seen_at, name, email, external_id)
      select ${randomUUID()}, ${connectionId}, ${contactIdentifier}, last_customer_number,
        ${seen.lastSeenAt.toISOString()}::timestamptz, ${seen.name ?? null}, ${seen.email ?? null}, ${seen.externalId ?? null}
      from numbered
      on conflict (connection_id, contact_identifier) do update set last_seen_at = excluded.last_seen_at
      returning v.id
    ),
    visitor as (select id from known union all select id from added)`;
}
