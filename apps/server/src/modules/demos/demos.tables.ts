import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DemoSettings, DemoType } from '@agentry/core/demos';
import { organization, user } from '../auth/auth.tables';
import { agent } from '../agents/agents.tables';

/**
 * A shareable demo of an agent (docs/product/demos.md#settings, Demo). Its id is public and unguessable: it is the
 * whole credential of /shared/:demoId. When the agent is deleted the demo stays with a null
 * build_id and answers 'Demo is missing configuration...'.
 */
export const demo = pgTable(
  'demo',
  {
    id: text('id').primaryKey(),
    subaccountId: text('subaccount_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<DemoType>().notNull(),
    buildId: text('build_id').references(() => agent.id, { onDelete: 'set null' }),
    logoUrl: text('logo_url').notNull().default(''),
    avatarUrl: text('avatar_url').notNull().default(''),
    logoWidth: integer('logo_width').notNull().default(100),
    settings: jsonb('settings').$type<DemoSettings>().notNull(),
    /** Visitor requests used; only ever raised by a conditional update below request_limit. */
    requestCount: integer('request_count').notNull().default(0),
    requestLimit: integer('request_limit').notNull().default(100),
    createdByUserId: text('created_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('demo_subaccount_created_idx').on(table.subaccountId, table.createdAt),
    index('demo_build_idx').on(table.buildId),
    check('demo_request_count_nonnegative', sql`${table.requestCount} >= 0`),
  ],
);
