import { bigserial, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { KeyedLlmProvider, LlmKeySource, ThreadSource } from '@agentry/core/llm';
import { organization, user } from '../auth/auth.tables';
import type { ThreadOwner } from './thread-owner';

/** A sub account's own provider key, encrypted with AES-256-GCM (ENCRYPTION_KEY); never sent back. */
export const providerKey = pgTable(
  'provider_key',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<KeyedLlmProvider>().notNull(),
    label: text('label').notNull().default(''),
    encryptedKey: text('encrypted_key').notNull(),
    lastFour: text('last_four').notNull(),
    baseUrl: text('base_url'),
    defaultModel: text('default_model'),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('provider_key_subaccount_provider_idx').on(table.subaccountId, table.provider)],
);

/**
 * A conversation with one agent through one channel. `agentId` is not a foreign key: the
 * agents module depends on this one, not the other way round; a deleted agent's threads stay
 * for the usage history and can no longer be continued.
 */
export const llmThread = pgTable(
  'llm_thread',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').notNull(),
    /** The channel: a thread is only ever continued through the channel that started it. */
    source: text('source').$type<ThreadSource>().notNull(),
    /**
     * Who started it on that channel (see thread-owner.ts); only they continue it. Null on
     * threads stored before owners were recorded that no other row could name: those continue
     * on their own channel in their own sub account and agent, as they always did.
     */
    owner: text('owner').$type<ThreadOwner>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('llm_thread_subaccount_agent_idx').on(table.subaccountId, table.agentId)],
);

export const llmMessage = pgTable(
  'llm_message',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => llmThread.id, { onDelete: 'cascade' }),
    /** Orders a thread's messages even when two share a timestamp. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    /** Tokens of the call that produced an assistant message (input includes the history). */
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('llm_message_thread_position_idx').on(table.threadId, table.position)],
);

/** Every model call: what it used and what it cost, whoever paid (platform key, own key, nobody). */
export const llmUsage = pgTable(
  'llm_usage',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: text('agent_id'),
    threadId: text('thread_id'),
    /** The channel (a thread source) or the job, e.g. 'agent-build', 'key-test'. */
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    keySource: text('key_source').$type<LlmKeySource>().notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    /** Credits charged (platform keys only). */
    millicredits: integer('millicredits').notNull().default(0),
    status: text('status').$type<'succeeded' | 'failed' | 'cancelled'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('llm_usage_subaccount_created_idx').on(table.subaccountId, table.createdAt)],
);
