import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WhiteLabelSettings } from '@agentry/core/subaccounts';
import { organization, user } from '../auth/auth.tables';

/** Per sub account look: the workspace theme and primary colour (docs/product/accounts-and-team.md#account-area-connectid, Theme). */
export const subaccountSettings = pgTable(
  'subaccount_settings',
  {
    subaccountId: text('subaccount_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The agency user whose plan and credits this sub account uses (its creator). */
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    isDarkMode: boolean('is_dark_mode').notNull().default(true),
    primaryColor: text('primary_color').notNull().default('#43c0b8'),
    /** Set when a downgrade locks this sub account (billing: subaccount lock); read-only until an upgrade. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** White-label fields (plans with white-label sub accounts); null until first saved. */
    whiteLabel: jsonb('white_label').$type<WhiteLabelSettings>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The lock state, read on every chat message and write, counts the owner's sub accounts.
  (table) => [index('subaccount_settings_owner_idx').on(table.ownerUserId)],
);
