import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AddressedFailure, MentorAction, ProposalStatus, ProposalTrial } from '@agentry/core/optimize';
import { organization, user } from '../auth/auth.tables';
import { agent } from '../agents/agents.tables';
import { evaluationRun } from '../evaluation/evaluation.tables';

/**
 * A proposal's status as stored: the wire's, plus 'accepting' while an accept publishes its
 * candidate (shown as 'tried'; see decide-tried-proposal.ts), and 'unwritten' for a cause group
 * already paid for whose proposal is not written yet (its call failed, or is still to come): the
 * next request writes only those (create-proposals.ts). An unwritten row is not a proposal: its
 * `rationale` holds why it is missing and `proposedInstructions` is empty; it is never listed,
 * fetched, tried or decided as one.
 */
export type StoredProposalStatus = ProposalStatus | 'accepting' | 'unwritten';

/**
 * A proposed change of an agent's instructions for one group of failures of an evaluation run
 * (docs/product/optimize-and-mentor.md). `candidateVersionId` is the draft version 'Try it'
 * made from it; `trial` what re-running the questions against it showed.
 */
export const optimizeProposal = pgTable(
  'optimize_proposal',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    runId: text('run_id')
      .notNull()
      .references(() => evaluationRun.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull(),
    rationale: text('rationale').notNull(),
    currentInstructions: text('current_instructions').notNull(),
    proposedInstructions: text('proposed_instructions').notNull(),
    failures: jsonb('failures').$type<AddressedFailure[]>().notNull(),
    status: text('status').$type<StoredProposalStatus>().notNull().default('proposed'),
    isOffline: boolean('is_offline').notNull().default(false),
    candidateVersionId: text('candidate_version_id'),
    /** The evaluation run 'Try it' started against the candidate, and the failed questions it re-ran. */
    trialRunId: text('trial_run_id'),
    trialFailedQuestionIds: jsonb('trial_failed_question_ids').$type<string[]>(),
    /** The trial as last seen (final once the run is over). */
    trial: jsonb('trial').$type<ProposalTrial>(),
    /** What the grouping share and this proposal's own calls (a failed attempt included) cost (US dollars). */
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('optimize_proposal_run_idx').on(table.runId, table.createdAt)],
);

/**
 * A run whose failures are being grouped and proposed for right now: one request at a time pays
 * for the model calls (docs/product/optimize-and-mentor.md#causes-and-proposals). Removed when it ends.
 */
export const optimizeProposing = pgTable('optimize_proposing', {
  runId: text('run_id')
    .primaryKey()
    .references(() => evaluationRun.id, { onDelete: 'cascade' }),
  /** The request holding it: only that one removes it. */
  token: text('token').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One user's AI Mentor conversation about one agent of a sub account. */
export const mentorThread = pgTable(
  'mentor_thread',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agent.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mentor_thread_owner_agent_idx').on(table.subaccountId, table.userId, table.agentId)],
);

export const mentorMessage = pgTable(
  'mentor_message',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => mentorThread.id, { onDelete: 'cascade' }),
    /** Orders a thread's messages even when two share a timestamp. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    actions: jsonb('actions').$type<MentorAction[]>().notNull().default([]),
    isOffline: boolean('is_offline').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mentor_message_thread_position_idx').on(table.threadId, table.position)],
);
