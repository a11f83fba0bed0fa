import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AgentVersionSource, AgentVersionStatus } from '@agentry/core/agent-versions';
import type { AgentCategory, AgentJobStatus, AgentStatus, AgentType } from '@agentry/core/agents';
import type { LlmProvider } from '@agentry/core/llm';
import type { HttpTool } from '@agentry/core/tools';
import { organization, user } from '../auth/auth.tables';
import { providerKey } from '../llm/llm.tables';

/**
 * The behaviour an agent answers with, besides its instructions: the same columns on the agent
 * (its working copy) and on each of its versions (a snapshot).
 */
function behaviourColumns() {
  return {
    firstMessage: text('first_message').notNull(),
    suggestedResponses: jsonb('suggested_responses').$type<string[]>().notNull(),
    provider: text('provider').$type<LlmProvider>().notNull(),
    model: text('model').notNull(),
    providerKeyId: text('provider_key_id').references(() => providerKey.id, { onDelete: 'set null' }),
    temperature: doublePrecision('temperature').notNull(),
    maxTokens: integer('max_tokens').notNull(),
    topP: doublePrecision('top_p').notNull(),
    frequencyPenalty: doublePrecision('frequency_penalty').notNull(),
    presencePenalty: doublePrecision('presence_penalty').notNull(),
    stopSequences: jsonb('stop_sequences').$type<string[]>().notNull(),
    tools: jsonb('tools').$type<HttpTool[]>().notNull(),
  };
}

/** An agent ("build") of a sub account; its id is the API's buildId. */
export const agent = pgTable(
  'agent',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text('status').$type<AgentStatus>().notNull().default('ready'),
    aiName: text('ai_name').notNull(),
    type: text('type').$type<AgentType>().notNull().default('assistant'),
    instructions: text('instructions').notNull().default(''),
    ...behaviourColumns(),
    category: text('category').$type<AgentCategory>().notNull(),
    /** Shared secret of POST /webhook/:agentId, shown in the agent's settings. */
    webhookSecret: text('webhook_secret').notNull(),
    /**
     * The version visitors get (widgets, demos, channels, the API); the row's own behaviour fields are
     * the working copy, equal to its newest version. No foreign key: the two tables point at each other.
     */
    publishedVersionId: text('published_version_id'),
    /** The regression gate: a previous run re-run before each publish, and the pass-rate drop it allows. */
    gateRunId: text('gate_run_id'),
    gateThreshold: doublePrecision('gate_threshold'),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_subaccount_created_idx').on(table.subaccountId, table.createdAt)],
);

/** A builder job: any instance answers its status from here, whichever worker runs it. */
export const agentJob = pgTable(
  'agent_job',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    idea: text('idea').notNull(),
    status: text('status').$type<AgentJobStatus>().notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_job_agent_idx').on(table.agentId)],
);

/** An immutable snapshot of an agent's behaviour (docs/product/agents.md#versions). */
export const agentVersion = pgTable(
  'agent_version',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').$type<AgentVersionStatus>().notNull().default('draft'),
    source: text('source').$type<AgentVersionSource>().notNull(),
    note: text('note').notNull().default(''),
    instructions: text('instructions').notNull(),
    ...behaviourColumns(),
    authorUserId: text('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedByUserId: text('published_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    gateOverrideNote: text('gate_override_note'),
  },
  (table) => [
    uniqueIndex('agent_version_agent_number_idx').on(table.agentId, table.number),
    // One published version per agent, whatever publishes at once (record-agent-version.ts archives first).
    uniqueIndex('agent_version_published_idx')
      .on(table.agentId)
      .where(sql`${table.status} = 'published'`),
  ],
);
