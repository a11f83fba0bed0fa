import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages the log mailer "sent" (no SMTP configured). Kept in the database, not in memory,
 * so the dev mailbox works with several server instances and across restarts.
 */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_mailbox_to_created_idx').on(table.to, table.createdAt)],
);
