import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FilePurpose } from '@agentry/core/files';
import { user } from '../auth/auth.tables';

/**
 * An uploaded file. The bytes live in the storage adapter under `storageKey`, which the
 * server makes up: the user's file name is kept only as data, never as a path.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<FilePurpose>().notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_file_owner_idx').on(table.ownerUserId, table.createdAt)],
);
