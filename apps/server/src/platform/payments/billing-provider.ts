import type { FastifyInstance } from 'fastify';
import type { PriceDiscount } from '@agentry/core/pricing';

/**
 * The payment provider as the billing module sees it. Two implementations, chosen once in
 * create-billing-provider.ts: Stripe, and the embedded local provider (a built-in TEST MODE
 * checkout page). Objects are read fresh from the provider; events carry only what changed.
 */
export type BillingProvider = {
  kind: 'stripe' | 'local';
  /** The price id this provider sells a catalogue key under, or null when it does not sell it. */
  priceIdFor: (key: string) => { priceId: string | null; livePriceId: string | null };
  /** The provider's notion of now (the local provider's clock can be advanced). */
  now: () => Promise<Date>;
  createCustomer: (options: { userId: string; email: string; name: string; idempotencyKey: string }) => Promise<string>;
  createCheckoutSession: (options: CheckoutSessionOptions) => Promise<{ id: string; url: string }>;
  retrieveCheckoutSession: (id: string) => Promise<ProviderCheckoutSession | null>;
  /** The customer's checkout sessions created since `since`, whatever their status, newest first. */
  listCheckoutSessions: (options: { customerId: string; since: Date }) => Promise<ProviderCheckoutSession[]>;
  /**
   * Closes an open session so nobody can pay on it. Answers the status it ended in: 'complete'
   * when it was paid before it could be closed.
   */
  expireCheckoutSession: (id: string) => Promise<'expired' | 'complete'>;
  retrievePrice: (priceId: string) => Promise<ProviderPrice | null>;
  retrieveSubscription: (id: string) => Promise<ProviderSubscription | null>;
  retrieveInvoice: (id: string) => Promise<ProviderInvoice | null>;
  /** A payment, with what has been refunded of it, what it paid for, and its dispute if any. */
  retrieveCharge: (id: string) => Promise<ProviderCharge | null>;
  retrieveDispute: (id: string) => Promise<ProviderDispute | null>;
  /** A refund of a payment (its events name the refund); null when unknown. */
  retrieveRefund: (id: string) => Promise<{ id: string; chargeId: string } | null>;
  /** The invoice an immediate price change would produce, prorated at `prorationDate`. */
  previewPriceChange: (options: PriceChangeOptions) => Promise<ProviderInvoice>;
  /** Immediate change: always_invoice proration, pending_if_incomplete payment (a failed payment changes nothing). */
  changePrice: (options: PriceChangeOptions & { paymentMethodId: string | null }) => Promise<PriceChangeResult>;
  /** A change at the end of the current period, through a subscription schedule. */
  scheduleDowngrade: (options: {
    subscriptionId: string;
    newPriceId: string;
    idempotencyKey: string;
  }) => Promise<{ scheduleId: string; effectiveDate: Date }>;
  /** The subscription a schedule belongs (or, once released, belonged) to. */
  retrieveScheduleSubscriptionId: (scheduleId: string) => Promise<string | null>;
  /** Cancels a scheduled change by releasing the schedule. */
  releaseSchedule: (options: { scheduleId: string; idempotencyKey: string }) => Promise<void>;
  setCancelAtPeriodEnd: (options: {
    subscriptionId: string;
    cancelAtPeriodEnd: boolean;
    idempotencyKey: string;
  }) => Promise<void>;
  createPortalSession: (options: {
    customerId: string;
    returnUrl: string;
    idempotencyKey: string;
  }) => Promise<{ url: string }>;
  /** Checks a webhook's signature and answers its event; throws when it does not verify. */
  verifyWebhook: (rawBody: Buffer, signature: string | undefined) => BillingEvent;
  /** Where events go (the local provider emits them itself; Stripe's arrive by webhook). */
  setEventSink: (sink: (event: BillingEvent) => Promise<void>) => void;
  /** Routes the provider serves itself (the local checkout page); Stripe has none. */
  registerRoutes: (app: FastifyInstance) => void;
};

export type CheckoutSessionOptions = {
  mode: 'subscription' | 'payment' | 'setup';
  customerId: string;
  /** Absent in setup mode. */
  priceId: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** Our own discount (a promotion or an offer's): a Stripe coupon under discount.couponId. */
  discount?: PriceDiscount;
  /** What the first payment charges (computeAmountDue), for a provider that prices itself. */
  amountDueCents?: number;
  /** A promotion code the operator created in Stripe (not one of ours): Stripe prices it. */
  promotionCode?: string;
  referralId?: string;
  /** Shown on the local page for a setup session: what confirming will charge. */
  description?: string;
  idempotencyKey: string;
};

export type ProviderCheckoutSession = {
  id: string;
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  subscriptionId: string | null;
  priceId: string | null;
  /** The payment method a setup session collected. */
  paymentMethodId: string | null;
  /** What the session charges, discounts applied (minor units); null in setup mode. */
  amountTotal: number | null;
  metadata: Record<string, string>;
};

export type ProviderPrice = {
  id: string;
  unitAmount: number | null;
  currency: string;
  interval: 'month' | 'year' | null;
};

export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'canceled' | 'paused';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  priceId: string | null;
  itemId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  scheduleId: string | null;
  /** From the schedule's next phase, when a change is scheduled. */
  scheduledPriceId: string | null;
  scheduledChangeDate: Date | null;
  /** A change waiting for its payment (pending_if_incomplete): not applied. */
  hasPendingUpdate: boolean;
  metadata: Record<string, string>;
};

export type ProviderInvoiceLine = {
  priceId: string | null;
  amount: number;
  isProration: boolean;
  periodStart: Date;
  periodEnd: Date;
};

export type ProviderInvoice = {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  billingReason: string | null;
  currency: string;
  amountDue: number;
  amountPaid: number;
  lines: ProviderInvoiceLine[];
};

/** open until the bank decides; an inquiry that closed, or a dispute prevented, reads as won. */
export type DisputeStatus = 'open' | 'won' | 'lost';

export type ProviderDispute = { id: string; chargeId: string; status: DisputeStatus };

export type ProviderCharge = {
  id: string;
  customerId: string | null;
  amountCents: number;
  /** Cumulative: every refund of the charge so far, including those that later failed. It never goes down. */
  amountRefundedCents: number;
  /**
   * Cumulative: the refunds that failed or were canceled (the money stayed with us), within
   * amountRefundedCents. It never goes down either: what is refunded is the difference.
   */
  refundFailedCents: number;
  /** The subscription invoice it paid, if any. */
  invoiceId: string | null;
  /** The checkout session it paid: a payment-mode session, or the session whose subscription's first invoice it paid. */
  checkoutSessionId: string | null;
  /** A charge is disputed at most once. */
  dispute: { id: string; status: DisputeStatus } | null;
};

export type PriceChangeOptions = {
  customerId: string;
  subscriptionId: string;
  itemId: string;
  newPriceId: string;
  prorationDate: Date;
  idempotencyKey: string;
};

export type PriceChangeResult = {
  subscription: ProviderSubscription;
  invoice: ProviderInvoice | null;
  /** card_declined, insufficient_funds, ... when the payment failed and the change stayed pending. */
  paymentErrorCode: string | null;
};

export type BillingEvent = { id: string; type: string; objectId: string };

export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A payment the provider refused (card declined and the like). */
export class PaymentDeclinedError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`Payment declined: ${code}`);
    this.name = 'PaymentDeclinedError';
    this.code = code;
  }
}
