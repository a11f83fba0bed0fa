import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organization, user } from '../auth/auth.tables';

/** A public API key of a sub account: only its SHA-256 hash is kept; the secret is shown once. */
export const apiKey = pgTable(
  'api_key',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, to recognise it in a list. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_key_subaccount_idx').on(table.subaccountId)],
);
