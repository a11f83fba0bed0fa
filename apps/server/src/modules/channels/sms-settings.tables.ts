import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organization } from '../auth/auth.tables';

/** The SMS area's appearance, one row per sub account (absent: the defaults). */
export const smsSettings = pgTable('sms_settings', {
  subaccountId: text('subaccount_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  logoUrl: text('logo_url'),
  theme: text('theme').$type<'dark' | 'light'>().notNull(),
  primaryColor: text('primary_color').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
