import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ConnectionType, WidgetSettings, WidgetTemplate } from '@agentry/core/widget';
import { organization } from '../auth/auth.tables';
import { agent } from '../agents/agents.tables';

/**
 * A website widget of a sub account (docs/product/widget.md#settings, Widget connection). `id` is the dashboard's
 * connectionId; `widgetId` is the public id in embed codes, so knowing one never reveals the
 * other. `settings`/`buildId` are the draft the designer edits; `deployedSettings`/
 * `deployedBuildId` are what visitors get until the next deploy. `type` tells the floating widget
 * from the inline website block; both share every other table here.
 */
export const widgetConnection = pgTable(
  'widget_connection',
  {
    id: text('id').primaryKey(),
    widgetId: text('widget_id').notNull(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    type: text('type').$type<ConnectionType>().notNull().default('website-widget'),
    buildId: text('build_id').references(() => agent.id, { onDelete: 'set null' }),
    template: text('template').$type<WidgetTemplate>().notNull(),
    settings: jsonb('settings').$type<WidgetSettings>().notNull(),
    deployedBuildId: text('deployed_build_id').references(() => agent.id, { onDelete: 'set null' }),
    deployedSettings: jsonb('deployed_settings').$type<WidgetSettings>(),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    /** The last customer number handed out; a new visitor takes the next one. */
    lastCustomerNumber: integer('last_customer_number').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('widget_connection_widget_id_idx').on(table.widgetId),
    index('widget_connection_subaccount_idx').on(table.subaccountId, table.type, table.createdAt),
  ],
);

/** A visitor of one widget, known by the contactIdentifier its browser keeps. */
export const widgetVisitor = pgTable(
  'widget_visitor',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => widgetConnection.id, { onDelete: 'cascade' }),
    contactIdentifier: text('contact_identifier').notNull(),
    customerNumber: integer('customer_number').notNull(),
    /** From AIChatWidget.identify({ id, name, email }). */
    externalId: text('external_id'),
    name: text('name'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('widget_visitor_contact_idx').on(table.connectionId, table.contactIdentifier)],
);

/**
 * A visitor's conversation (its id is the API's widgetConversationThreadId). `threadId` is
 * the LLM gateway's thread of `agentId`; a conversation continued after the widget moved to
 * another agent gets a new thread.
 */
export const widgetConversation = pgTable(
  'widget_conversation',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => widgetConnection.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => widgetVisitor.id, { onDelete: 'cascade' }),
    threadId: text('thread_id').notNull(),
    agentId: text('agent_id').notNull(),
    lastMessage: text('last_message').notNull(),
    lastMessageTime: timestamp('last_message_time', { withTimezone: true }).notNull().defaultNow(),
    totalMessages: integer('total_messages').notNull().default(0),
    /** Visitor messages the dashboard has not opened yet. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** Messages the visitor has seen (an answer delivered, or the conversation opened in the widget). */
    visitorReadMessages: integer('visitor_read_messages').notNull().default(0),
    status: text('status').$type<'live' | 'closed'>().notNull().default('live'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('widget_conversation_connection_time_idx').on(table.connectionId, table.lastMessageTime),
    index('widget_conversation_visitor_time_idx').on(table.visitorId, table.lastMessageTime),
  ],
);

/** Every visitor message and answer, for the dashboard's transcript. */
export const widgetMessage = pgTable(
  'widget_message',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => widgetConversation.id, { onDelete: 'cascade' }),
    /** Orders a conversation's messages even when two share a timestamp. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('widget_message_conversation_position_idx').on(table.conversationId, table.position)],
);

/**
 * Visitor messages a widget counted per UTC day: the turns stored and the messages in flight. The
 * daily-limit check is one conditional update of this row (`count` below the limit), so concurrent
 * messages on any number of instances queue on its lock and exactly `dailyLimit` pass. A message
 * that gets no answer is taken off again (given back, or its reservation expired). The turn's own
 * statement, whose commit waits for the disk, does not touch this row (it deletes its reservation),
 * so no message waits on another's commit.
 */
export const widgetDailyCount = pgTable(
  'widget_daily_count',
  {
    connectionId: text('connection_id')
      .notNull()
      .references(() => widgetConnection.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull(),
    /** Whether the last check passed: what the check's statement answers (its SET reads the row before it). */
    isLastReservationTaken: boolean('is_last_reservation_taken').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.day] })],
);

/**
 * A visitor message counted in its day's `count` while its answer is being written: deleted by the
 * turn's statement when the turn is stored (the message stays counted), or given back on failure
 * (deleted and taken off the count). One left behind by a crash stops counting at `expiresAt`: the
 * next check deletes it and takes it off its day's count.
 */
export const widgetDailyReservation = pgTable(
  'widget_daily_reservation',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => widgetConnection.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The check looks for the widget's expired reservations only: (connection, expiry) finds them
  // without walking the rows of answered messages.
  (table) => [index('widget_daily_reservation_expiry_idx').on(table.connectionId, table.expiresAt)],
);
