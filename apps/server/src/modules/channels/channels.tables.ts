import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChannelKind, ChannelMessageStatus, ConnectionStatus, ServiceType } from '@agentry/core/channels';
import { organization } from '../auth/auth.tables';
import { agent } from '../agents/agents.tables';

/**
 * A messaging connection of a sub account (SMS/WhatsApp over Twilio, Instagram or Messenger over
 * Meta): the agent that answers, the provider credentials and the channel's own settings.
 * Website widgets and blocks keep their draft/deployed settings in `widget_connection`.
 *
 * `credentials` is an encrypted JSON document (secret-box) and is never sent to a browser;
 * `null` means the connection runs on the local TEST MODE provider.
 */
export const channelConnection = pgTable(
  'channel_connection',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').$type<ServiceType>().notNull(),
    name: text('name').notNull(),
    agentId: text('agent_id').references(() => agent.id, { onDelete: 'set null' }),
    status: text('status').$type<ConnectionStatus>().notNull().default('pending_connection'),
    credentials: text('credentials'),
    /** Channel-specific, non-secret settings (sender numbers, page ids, SMS area appearance...). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The provider's last refusal, shown with the reconnect action. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('channel_connection_subaccount_idx').on(table.subaccountId, table.createdAt)],
);

/**
 * Someone a connection talks to on one channel: an E.164 number (SMS, WhatsApp) or a
 * page-scoped id (Instagram, Messenger). `lastInboundAt` opens the provider's 24-hour window;
 * an opted-out contact is never messaged again.
 */
export const channelContact = pgTable(
  'channel_contact',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => channelConnection.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChannelKind>().notNull(),
    address: text('address').notNull(),
    displayName: text('display_name'),
    /** Extra fields (CSV columns) for message variables. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('channel_contact_address_idx').on(table.connectionId, table.channel, table.address)],
);

/**
 * One contact's conversation with the connection's agent; `threadId` is the LLM gateway's
 * thread. `pausedUntil`: a team member answered by hand, the agent stays quiet until then.
 */
export const channelConversation = pgTable(
  'channel_conversation',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => channelConnection.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => channelContact.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChannelKind>().notNull(),
    threadId: text('thread_id').notNull(),
    agentId: text('agent_id'),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageTime: timestamp('last_message_time', { withTimezone: true }).notNull().defaultNow(),
    totalMessages: integer('total_messages').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    status: text('status').$type<'live' | 'closed'>().notNull().default('live'),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /**
     * A reply job is answering this conversation until then (renewed for each message): its
     * messages are answered one at a time, oldest first. A job that died gives the turn up then.
     */
    replyTurnUntil: timestamp('reply_turn_until', { withTimezone: true }),
    /** Which job holds the turn: only it renews or gives it up (a holder whose time ran out cannot). */
    replyTurnHolder: text('reply_turn_holder'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('channel_conversation_connection_time_idx').on(table.connectionId, table.lastMessageTime),
    uniqueIndex('channel_conversation_contact_idx').on(table.contactId),
  ],
);

/**
 * Every message in and out of a channel conversation. `providerMessageId` (Twilio SID, Meta
 * mid, TEST MODE id) is unique, so a webhook delivered twice stores one message.
 */
export const channelMessage = pgTable(
  'channel_message',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => channelConversation.id, { onDelete: 'cascade' }),
    position: bigserial('position', { mode: 'number' }).notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    /** user: the contact; assistant: the agent; human: a team member; campaign: a campaign send. */
    role: text('role').$type<'user' | 'assistant' | 'human' | 'campaign'>().notNull(),
    content: text('content').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status').$type<ChannelMessageStatus>().notNull(),
    errorCode: text('error_code'),
    campaignId: text('campaign_id'),
    /**
     * An inbound message: when the agent's reply job took it. Taken once, so a job run again (a
     * worker that died) never answers twice, and answers to other messages never stand in for it.
     */
    replyTakenAt: timestamp('reply_taken_at', { withTimezone: true }),
    /**
     * An inbound message the agent is to answer, written with the message: the reply job is queued
     * after the commit, and a job lost between the two (a crash, a restart of the in-process
     * queue) is queued again by the reply sweep, which looks for due messages not yet taken.
     */
    replyDue: boolean('reply_due').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('channel_message_conversation_position_idx').on(table.conversationId, table.position),
    uniqueIndex('channel_message_provider_id_idx')
      .on(table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    index('channel_message_reply_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.replyDue} and ${table.replyTakenAt} is null`),
  ],
);

/**
 * A delivery status that arrived before its message was written: Twilio's callback can overtake
 * the API answer of the send, and a campaign writes its sends in batches. The row waits here
 * until the message is written, which applies it and deletes it (see recordMessageStatus).
 */
export const channelMessageEarlyStatus = pgTable(
  'channel_message_early_status',
  {
    /** The connection whose webhook it came to: only that connection's messages take it. */
    connectionId: text('connection_id')
      .notNull()
      .references(() => channelConnection.id, { onDelete: 'cascade' }),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').$type<ChannelMessageStatus>().notNull(),
    errorCode: text('error_code'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.providerMessageId] })],
);
