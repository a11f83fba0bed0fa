import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChannelTurn, TurnStatementPart } from '../llm/save-thread-turn';
import type { DailyMessageReservation } from './take-daily-message';

export type VisitorContact = { id?: string; name?: string; email?: string };

/** How much of the last message a conversation keeps for lists (the transcript has all of it). */
const LAST_MESSAGE_LENGTH = 500;

/**
 * The values of the widget's statements; the ones a statement does not use are ignored. In the
 * thread turn's statement, `threadId` and `agentId` are the turn's own (the same values).
 */
type TurnValues = {
  connectionId: string;
  conversationId: string;
  visitorId: string;
  contactIdentifier: string;
  name: string | null;
  email: string | null;
  externalId: string | null;
  threadId: string;
  agentId: string;
  lastMessage: string;
  isVisitorWaiting: boolean;
  askedAt: string;
  answeredAt: string;
  visitorMessageId: string;
  widgetAnswerMessageId: string;
  reservationId: string;
  reservationDay: string;
};

const value = <Key extends keyof TurnValues>(key: Key) => sql.placeholder(key);

/**
 * The reservation of a stored turn, as a CTE of the turn's statement: deleted, the message staying
 * counted (the counter row is not locked by this statement, whose commit waits for the disk). One
 * that expired and was taken off the count meanwhile is counted here again.
 */
const storedReservationCtes = sql`stored as (
      delete from widget_daily_reservation where id = ${value('reservationId')}
      returning 1
    ), counted as (
      insert into widget_daily_count as c (connection_id, day, count)
      select ${value('connectionId')}, ${value('reservationDay')}::date, 1
      where not exists (select 1 from stored)
      on conflict (connection_id, day) do update set count = c.count + 1
    )`;

/** What a visitor's turn sets on their row: seen now, and what the page told of them (when it did). */
const seenSet = sql`last_seen_at = ${value('answeredAt')}::timestamptz,
  name = coalesce(${value('name')}::text, name),
  email = coalesce(${value('email')}::text, email),
  external_id = coalesce(${value('externalId')}::text, external_id)`;

/**
 * Both messages of the turn, the widget's last CTE. The answer is the thread turn's `answerText`
 * (sent once); the visitor's message is as they sent it (`visitorText`).
 */
const insertMessages = sql`widget_messages as (
    insert into widget_message (id, conversation_id, role, content, created_at) values
    (${value('visitorMessageId')}, ${value('conversationId')}, 'user', ${sql.placeholder('visitorText')}, ${value('askedAt')}::timestamptz),
    (${value('widgetAnswerMessageId')}, ${value('conversationId')}, 'assistant', ${sql.placeholder('answerText')}, ${value('answeredAt')}::timestamptz)
  )`;

/** A turn of a conversation being continued: its visitor seen, the conversation moved on. */
const continuedTurn: TurnStatementPart = {
  name: 'widget_continued',
  ctes: sql`seen as (
      update widget_visitor set ${seenSet} where id = ${value('visitorId')}
    ), moved as (
      update widget_conversation set
        thread_id = ${value('threadId')}, agent_id = ${value('agentId')}, last_message = ${value('lastMessage')},
        last_message_time = ${value('answeredAt')}::timestamptz, total_messages = total_messages + 2,
        visitor_read_messages = total_messages + case when ${value('isVisitorWaiting')}::boolean then 2 else 1 end,
        unread_count = unread_count + 1, status = 'live'
      where id = ${value('conversationId')}
    ), ${storedReservationCtes}, ${insertMessages}`,
};

/**
 * A turn starting a conversation: the visitor (one new to this widget takes the next customer
 * number; the counter row's lock makes concurrent first messages take distinct numbers, and two
 * first messages of the same new visitor end on one row, the loser's number skipped), then the
 * conversation.
 */
const startedTurn: TurnStatementPart = {
  name: 'widget_started',
  ctes: sql`known as (
      update widget_visitor set ${seenSet}
      where connection_id = ${value('connectionId')} and contact_identifier = ${value('contactIdentifier')}
      returning id
    ), numbered as (
      update widget_connection set last_customer_number = last_customer_number + 1
      where id = ${value('connectionId')} and not exists (select 1 from known)
      returning last_customer_number
    ), added as (
      insert into widget_visitor as v (id, connection_id, contact_identifier, customer_number, last_seen_at, name, email, external_id)
      select ${value('visitorId')}, ${value('connectionId')}, ${value('contactIdentifier')}, last_customer_number,
        ${value('answeredAt')}::timestamptz, ${value('name')}::text, ${value('email')}::text, ${value('externalId')}::text
      from numbered
      on conflict (connection_id, contact_identifier) do update set last_seen_at = excluded.last_seen_at
      returning v.id
    ), visitor as (
      select id from known union all select id from added
    ), started as (
      insert into widget_conversation (id, connection_id, visitor_id, thread_id, agent_id, last_message,
        last_message_time, total_messages, visitor_read_messages, unread_count, status, created_at)
      values (${value('conversationId')}, ${value('connectionId')}, (select id from visitor), ${value('threadId')},
        ${value('agentId')}, ${value('lastMessage')}, ${value('answeredAt')}::timestamptz, 2,
        case when ${value('isVisitorWaiting')}::boolean then 2 else 1 end, 1, 'live', ${value('askedAt')}::timestamptz)
    ), ${storedReservationCtes}, ${insertMessages}`,
};

/**
 * The widget's record of one answered visitor message, written by the gateway's thread-turn
 * statement (one statement, one commit for the whole turn): the visitor (a new one takes the
 * widget's next customer number), the conversation (created, or moved on), both messages, the
 * message's reservation deleted (the message stays counted), and, when the visitor is still there,
 * the answer counted read for them. Its values are taken after the LLM call, as the turn is stored.
 */
export function toWidgetTurn(options: {
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
}): ChannelTurn {
  const { contact, conversation } = options;
  const values: TurnValues & { visitorText: string; answerText: string } = {
    connectionId: options.connectionId,
    conversationId: conversation?.id ?? options.newConversationId,
    visitorId: conversation?.visitorId ?? randomUUID(),
    contactIdentifier: options.contactIdentifier,
    name: contact?.name || null,
    email: contact?.email || null,
    externalId: contact?.id || null,
    threadId: options.threadId,
    agentId: options.agentId,
    lastMessage: options.answerText.slice(0, LAST_MESSAGE_LENGTH),
    isVisitorWaiting: options.isVisitorWaiting,
    askedAt: options.askedAt.toISOString(),
    answeredAt: options.answeredAt.toISOString(),
    visitorMessageId: randomUUID(),
    widgetAnswerMessageId: randomUUID(),
    reservationId: options.dailyReservation.id,
    reservationDay: options.dailyReservation.day,
    visitorText: options.userText,
    answerText: options.answerText,
  };
  return { part: conversation ? continuedTurn : startedTurn, values };
}
