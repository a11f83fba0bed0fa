import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
import { localBillingClock, localBillingObject } from './local-billing.tables';

const IsoDate = z.string();

export const LocalCustomer = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** The payment method the last checkout left on file; pm_local_declined fails every charge. */
  paymentMethodId: z.string().nullable(),
});
export type LocalCustomer = z.infer<typeof LocalCustomer>;

/** A percentage off each invoice; remainingPeriods null means every period. */
export const LocalDiscount = z.object({
  couponId: z.string(),
  percentOff: z.number(),
  remainingPeriods: z.number().int().positive().nullable(),
});
export type LocalDiscount = z.infer<typeof LocalDiscount>;

export const LocalCheckoutSession = z.object({
  id: z.string(),
  mode: z.enum(['subscription', 'payment', 'setup']),
  customerId: z.string(),
  priceId: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  metadata: z.record(z.string(), z.string()),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  subscriptionId: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  description: z.string().nullable(),
  couponId: z.string().nullable(),
  promotionCode: z.string().nullable(),
  /** What paying the session charges (discount applied); null for setup sessions and older rows. */
  amountDueCents: z.number().int().nullable().default(null),
  discount: LocalDiscount.nullable().default(null),
  /** Null on rows written before it was kept. */
  createdAt: IsoDate.nullable().default(null),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSession>;

export const LocalSubscription = z.object({
  id: z.string(),
  customerId: z.string(),
  status: z.enum(['active', 'past_due', 'canceled', 'incomplete']),
  priceId: z.string(),
  itemId: z.string(),
  currentPeriodStart: IsoDate,
  currentPeriodEnd: IsoDate,
  cancelAtPeriodEnd: z.boolean(),
  endedAt: IsoDate.nullable(),
  schedule: z.object({ id: z.string(), priceId: z.string(), date: IsoDate }).nullable(),
  metadata: z.record(z.string(), z.string()),
  /** The discount still to apply to the coming invoices. */
  discount: LocalDiscount.nullable().default(null),
});
export type LocalSubscription = z.infer<typeof LocalSubscription>;

export const LocalInvoice = z.object({
  id: z.string(),
  customerId: z.string(),
  subscriptionId: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  billingReason: z.string().nullable(),
  currency: z.string(),
  amountDue: z.number(),
  amountPaid: z.number(),
  lines: z.array(
    z.object({
      priceId: z.string().nullable(),
      amount: z.number(),
      isProration: z.boolean(),
      periodStart: IsoDate,
      periodEnd: IsoDate,
    }),
  ),
});
export type LocalInvoice = z.infer<typeof LocalInvoice>;

/** A payment above zero: a paid invoice, or a paid payment-mode checkout. */
export const LocalCharge = z.object({
  id: z.string(),
  customerId: z.string(),
  amountCents: z.number().int().positive(),
  amountRefundedCents: z.number().int().nonnegative(),
  invoiceId: z.string().nullable(),
  /** The checkout it paid: a payment-mode session, or the one whose subscription's first invoice it paid. */
  checkoutSessionId: z.string().nullable(),
  disputeId: z.string().nullable(),
  createdAt: IsoDate,
});
export type LocalCharge = z.infer<typeof LocalCharge>;

export const LocalDispute = z.object({
  id: z.string(),
  chargeId: z.string(),
  status: z.enum(['open', 'won', 'lost']),
  createdAt: IsoDate,
});
export type LocalDispute = z.infer<typeof LocalDispute>;

const schemas = {
  customer: LocalCustomer,
  checkout_session: LocalCheckoutSession,
  subscription: LocalSubscription,
  invoice: LocalInvoice,
  charge: LocalCharge,
  dispute: LocalDispute,
};
type Kind = keyof typeof schemas;
type ValueOf<K extends Kind> = z.infer<(typeof schemas)[K]>;

const CLOCK_ID = 'clock';

/** The local provider's records, validated on every read. */
export function createLocalBillingStore(db: Database) {
  return {
    async get<K extends Kind>(kind: K, id: string): Promise<ValueOf<K> | null> {
      const [row] = await db
        .select({ data: localBillingObject.data })
        .from(localBillingObject)
        .where(and(eq(localBillingObject.id, id), eq(localBillingObject.kind, kind)))
        .limit(1);
      return row ? (schemas[kind].parse(row.data) as ValueOf<K>) : null;
    },
    async list<K extends Kind>(kind: K, customerId?: string): Promise<ValueOf<K>[]> {
      const rows = await db
        .select({ data: localBillingObject.data })
        .from(localBillingObject)
        .where(
          customerId
            ? and(eq(localBillingObject.kind, kind), eq(localBillingObject.customerId, customerId))
            : eq(localBillingObject.kind, kind),
        );
      return rows.map((row) => schemas[kind].parse(row.data) as ValueOf<K>);
    },
    async put<K extends Kind>(kind: K, value: ValueOf<K> & { id: string }, customerId: string | null): Promise<void> {
      const data = schemas[kind].parse(value) as Record<string, unknown>;
      await db
        .insert(localBillingObject)
        .values({ id: value.id, kind, customerId, data })
        .onConflictDoUpdate({ target: localBillingObject.id, set: { data, updatedAt: new Date() } });
    },
    /** Inserts only when the id is new: answers whether it was. */
    async putIfAbsent<K extends Kind>(
      kind: K,
      value: ValueOf<K> & { id: string },
      customerId: string | null,
    ): Promise<boolean> {
      const data = schemas[kind].parse(value) as Record<string, unknown>;
      const inserted = await db
        .insert(localBillingObject)
        .values({ id: value.id, kind, customerId, data })
        .onConflictDoNothing()
        .returning({ id: localBillingObject.id });
      return inserted.length > 0;
    },
    /** Replaces a record only while `field` still holds `expected` (a double click pays once). */
    async replaceIf<K extends Kind>(
      kind: K,
      value: ValueOf<K> & { id: string },
      field: string,
      expected: string,
    ): Promise<boolean> {
      const data = schemas[kind].parse(value) as Record<string, unknown>;
      const updated = await db
        .update(localBillingObject)
        .set({ data, updatedAt: new Date() })
        .where(
          and(
            eq(localBillingObject.id, value.id),
            eq(localBillingObject.kind, kind),
            sql`${localBillingObject.data} ->> ${field} = ${expected}`,
          ),
        )
        .returning({ id: localBillingObject.id });
      return updated.length > 0;
    },
    async clockOffsetMs(): Promise<number> {
      const [row] = await db
        .select({ offsetMs: localBillingClock.offsetMs })
        .from(localBillingClock)
        .where(eq(localBillingClock.id, CLOCK_ID))
        .limit(1);
      return row?.offsetMs ?? 0;
    },
    async advanceClock(milliseconds: number): Promise<number> {
      const [row] = await db
        .insert(localBillingClock)
        .values({ id: CLOCK_ID, offsetMs: milliseconds })
        .onConflictDoUpdate({
          target: localBillingClock.id,
          set: { offsetMs: sql`${localBillingClock.offsetMs} + ${milliseconds}::bigint`, updatedAt: new Date() },
        })
        .returning({ offsetMs: localBillingClock.offsetMs });
      return row?.offsetMs ?? milliseconds;
    },
  };
}

export type LocalBillingStore = ReturnType<typeof createLocalBillingStore>;
