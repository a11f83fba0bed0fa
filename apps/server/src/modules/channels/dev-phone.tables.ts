import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChannelMessageStatus } from '@agentry/core/channels';
import { channelConnection } from './channels.tables';

/**
 * TEST MODE's message log (a connection without Twilio credentials): what the local provider
 * "sent" to each number and what the phone simulator sent in. It plays the part of Twilio's
 * own message log, so a send interrupted by a restart is reconciled the same way.
 */
export const devPhoneMessage = pgTable(
  'dev_phone_message',
  {
    /** The provider message id ('TM…'), as Twilio's SID would be. */
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => channelConnection.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'whatsapp'>().notNull(),
    /** outbound: from the connection to the phone; inbound: typed on the simulated phone. */
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    /** The simulated phone's E.164 number. */
    phoneNumber: text('phone_number').notNull(),
    body: text('body').notNull(),
    contentSid: text('content_sid'),
    contentVariables: jsonb('content_variables').$type<Record<string, string>>(),
    status: text('status').$type<ChannelMessageStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('dev_phone_message_connection_number_idx').on(table.connectionId, table.phoneNumber, table.createdAt),
    index('dev_phone_message_number_idx').on(table.phoneNumber, table.createdAt),
  ],
);
