import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organization, user } from '../auth/auth.tables';

/**
 * Invitations to a sub account (docs/decisions/team-invitations.md). Only the SHA-256 of the
 * link's token is stored; resending replaces it, so an older link stops working.
 */
export const teamInvitation = pgTable(
  'team_invitation',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** admin | member | viewer */
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** pending | accepted | revoked */
    status: text('status').notNull().default('pending'),
    invitedByUserId: text('invited_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    acceptedByUserId: text('accepted_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    index('team_invitation_subaccount_idx').on(table.subaccountId),
    uniqueIndex('team_invitation_pending_email_idx')
      .on(table.subaccountId, table.email)
      .where(sql`${table.status} = 'pending'`),
  ],
);
