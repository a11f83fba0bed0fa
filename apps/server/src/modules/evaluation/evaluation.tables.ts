import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  EvaluationConversationStatus,
  EvaluationGroup,
  EvaluationRunStatus,
  EvaluationType,
  EvaluationVerdict,
  QuestionGenerationResults,
  QuestionGenerationStatus,
  RunChatCompletionEvaluationBody,
  TemplateData,
} from '@agentry/core/evaluation';
import { organization, user } from '../auth/auth.tables';
import { agent, agentVersion } from '../agents/agents.tables';
import type { ConversationUsage, TranscriptMessage } from './evaluation-types';

/** docs/product/evaluation.md#templates, a saved Test Settings template of a sub account. */
export const evaluationTemplate = pgTable(
  'evaluation_template',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<TemplateData>().notNull(),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('evaluation_template_subaccount_idx').on(table.subaccountId, table.createdAt)],
);

/** A question-generation job; any instance answers its status from here. */
export const questionGeneration = pgTable(
  'question_generation',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text('status').$type<QuestionGenerationStatus>().notNull().default('pending'),
    /** The parsed request body and the testing model it runs with. */
    request: jsonb('request')
      .$type<{
        counts: Record<'industry' | 'angry' | 'compliance' | 'prompthacking', number>;
        custom: { label: string; count: number }[];
        prompt: string;
        testingModel: string;
      }>()
      .notNull(),
    results: jsonb('results').$type<QuestionGenerationResults>(),
    error: text('error'),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('question_generation_subaccount_idx').on(table.subaccountId, table.createdAt)],
);

/**
 * One evaluation run. `evaluationId` is the client's UUID (idempotency); the lease says which
 * worker drives the run now, so a restarted or second instance never runs it twice.
 */
export const evaluationRun = pgTable(
  'evaluation_run',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    evaluationId: text('evaluation_id').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<EvaluationType>().notNull(),
    /** The agent under test (assistants runs); kept by name when the agent is deleted. */
    agentId: text('agent_id').references(() => agent.id, { onDelete: 'set null' }),
    agentName: text('agent_name'),
    /** The version of the agent the run tested (docs/product/agents.md#versions). */
    agentVersionId: text('agent_version_id').references(() => agentVersion.id, { onDelete: 'set null' }),
    /** The model under test, and the provider it resolves through. */
    model: text('model').notNull(),
    testingModel: text('testing_model').notNull(),
    /** The run payload as validated (settings, questions, ai1_config). */
    payload: jsonb('payload').$type<RunChatCompletionEvaluationBody>().notNull(),
    /** What the agent was told to do (its instructions or the system prompt), for the judge. */
    purpose: text('purpose').notNull().default(''),
    status: text('status').$type<EvaluationRunStatus>().notNull().default('queued'),
    error: text('error'),
    concurrency: integer('concurrency').notNull(),
    /** How many times the run slowed down for the provider's rate limit. */
    rateLimitBackoffs: integer('rate_limit_backoffs').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('evaluation_run_subaccount_evaluation_idx').on(table.subaccountId, table.evaluationId),
    index('evaluation_run_subaccount_created_idx').on(table.subaccountId, table.createdAt),
    index('evaluation_run_status_idx').on(table.status),
  ],
);

/** One planned conversation of a run: a question asked in one variation. */
export const evaluationConversation = pgTable(
  'evaluation_conversation',
  {
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => evaluationRun.id, { onDelete: 'cascade' }),
    /** Order of the plan (group, question, variation). */
    position: integer('position').notNull(),
    group: text('group').$type<EvaluationGroup>().notNull(),
    questionId: text('question_id').notNull(),
    questionText: text('question_text').notNull(),
    successCriteria: text('success_criteria').notNull(),
    whenToAsk: integer('when_to_ask').notNull(),
    /** 1-based; variation 1 asks the text verbatim, the others a rewording. */
    variation: integer('variation').notNull(),
    /** The text the simulated user asks; null until the rewording exists. */
    askedText: text('asked_text'),
    status: text('status').$type<EvaluationConversationStatus>().notNull().default('queued'),
    transcript: jsonb('transcript').$type<TranscriptMessage[]>().notNull().default([]),
    judgedTurnIndex: integer('judged_turn_index'),
    judgeVerdict: text('judge_verdict').$type<EvaluationVerdict>(),
    judgeReasoning: text('judge_reasoning'),
    score: doublePrecision('score'),
    overrideVerdict: text('override_verdict').$type<EvaluationVerdict>(),
    overrideNote: text('override_note'),
    overrideUserId: text('override_user_id').references(() => user.id, { onDelete: 'set null' }),
    overrideAt: timestamp('override_at', { withTimezone: true }),
    /** The simulated user and the judge were the offline stand-ins. */
    offline: boolean('offline').notNull().default(false),
    error: text('error'),
    /** Tokens, cost and credits per role of this conversation's calls. */
    usage: jsonb('usage').$type<ConversationUsage>(),
    /** The rewording call of this question (kept on its first reworded conversation, never redone). */
    rewordingUsage: jsonb('rewording_usage').$type<ConversationUsage>(),
    /** Totals of usage and rewordingUsage, for listings without reading the JSON. */
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    millicredits: integer('millicredits').notNull().default(0),
    threadId: text('thread_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('evaluation_conversation_run_idx').on(table.runId, table.position),
    index('evaluation_conversation_run_status_idx').on(table.runId, table.status),
  ],
);
