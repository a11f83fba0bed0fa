import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local (embedded) payment provider's own records: customers, checkout sessions,
 * subscriptions, invoices, charges and their disputes. Kept in the database so several instances and restarts agree.
 */
export const localBillingObject = pgTable(
  'local_billing_object',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: ['customer', 'checkout_session', 'subscription', 'invoice', 'charge', 'dispute'],
    }).notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('local_billing_object_kind_customer_idx').on(table.kind, table.customerId)],
);

/** The local provider's adjustable clock: an offset added to the real time. */
export const localBillingClock = pgTable('local_billing_clock', {
  id: text('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
