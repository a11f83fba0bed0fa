import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';

/** Every way credits move; the ledger is the only record of a movement. */
export const creditLedgerKinds = [
  'grant',
  'expire',
  'upgrade_proration',
  'pack',
  'promo',
  'usage',
  'hold',
  'release',
  'adjustment',
  'debt_payment',
  /** Credits a refunded payment had granted, taken back. */
  'refund',
  /** Credits a disputed payment had granted, taken back; given back when the dispute is won. */
  'dispute',
] as const;
export type CreditLedgerKind = (typeof creditLedgerKinds)[number];

/**
 * Per billing user: plan credits (reset every period) and bonus credits (never expire), in
 * millicredits. Changed only by conditional UPDATEs inside the transaction that also appends
 * the ledger entry, so the two never disagree. Bonus credits go below zero in two cases: a
 * call whose reported usage exceeded both its hold and the balance, and a refunded or disputed
 * payment whose credits were already spent. That negative amount is owed; every debit requires
 * a positive total, so billed calls stop until a grant covers it (bonus grants add to it
 * directly, a plan grant pays it first).
 */
export const creditBalance = pgTable(
  'credit_balance',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    planMillicredits: bigint('plan_millicredits', { mode: 'number' }).notNull().default(0),
    bonusMillicredits: bigint('bonus_millicredits', { mode: 'number' }).notNull().default(0),
    /**
     * Scratch value written by the same UPDATE that debits or resets the plan bucket: the plan
     * share of that debit (or the plan credits a reset replaced). Postgres evaluates SET
     * expressions against the old row, so this splits a debit without a read before the write.
     */
    lastPlanDebitMillicredits: bigint('last_plan_debit_millicredits', { mode: 'number' }).notNull().default(0),
    /** Plan credits granted for the current period (period grant plus any upgrade proration). */
    planLimitMillicredits: bigint('plan_limit_millicredits', { mode: 'number' }).notNull().default(0),
    /** The grant that opened the current period; a hold taken in an older period returns no plan credits. */
    periodKey: text('period_key').notNull().default(''),
    periodStartedAt: timestamp('period_started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('credit_balance_plan_nonnegative', sql`${table.planMillicredits} >= 0`)],
);

/** Append-only. Deltas are signed millicredits; the sum of a user's entries equals their balance. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: creditLedgerKinds }).notNull(),
    planDelta: bigint('plan_delta', { mode: 'number' }).notNull().default(0),
    bonusDelta: bigint('bonus_delta', { mode: 'number' }).notNull().default(0),
    /** A repeat of the same movement (webhook redelivery, retried request) conflicts here and does nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What caused it: invoice id, hold id, promo code, checkout session. */
    reference: text('reference'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('credit_ledger_user_created_idx').on(table.userId, table.createdAt)],
);

export const creditHoldStatuses = ['held', 'settled', 'released'] as const;

/** A reservation for an LLM call: debited up front, settled with the real cost or released. */
export const creditHold = pgTable(
  'credit_hold',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planMillicredits: bigint('plan_millicredits', { mode: 'number' }).notNull(),
    bonusMillicredits: bigint('bonus_millicredits', { mode: 'number' }).notNull(),
    periodKey: text('period_key').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: creditHoldStatuses }).notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('credit_hold_status_created_idx').on(table.status, table.createdAt)],
);
