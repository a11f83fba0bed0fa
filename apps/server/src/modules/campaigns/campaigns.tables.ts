import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CampaignChannel, CampaignStatus, ImportReport, RecipientState } from '@agentry/core/campaigns';
import { organization } from '../auth/auth.tables';
import { channelConnection, channelContact } from '../channels/channels.tables';

/**
 * An SMS or WhatsApp campaign of one connection (docs/product/channels.md#campaigns). The
 * sender holds it with a lease (`leaseOwner`, `leaseExpiresAt`) so one worker sends at a time.
 * Inside its quiet hours it is 'paused' with no lease and `resumeAt` (their end): the scheduler
 * queues it again then, and no worker waits for it meanwhile.
 */
export const campaign = pgTable(
  'campaign',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id')
      .notNull()
      .references(() => channelConnection.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<CampaignChannel>().notNull(),
    name: text('name').notNull(),
    /** The agent that answers replies; null: the connection's agent. Not a foreign key: a deleted agent leaves null behaviour. */
    agentId: text('agent_id'),
    messageTemplate: text('message_template').notNull().default(''),
    contentSid: text('content_sid'),
    contentVariables: jsonb('content_variables').$type<Record<string, string>>().notNull().default({}),
    /** The local start time as entered ('2026-12-01T09:30'), and its instant. */
    scheduledLocal: text('scheduled_local'),
    startAt: timestamp('start_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    quietHoursStart: text('quiet_hours_start'),
    quietHoursEnd: text('quiet_hours_end'),
    /** Messages per second. */
    sendRate: integer('send_rate').notNull().default(10),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    /** CSV columns of the last import, offered as variables. */
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    importReport: jsonb('import_report').$type<ImportReport>(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** Paused for quiet hours: when they end and the scheduler queues the campaign again; null otherwise. */
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaign_subaccount_channel_idx').on(table.subaccountId, table.channel, table.createdAt),
    index('campaign_status_idx').on(table.status),
  ],
);

/**
 * One claim per campaign and contact (the unique index): the sender moves a row queued ->
 * claimed, committed before the provider call, then to sent/failed/skipped. A row left
 * claimed by a crash is reconciled against the provider's own log before anything is resent.
 */
export const campaignRecipient = pgTable(
  'campaign_recipient',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => channelContact.id, { onDelete: 'cascade' }),
    position: bigserial('position', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    state: text('state').$type<RecipientState>().notNull().default('queued'),
    providerMessageId: text('provider_message_id'),
    /** The message as sent (rendered), to recognise it in the provider's log. */
    body: text('body'),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('campaign_recipient_contact_idx').on(table.campaignId, table.contactId),
    index('campaign_recipient_state_idx').on(table.campaignId, table.state, table.position),
  ],
);
