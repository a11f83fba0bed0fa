import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlanCapabilities } from '@agentry/core/plans';
import { user } from '../auth/auth.tables';

/** The catalogue (plans, offers, packs) seeded from packages/core at start-up, with the provider's price ids. */
export const billingPrice = pgTable(
  'billing_price',
  {
    key: text('key').primaryKey(),
    kind: text('kind', { enum: ['plan', 'offer', 'pack'] }).notNull(),
    mode: text('mode', { enum: ['subscription', 'payment'] }).notNull(),
    planFamily: text('plan_family'),
    tierCode: text('tier_code'),
    interval: text('interval', { enum: ['month', 'year', 'lifetime'] }),
    amountCents: integer('amount_cents'),
    currency: text('currency').notNull().default('usd'),
    creditLimit: integer('credit_limit').notNull().default(0),
    bonusCredits: integer('bonus_credits').notNull().default(0),
    displayName: text('display_name').notNull(),
    displayDescription: text('display_description'),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    capabilities: jsonb('capabilities').$type<PlanCapabilities>(),
    /** The provider's price id for this mode (Stripe test or live, or the local provider's). */
    providerPriceId: text('provider_price_id'),
    /** Set only when the Stripe key is a live key. */
    providerPriceIdLive: text('provider_price_id_live'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_price_provider_price_idx').on(table.providerPriceId)],
);

/** One payment-provider customer per billing user, created before the first checkout. */
export const billingCustomer = pgTable('billing_customer', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Our copy of each subscription, always rewritten from a fresh read of the provider (never
 * from an event's payload), so events may arrive in any order. A lifetime purchase is a row
 * with interval 'lifetime' and no period end.
 */
export const billingSubscription = pgTable(
  'billing_subscription',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id'),
    itemId: text('item_id'),
    interval: text('interval', { enum: ['month', 'year', 'lifetime'] }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    scheduleId: text('schedule_id'),
    scheduledPriceId: text('scheduled_price_id'),
    scheduledChangeDate: timestamp('scheduled_change_date', { withTimezone: true }),
    hasPendingUpdate: boolean('has_pending_update').notNull().default(false),
    /**
     * When the provider read this row was written from began. Two handlers' reads and writes can
     * cross; the write of an older read never replaces a newer one (null: written before it was kept).
     */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_subscription_user_idx').on(table.userId)],
);

/** Provider events already handled: a redelivery finds its id here and does nothing. */
export const billingEvent = pgTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's plan checkout being opened, by one server instance at a time: the checkout reads the
 * account's open plan pages, opens its own and closes the others, and two instances doing that at
 * once would each miss the other's page. A lease: `until` lets another instance take over from one
 * that died holding it.
 */
export const planCheckoutLock = pgTable('plan_checkout_lock', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * An upgrade from preview to payment: the proration date fixed by the preview is the one the
 * change uses, and the checkout session finalizes it once.
 */
export const billingUpgrade = pgTable(
  'billing_upgrade',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    fromPriceId: text('from_price_id').notNull(),
    toPriceId: text('to_price_id').notNull(),
    prorationDate: timestamp('proration_date', { withTimezone: true }).notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    status: text('status', { enum: ['previewed', 'checkout', 'applying', 'applied', 'failed'] })
      .notNull()
      .default('previewed'),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_upgrade_user_idx').on(table.userId, table.toPriceId)],
);

/** Our own promo codes: bonus credits, optional expiry and maximum redemptions, once per user. */
export const promoCode = pgTable('promo_code', {
  /** Stored upper-case; redemption matches case-insensitively. */
  code: text('code').primaryKey(),
  bonusCredits: integer('bonus_credits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  redemptionsCount: integer('redemptions_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const promoRedemption = pgTable(
  'promo_redemption',
  {
    code: text('code')
      .notNull()
      .references(() => promoCode.code, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bonusCredits: integer('bonus_credits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.code, table.userId] })],
);
