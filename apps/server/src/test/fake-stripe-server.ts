import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe on loopback for tests: the endpoints the billing module calls, answering
 * objects in the shape of the SDK's API version (subscription items carry the period,
 * invoice lines carry pricing and parent details). The real SDK talks to it through its
 * host/port/protocol options. Events it would send are kept in an outbox; tests deliver
 * them (signed with the SDK's own helper) in any order, any number of times.
 */

type Json = Record<string, unknown>;
type FakePrice = { id: string; unit_amount: number; interval: 'month' | 'year' | null };
type FakeSubscription = {
  id: string;
  customer: string;
  status: string;
  item: { id: string; price: string; current_period_start: number; current_period_end: number };
  cancel_at_period_end: boolean;
  ended_at: number | null;
  schedule: string | null;
  pending_update: Json | null;
  latest_invoice: string | null;
  default_payment_method: string | null;
  metadata: Record<string, string>;
  created: number;
};
type FakeLine = {
  price: string;
  amount: number;
  proration: boolean;
  start: number;
  end: number;
  subscriptionItem: string;
};
type FakeInvoice = {
  id: string;
  customer: string;
  subscription: string | null;
  status: string;
  billing_reason: string;
  lines: FakeLine[];
  amount_due: number;
  amount_paid: number;
  created: number;
  paymentError: string | null;
  /** The payment that paid it (Stripe links invoices to charges through invoice payments). */
  payment_intent: string | null;
};
type FakeSession = {
  id: string;
  mode: 'subscription' | 'payment' | 'setup';
  customer: string;
  price: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  subscription: string | null;
  setup_payment_method: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  discounts: Json[] | null;
  allow_promotion_codes: boolean;
  /** The one coupon the discounts resolve to, if any. */
  coupon: string | null;
  created: number;
  /** Payment mode: the payment intent that paid it. */
  payment_intent: string | null;
  /** Subscription mode: the subscription's first invoice. */
  invoice: string | null;
};
type FakeCoupon = {
  id: string;
  name: string | null;
  percent_off: number;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  created: number;
};
type FakeSchedule = {
  id: string;
  subscription: string | null;
  customer: string;
  status: 'active' | 'released';
  released_subscription: string | null;
  phases: { price: string; start_date: number; end_date: number }[];
};
type FakeCharge = {
  id: string;
  customer: string;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  /** Not on Stripe's charge object (invoice payments link them); kept here for chargeOf. */
  invoice: string | null;
  dispute: string | null;
  created: number;
};
type FakeRefund = {
  id: string;
  charge: string;
  amount: number;
  status: 'succeeded' | 'failed';
  failure_reason: string | null;
  reason: string | null;
  created: number;
};
/** Stripe's statuses: `warning_*` are an inquiry's (a retrieval request, no funds withdrawn). */
type FakeDisputeStatus = 'warning_needs_response' | 'warning_closed' | 'needs_response' | 'won' | 'lost' | 'prevented';
type FakeDispute = {
  id: string;
  charge: string;
  amount: number;
  status: FakeDisputeStatus;
  /** Stripe's is_charge_refundable: the charge may still be refunded while the dispute is open. */
  is_charge_refundable: boolean;
  created: number;
};
const OPEN_DISPUTE_STATUSES: FakeDisputeStatus[] = ['warning_needs_response', 'needs_response'];
export type FakeEvent = { id: string; type: string; object: Json };

export const DECLINED_CARD = 'pm_card_chargeDeclinedInsufficientFunds';
export const GOOD_CARD = 'pm_card_visa';
const DAY = 24 * 60 * 60;

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function addInterval(seconds: number, interval: 'month' | 'year' | null) {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** Stripe's form encoding (a[b][0][c]=x) to nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      const isLast = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (isLast) node[key] = value;
      else node = (node[key] ??= {}) as Json;
    });
  }
  return toArrays(root) as Json;
}

function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([key, child]) => [key, toArrays(child)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)))
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, child]) => child);
  return Object.fromEntries(entries);
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const missing = (kind: string, id: string) =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });

export async function startFakeStripeServer(options: {
  prices: FakePrice[];
  webhookSecret: string;
  promotionCodes?: Record<string, string>;
}) {
  const prices = new Map(options.prices.map((price) => [price.id, price]));
  const customers = new Map<string, Json>();
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const schedules = new Map<string, FakeSchedule>();
  const coupons = new Map<string, FakeCoupon>();
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();
  const refunds = new Map<string, FakeRefund>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const outbox: FakeEvent[] = [];
  const requests: { method: string; path: string; params: Json; idempotencyKey: string | undefined }[] = [];
  const stripe = new Stripe('sk_test_fake');

  function priceObject(id: string) {
    const price = prices.get(id);
    if (!price) throw missing('price', id);
    return {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: price.unit_amount,
      unit_amount_decimal: String(price.unit_amount),
      product: `prod_${id}`,
      type: price.interval ? 'recurring' : 'one_time',
      recurring: price.interval ? { interval: price.interval, interval_count: 1, usage_type: 'licensed' } : null,
      livemode: false,
      metadata: {},
    };
  }

  function subscriptionObject(subscription: FakeSubscription, expandInvoice = false): Json {
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      currency: 'usd',
      created: subscription.created,
      start_date: subscription.created,
      billing_cycle_anchor: subscription.item.current_period_start,
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at_period_end ? subscription.item.current_period_end : null,
      canceled_at: subscription.status === 'canceled' ? subscription.ended_at : null,
      ended_at: subscription.ended_at,
      schedule: subscription.schedule,
      pending_update: subscription.pending_update,
      latest_invoice:
        expandInvoice && subscription.latest_invoice
          ? invoiceObject(invoices.get(subscription.latest_invoice) as FakeInvoice)
          : subscription.latest_invoice,
      default_payment_method: subscription.default_payment_method,
      metadata: subscription.metadata,
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscription.id}`,
        data: [
          {
            id: subscription.item.id,
            object: 'subscription_item',
            created: subscription.created,
            current_period_start: subscription.item.current_period_start,
            current_period_end: subscription.item.current_period_end,
            price: priceObject(subscription.item.price),
            quantity: 1,
            subscription: subscription.id,
            metadata: {},
            discounts: [],
            tax_rates: [],
          },
        ],
      },
    };
  }

  function invoiceObject(invoice: FakeInvoice): Json {
    return {
      id: invoice.id,
      object: 'invoice',
      customer: invoice.customer,
      status: invoice.status,
      billing_reason: invoice.billing_reason,
      currency: 'usd',
      amount_due: invoice.amount_due,
      amount_paid: invoice.amount_paid,
      amount_remaining: invoice.amount_due - invoice.amount_paid,
      created: invoice.created,
      period_start: invoice.lines[0]?.start ?? invoice.created,
      period_end: invoice.lines[0]?.end ?? invoice.created,
      livemode: false,
      parent: invoice.subscription
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: invoice.subscription, metadata: {} },
          }
        : null,
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${invoice.id}/lines`,
        data: invoice.lines.map((line, index) => ({
          id: `il_${invoice.id}_${index}`,
          object: 'line_item',
          amount: line.amount,
          currency: 'usd',
          description: line.proration ? (line.amount < 0 ? 'Unused time' : 'Remaining time') : '1 x plan',
          invoice: invoice.id,
          livemode: false,
          metadata: {},
          period: { start: line.start, end: line.end },
          pricing: {
            type: 'price_details',
            price_details: { price: line.price, product: `prod_${line.price}` },
            unit_amount_decimal: String(line.amount),
          },
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: null,
              subscription: invoice.subscription,
              subscription_item: line.subscriptionItem,
            },
          },
          quantity: 1,
        })),
      },
    };
  }

  function sessionObject(session: FakeSession, expand: string[] = []): Json {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode,
      status: session.status,
      payment_status: session.payment_status,
      customer: session.customer,
      subscription: session.subscription,
      payment_intent: session.payment_intent,
      invoice: session.invoice,
      success_url: session.success_url,
      cancel_url: session.cancel_url,
      url: session.status === 'open' ? `https://checkout.stripe.test/c/pay/${session.id}` : null,
      ...sessionAmounts(session),
      discounts: session.coupon ? [{ coupon: session.coupon, promotion_code: null }] : [],
      metadata: session.metadata,
      livemode: false,
      setup_intent:
        session.mode === 'setup'
          ? expand.includes('setup_intent')
            ? {
                id: `seti_${session.id}`,
                object: 'setup_intent',
                payment_method: session.setup_payment_method,
                status: session.status === 'complete' ? 'succeeded' : 'requires_payment_method',
              }
            : `seti_${session.id}`
          : null,
      ...(expand.includes('line_items') && session.price
        ? {
            line_items: {
              object: 'list',
              has_more: false,
              url: `/v1/checkout/sessions/${session.id}/line_items`,
              data: [{ id: `li_${session.id}`, object: 'item', quantity: 1, price: priceObject(session.price) }],
            },
          }
        : {}),
    };
  }

  function couponObject(coupon: FakeCoupon): Json {
    return {
      id: coupon.id,
      object: 'coupon',
      name: coupon.name,
      percent_off: coupon.percent_off,
      amount_off: null,
      currency: null,
      duration: coupon.duration,
      duration_in_months: coupon.duration_in_months,
      valid: true,
      times_redeemed: 0,
      created: coupon.created,
      livemode: false,
      metadata: {},
    };
  }

  /** Stripe's percent_off: the discount rounded to the cent. */
  function discounted(amount: number, couponId: string | null) {
    const coupon = couponId ? coupons.get(couponId) : undefined;
    return coupon ? amount - Math.round((amount * coupon.percent_off) / 100) : amount;
  }

  function sessionAmounts(session: FakeSession): Json {
    if (session.mode === 'setup' || !session.price)
      return {
        amount_subtotal: null,
        amount_total: null,
        total_details: null,
        currency: session.mode === 'setup' ? 'usd' : null,
      };
    const subtotal = prices.get(session.price)?.unit_amount ?? 0;
    const total = discounted(subtotal, session.coupon);
    return {
      currency: 'usd',
      amount_subtotal: subtotal,
      amount_total: total,
      total_details: { amount_discount: subtotal - total, amount_shipping: 0, amount_tax: 0 },
    };
  }

  function scheduleObject(schedule: FakeSchedule): Json {
    return {
      id: schedule.id,
      object: 'subscription_schedule',
      customer: schedule.customer,
      subscription: schedule.subscription,
      status: schedule.status,
      released_subscription: schedule.released_subscription,
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      phases: schedule.phases.map((phase) => ({
        start_date: phase.start_date,
        end_date: phase.end_date,
        items: [{ price: phase.price, quantity: 1, metadata: {} }],
        proration_behavior: 'create_prorations',
      })),
    };
  }

  function chargeObject(charge: FakeCharge): Json {
    return {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_captured: charge.amount,
      amount_refunded: charge.amount_refunded,
      balance_transaction: null,
      captured: true,
      created: charge.created,
      currency: 'usd',
      customer: charge.customer,
      description: null,
      disputed: charge.dispute !== null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: charge.payment_intent,
      payment_method: GOOD_CARD,
      refunded: charge.amount_refunded >= charge.amount,
      status: 'succeeded',
    };
  }

  function disputeObject(dispute: FakeDispute): Json {
    const charge = charges.get(dispute.charge);
    return {
      id: dispute.id,
      object: 'dispute',
      amount: dispute.amount,
      balance_transactions: [],
      charge: dispute.charge,
      created: dispute.created,
      currency: 'usd',
      evidence: {},
      is_charge_refundable: dispute.is_charge_refundable,
      livemode: false,
      metadata: {},
      payment_intent: charge?.payment_intent ?? null,
      reason: 'fraudulent',
      status: dispute.status,
    };
  }

  /** A successful payment: Stripe makes a charge (under a payment intent) for anything above zero. */
  function createCharge(customer: string, amount: number, invoice: string | null): FakeCharge | null {
    if (amount <= 0) return null;
    const charge: FakeCharge = {
      id: newId('ch'),
      customer,
      amount,
      amount_refunded: 0,
      payment_intent: newId('pi'),
      invoice,
      dispute: null,
      created: now(),
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function chargeInvoice(invoice: FakeInvoice) {
    invoice.payment_intent = createCharge(invoice.customer, invoice.amount_paid, invoice.id)?.payment_intent ?? null;
  }

  function chargeSession(session: FakeSession) {
    const total = Number(sessionAmounts(session).amount_total ?? 0);
    session.payment_intent = createCharge(session.customer, total, null)?.payment_intent ?? null;
  }

  function getCharge(params: Json): FakeCharge {
    const chargeId = typeof params.charge === 'string' ? params.charge : undefined;
    const intent = typeof params.payment_intent === 'string' ? params.payment_intent : undefined;
    const charge = chargeId
      ? charges.get(chargeId)
      : [...charges.values()].find((entry) => entry.payment_intent === intent);
    if (!charge) throw missing(chargeId ? 'charge' : 'payment_intent', chargeId ?? intent ?? '');
    return charge;
  }

  /** POST /v1/refunds: the amount defaults to what is left; Stripe refuses more than that. */
  function createRefund(params: Json): Json {
    const charge = getCharge(params);
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left <= 0)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        param: 'amount',
      });
    const dispute = charge.dispute ? disputes.get(charge.dispute) : undefined;
    // An open inquiry (or a dispute Stripe marks is_charge_refundable) may be refunded; a lost one not.
    if (dispute && !dispute.is_charge_refundable)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      });
    charge.amount_refunded += amount;
    const refund: FakeRefund = {
      id: newId('re'),
      charge: charge.id,
      amount,
      status: 'succeeded',
      failure_reason: null,
      reason: typeof params.reason === 'string' ? params.reason : null,
      created: now(),
    };
    refunds.set(refund.id, refund);
    emit('charge.refunded', chargeObject(charge));
    emit('refund.created', refundObject(refund));
    return refundObject(refund);
  }

  function refundObject(refund: FakeRefund): Json {
    return {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      balance_transaction: null,
      charge: refund.charge,
      created: refund.created,
      currency: 'usd',
      failure_reason: refund.failure_reason,
      metadata: {},
      payment_intent: charges.get(refund.charge)?.payment_intent ?? null,
      reason: refund.reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: refund.status,
      transfer_reversal: null,
    };
  }

  function emit(type: string, object: Json) {
    outbox.push({ id: newId('evt'), type, object });
  }

  function getSubscription(id: string) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  function createInvoice(
    subscription: FakeSubscription,
    billingReason: string,
    lines: FakeLine[],
    paymentMethod: string | null,
    /** A delayed payment method (SEPA, ACH): the invoice stays open until the payment settles. */
    isPaymentDelayed = false,
  ): FakeInvoice {
    const amount = Math.max(
      0,
      lines.reduce((sum, line) => sum + line.amount, 0),
    );
    const isDeclined = paymentMethod === DECLINED_CARD && amount > 0;
    const isPaid = !isDeclined && !isPaymentDelayed;
    const invoice: FakeInvoice = {
      id: newId('in'),
      customer: subscription.customer,
      subscription: subscription.id,
      status: isPaid ? 'paid' : 'open',
      billing_reason: billingReason,
      lines,
      amount_due: amount,
      amount_paid: isPaid ? amount : 0,
      created: now(),
      paymentError: isDeclined ? 'insufficient_funds' : null,
      payment_intent: null,
    };
    invoices.set(invoice.id, invoice);
    if (isPaid) chargeInvoice(invoice);
    return invoice;
  }

  /** Stripe's proration of a price change at `at`: unused old time credited, remaining new time charged, or a new cycle when the interval changes. */
  function prorationLines(subscription: FakeSubscription, newPriceId: string, at: number): FakeLine[] {
    const oldPrice = prices.get(subscription.item.price);
    const newPrice = prices.get(newPriceId);
    if (!oldPrice || !newPrice) throw missing('price', newPriceId);
    const { current_period_start: start, current_period_end: end } = subscription.item;
    const fraction = Math.min(1, Math.max(0, (end - at) / (end - start)));
    const lines: FakeLine[] = [
      {
        price: oldPrice.id,
        amount: -Math.round(oldPrice.unit_amount * fraction),
        proration: true,
        start: at,
        end,
        subscriptionItem: subscription.item.id,
      },
    ];
    if (oldPrice.interval !== newPrice.interval) {
      lines.push({
        price: newPrice.id,
        amount: newPrice.unit_amount,
        proration: false,
        start: at,
        end: addInterval(at, newPrice.interval),
        subscriptionItem: subscription.item.id,
      });
    } else {
      lines.push({
        price: newPrice.id,
        amount: Math.round(newPrice.unit_amount * fraction),
        proration: true,
        start: at,
        end,
        subscriptionItem: subscription.item.id,
      });
    }
    return lines;
  }

  const paidBeforeExpiring = new Set<string>();

  function handle(method: string, path: string, params: Json): unknown {
    const segments = path.split('/').filter(Boolean).slice(1);
    const [resource, id, action] = segments;
    const expand = (Array.isArray(params.expand) ? params.expand : []) as string[];

    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: params.email,
        name: params.name,
        metadata: params.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (resource === 'prices' && method === 'GET' && id) return priceObject(id);
    if (resource === 'coupons') {
      if (method === 'GET' && id) {
        const coupon = coupons.get(id);
        if (!coupon) throw missing('coupon', id);
        return couponObject(coupon);
      }
      if (method === 'POST' && !id) {
        const couponId = typeof params.id === 'string' ? params.id : newId('coupon');
        if (coupons.has(couponId))
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: 'Coupon already exists.',
            param: 'id',
          });
        const duration = params.duration as FakeCoupon['duration'];
        if (!['once', 'repeating', 'forever'].includes(duration))
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            message: 'Invalid duration',
            param: 'duration',
          });
        const coupon: FakeCoupon = {
          id: couponId,
          name: typeof params.name === 'string' ? params.name : null,
          percent_off: Number(params.percent_off),
          duration,
          duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
          created: now(),
        };
        coupons.set(coupon.id, coupon);
        return couponObject(coupon);
      }
    }
    if (resource === 'promotion_codes' && method === 'GET') {
      const code = typeof params.code === 'string' ? params.code : '';
      const promotion = options.promotionCodes?.[code];
      return {
        object: 'list',
        has_more: false,
        url: '/v1/promotion_codes',
        data: promotion ? [{ id: promotion, object: 'promotion_code', code, active: true }] : [],
      };
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && !sessionId) {
        const lineItems = (params.line_items ?? []) as { price: string }[];
        const discounts = (params.discounts as { coupon?: string; promotion_code?: string }[] | undefined) ?? [];
        if (discounts.length > 1)
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            message: 'You may only specify one discount.',
            param: 'discounts',
          });
        const couponId = discounts[0]?.coupon ?? null;
        if (couponId && !coupons.has(couponId))
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such coupon: '${couponId}'`,
            param: 'discounts[0][coupon]',
          });
        const session: FakeSession = {
          id: newId('cs_test'),
          mode: params.mode as FakeSession['mode'],
          customer: String(params.customer),
          price: lineItems[0]?.price ?? null,
          status: 'open',
          payment_status: params.mode === 'setup' ? 'no_payment_required' : 'unpaid',
          subscription: null,
          setup_payment_method: null,
          success_url: String(params.success_url),
          cancel_url: String(params.cancel_url),
          metadata: (params.metadata ?? {}) as Record<string, string>,
          discounts: (params.discounts as Json[] | undefined) ?? null,
          allow_promotion_codes: params.allow_promotion_codes === 'true',
          coupon: couponId,
          created: now(),
          payment_intent: null,
          invoice: null,
        };
        if (session.price) priceObject(session.price);
        sessions.set(session.id, session);
        return sessionObject(session);
      }
      if (method === 'GET' && sessionId) {
        const session = sessions.get(sessionId);
        if (!session) throw missing('checkout.session', sessionId);
        return sessionObject(session, expand);
      }
      if (method === 'GET' && !sessionId) {
        // Newest first, as Stripe lists; filtered by customer, status, created[gte], payment intent and subscription.
        const created = (params.created ?? {}) as { gte?: string };
        const data = [...sessions.values()]
          .filter((session) => !params.customer || session.customer === params.customer)
          .filter((session) => !params.status || session.status === params.status)
          .filter((session) => !params.payment_intent || session.payment_intent === params.payment_intent)
          .filter((session) => !params.subscription || session.subscription === params.subscription)
          .filter((session) => !created.gte || session.created >= Number(created.gte))
          .reverse()
          .slice(0, Number(params.limit ?? 10))
          .map((session) => sessionObject(session));
        return { object: 'list', has_more: false, url: '/v1/checkout/sessions', data };
      }
      if (method === 'POST' && sessionId && segments[3] === 'expire') {
        const session = sessions.get(sessionId);
        if (!session) throw missing('checkout.session', sessionId);
        if (paidBeforeExpiring.delete(sessionId)) api.completeCheckout(sessionId);
        if (session.status !== 'open')
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          });
        session.status = 'expired';
        emit('checkout.session.expired', sessionObject(session));
        return sessionObject(session);
      }
    }
    if (resource === 'subscriptions' && id) {
      const subscription = getSubscription(id);
      if (method === 'GET') return subscriptionObject(subscription, expand.includes('latest_invoice'));
      if (method === 'POST') return updateSubscription(subscription, params, expand);
    }
    if (resource === 'invoices' && id === 'create_preview' && method === 'POST') {
      const subscription = getSubscription(String(params.subscription));
      const details = (params.subscription_details ?? {}) as { items?: { price: string }[]; proration_date?: string };
      const newPrice = details.items?.[0]?.price ?? subscription.item.price;
      const at = details.proration_date ? Number(details.proration_date) : now();
      const lines = prorationLines(subscription, newPrice, at);
      const amount = Math.max(
        0,
        lines.reduce((sum, line) => sum + line.amount, 0),
      );
      return invoiceObject({
        id: `upcoming_${subscription.id}`,
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'draft',
        billing_reason: 'upcoming',
        lines,
        amount_due: amount,
        amount_paid: 0,
        created: now(),
        paymentError: null,
        payment_intent: null,
      });
    }
    if (resource === 'invoices' && id && method === 'GET') {
      const invoice = invoices.get(id);
      if (!invoice) throw missing('invoice', id);
      return invoiceObject(invoice);
    }
    if (resource === 'invoice_payments' && method === 'GET' && params.payment) {
      const payment = params.payment as { type?: string; payment_intent?: string };
      const invoice = [...invoices.values()].find(
        (entry) => entry.payment_intent !== null && entry.payment_intent === payment.payment_intent,
      );
      const data = invoice
        ? [
            {
              id: newId('inpay'),
              object: 'invoice_payment',
              invoice: invoice.id,
              amount_requested: invoice.amount_due,
              amount_paid: invoice.amount_paid,
              currency: 'usd',
              status: 'paid',
              is_default: true,
              livemode: false,
              payment: { type: 'payment_intent', payment_intent: invoice.payment_intent },
            },
          ]
        : [];
      return { object: 'list', has_more: false, url: '/v1/invoice_payments', data };
    }
    if (resource === 'charges' && method === 'GET' && id) {
      const charge = charges.get(id);
      if (!charge) throw missing('charge', id);
      return chargeObject(charge);
    }
    if (resource === 'refunds' && method === 'POST' && !id) return createRefund(params);
    if (resource === 'refunds' && method === 'GET') {
      if (id) {
        const refund = refunds.get(id);
        if (!refund) throw missing('refund', id);
        return refundObject(refund);
      }
      const data = [...refunds.values()]
        .filter((refund) => !params.charge || refund.charge === params.charge)
        .reverse()
        .map(refundObject);
      return { object: 'list', has_more: false, url: '/v1/refunds', data };
    }
    if (resource === 'disputes' && method === 'GET') {
      if (id) {
        const dispute = disputes.get(id);
        if (!dispute) throw missing('dispute', id);
        return disputeObject(dispute);
      }
      const data = [...disputes.values()]
        .filter((dispute) => !params.charge || dispute.charge === params.charge)
        .filter(
          (dispute) => !params.payment_intent || charges.get(dispute.charge)?.payment_intent === params.payment_intent,
        )
        .reverse()
        .map(disputeObject);
      return { object: 'list', has_more: false, url: '/v1/disputes', data };
    }
    if (resource === 'invoice_payments' && method === 'GET') {
      const invoice = invoices.get(String(params.invoice));
      const data = invoice?.paymentError
        ? [
            {
              id: newId('inpay'),
              object: 'invoice_payment',
              invoice: invoice.id,
              amount_requested: invoice.amount_due,
              amount_paid: null,
              currency: 'usd',
              status: 'open',
              is_default: true,
              payment: {
                type: 'payment_intent',
                payment_intent: {
                  id: newId('pi'),
                  object: 'payment_intent',
                  status: 'requires_payment_method',
                  last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: invoice.paymentError },
                },
              },
            },
          ]
        : [];
      return { object: 'list', has_more: false, url: '/v1/invoice_payments', data };
    }
    if (resource === 'subscription_schedules') {
      if (method === 'POST' && !id) {
        const subscription = getSubscription(String(params.from_subscription));
        const schedule: FakeSchedule = {
          id: newId('sub_sched'),
          subscription: subscription.id,
          customer: subscription.customer,
          status: 'active',
          released_subscription: null,
          phases: [
            {
              price: subscription.item.price,
              start_date: subscription.item.current_period_start,
              end_date: subscription.item.current_period_end,
            },
          ],
        };
        schedules.set(schedule.id, schedule);
        subscription.schedule = schedule.id;
        emit('subscription_schedule.created', scheduleObject(schedule));
        return scheduleObject(schedule);
      }
      const schedule = id ? schedules.get(id) : undefined;
      if (!schedule || !id) throw missing('subscription_schedule', id ?? '');
      if (method === 'GET') return scheduleObject(schedule);
      if (method === 'POST' && action === 'release') {
        schedule.status = 'released';
        schedule.released_subscription = schedule.subscription;
        const subscription = schedule.subscription ? subscriptions.get(schedule.subscription) : undefined;
        if (subscription) subscription.schedule = null;
        schedule.subscription = null;
        emit('subscription_schedule.released', scheduleObject(schedule));
        return scheduleObject(schedule);
      }
      if (method === 'POST') {
        const phases = (params.phases ?? []) as {
          items: { price: string }[];
          start_date?: string;
          end_date?: string;
          duration?: { interval: 'month' | 'year' };
        }[];
        let previousEnd = 0;
        schedule.phases = phases.map((phase) => {
          const start = phase.start_date ? Number(phase.start_date) : previousEnd;
          const end = phase.end_date ? Number(phase.end_date) : addInterval(start, phase.duration?.interval ?? 'month');
          previousEnd = end;
          return { price: phase.items[0]?.price ?? '', start_date: start, end_date: end };
        });
        emit('subscription_schedule.updated', scheduleObject(schedule));
        return scheduleObject(schedule);
      }
    }
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      return {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${newId('test')}`,
        livemode: false,
      };
    }
    throw new FakeStripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  function updateSubscription(subscription: FakeSubscription, params: Json, expand: string[]) {
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      emit('customer.subscription.updated', subscriptionObject(subscription));
    }
    if (params.payment_behavior === 'pending_if_incomplete') {
      const allowed = [
        'expand',
        'payment_behavior',
        'proration_behavior',
        'proration_date',
        'billing_cycle_anchor',
        'items',
        'trial_end',
        'trial_from_plan',
        'add_invoice_items',
      ];
      const refused = Object.keys(params).filter((key) => !allowed.includes(key));
      if (refused.length > 0) {
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          message: `The following parameters are not supported with payment_behavior=pending_if_incomplete: ${refused.join(', ')}`,
          param: refused[0],
        });
      }
    }
    // An empty string unsets it, as in Stripe.
    if (typeof params.default_payment_method === 'string')
      subscription.default_payment_method = params.default_payment_method || null;
    const items = params.items as { id?: string; price?: string }[] | undefined;
    const newPrice = items?.[0]?.price;
    if (newPrice && newPrice !== subscription.item.price) {
      const at = params.proration_date ? Number(params.proration_date) : now();
      const lines = prorationLines(subscription, newPrice, at);
      const invoice = createInvoice(subscription, 'subscription_update', lines, subscription.default_payment_method);
      subscription.latest_invoice = invoice.id;
      if (invoice.status !== 'paid' && params.payment_behavior === 'pending_if_incomplete') {
        // The change waits for a payment that failed: nothing about the plan moves.
        subscription.pending_update = { expires_at: now() + DAY, subscription_items: [{ price: newPrice }] };
        emit('invoice.payment_failed', invoiceObject(invoice));
      } else {
        subscription.pending_update = null;
        subscription.item.price = newPrice;
        const resetLine = lines.find((line) => !line.proration);
        if (resetLine)
          subscription.item = {
            ...subscription.item,
            current_period_start: resetLine.start,
            current_period_end: resetLine.end,
          };
        emit('customer.subscription.updated', subscriptionObject(subscription));
        emit('invoice.paid', invoiceObject(invoice));
      }
    }
    return subscriptionObject(subscription, expand.includes('latest_invoice'));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.stripe');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = request.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      const idempotencyKey =
        typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== 'Bearer sk_test_fake')
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const cacheKey = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return send(cached.status, cached.body);
      let status = 200;
      let payload: unknown;
      try {
        payload = handle(request.method ?? 'GET', url.pathname, params);
      } catch (error) {
        if (!(error instanceof FakeStripeError)) throw error;
        status = error.status;
        payload = { error: error.body };
      }
      if (cacheKey && request.method === 'POST') idempotent.set(cacheKey, { status, body: payload });
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const api = {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    invoices,
    coupons,
    charges,
    disputes,
    /** The charge that paid an invoice, or a payment-mode checkout session. */
    chargeOf(paid: { invoiceId: string } | { sessionId: string }): string {
      const paymentIntent =
        'invoiceId' in paid
          ? invoices.get(paid.invoiceId)?.payment_intent
          : sessions.get(paid.sessionId)?.payment_intent;
      const charge = [...charges.values()].find((entry) => entry.payment_intent === paymentIntent);
      if (!charge) throw new Error(`no charge for ${JSON.stringify(paid)}`);
      return charge.id;
    },
    /**
     * The cardholder disputes the charge with their bank: Stripe withdraws the disputed amount. An
     * inquiry (`isInquiry`) is a question from the bank first: nothing is withdrawn, and the charge
     * may still be refunded while it is open.
     */
    openDispute(chargeId: string, opening: { isInquiry?: boolean; isChargeRefundable?: boolean } = {}): string {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      if (charge.dispute) throw new Error(`charge ${chargeId} is already disputed`);
      const dispute: FakeDispute = {
        id: newId('du'),
        charge: chargeId,
        amount: charge.amount - charge.amount_refunded,
        status: opening.isInquiry ? 'warning_needs_response' : 'needs_response',
        is_charge_refundable: opening.isChargeRefundable ?? opening.isInquiry ?? false,
        created: now(),
      };
      disputes.set(dispute.id, dispute);
      charge.dispute = dispute.id;
      emit('charge.dispute.created', disputeObject(dispute));
      if (!opening.isInquiry) emit('charge.dispute.funds_withdrawn', disputeObject(dispute));
      return dispute.id;
    },
    /**
     * The card's bank refuses a refund (a closed card account): the money comes back to the
     * merchant's balance and the refund reads failed. Stripe sends charge.refund.updated,
     * refund.updated and refund.failed. The amount may be refunded again (the charge's
     * amount_refunded no longer counts it; the integration reads the refunds' statuses).
     */
    failRefund(refundId: string, failureReason = 'expired_or_canceled_card') {
      const refund = refunds.get(refundId);
      const charge = refund ? charges.get(refund.charge) : undefined;
      if (!refund || !charge || refund.status !== 'succeeded') throw new Error(`refund ${refundId} cannot fail`);
      charge.amount_refunded -= refund.amount;
      refund.status = 'failed';
      refund.failure_reason = failureReason;
      for (const type of ['charge.refund.updated', 'refund.updated', 'refund.failed']) emit(type, refundObject(refund));
    },
    /** The charge's refunds, newest first. */
    refundsOf(chargeId: string): string[] {
      return [...refunds.values()]
        .filter((refund) => refund.charge === chargeId)
        .reverse()
        .map((refund) => refund.id);
    },
    /**
     * The bank decides: won reinstates the funds, lost keeps them withdrawn. An inquiry closes as
     * `warning_closed` (the bank asked no further); `prevented` is a dispute stopped before it opened.
     */
    closeDispute(disputeId: string, outcome: 'won' | 'lost' | 'warning_closed' | 'prevented') {
      const dispute = disputes.get(disputeId);
      if (!dispute || !OPEN_DISPUTE_STATUSES.includes(dispute.status))
        throw new Error(`dispute ${disputeId} is not open`);
      const wasInquiry = dispute.status === 'warning_needs_response';
      if (wasInquiry !== (outcome === 'warning_closed'))
        throw new Error(`dispute ${disputeId} cannot close as ${outcome}`);
      dispute.status = outcome;
      dispute.is_charge_refundable = outcome !== 'lost';
      emit('charge.dispute.closed', disputeObject(dispute));
      if (outcome === 'won') emit('charge.dispute.funds_reinstated', disputeObject(dispute));
    },
    /** Events produced since the last call, oldest first. */
    takeEvents(): FakeEvent[] {
      return outbox.splice(0, outbox.length);
    },
    /** The signed webhook request Stripe would send for an event. */
    signEvent(event: FakeEvent) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        type: event.type,
        data: { object: event.object },
      });
      return {
        payload,
        signature: stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret }),
      };
    },
    /** The delayed payment of a completed checkout went through. */
    settleAsyncPayment(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'complete') throw new Error(`checkout session ${sessionId} is not complete`);
      session.payment_status = 'paid';
      const subscription = session.subscription ? subscriptions.get(session.subscription) : undefined;
      const invoice = subscription?.latest_invoice ? invoices.get(subscription.latest_invoice) : undefined;
      if (invoice && invoice.status === 'open') {
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        chargeInvoice(invoice);
        emit('invoice.paid', invoiceObject(invoice));
      }
      if (session.mode === 'payment') chargeSession(session);
      emit('checkout.session.async_payment_succeeded', sessionObject(session));
    },
    /**
     * The customer finishing checkout. A subscription's first period can be backdated so a
     * later upgrade lands mid-period.
     */
    completeCheckout(
      sessionId: string,
      completion: {
        paymentMethod?: string;
        backdateDays?: number;
        /** A delayed payment method (SEPA, ACH): complete but unpaid, until `settleAsyncPayment`. */
        isPaymentDelayed?: boolean;
      } = {},
    ) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`checkout session ${sessionId} is not open`);
      const paymentMethod = completion.paymentMethod ?? GOOD_CARD;
      session.status = 'complete';
      if (session.mode === 'setup') {
        session.setup_payment_method = paymentMethod;
        emit('checkout.session.completed', sessionObject(session));
        return session;
      }
      session.payment_status = completion.isPaymentDelayed ? 'unpaid' : 'paid';
      if (session.mode === 'subscription' && session.price) {
        const price = prices.get(session.price);
        const start = now() - Math.round((completion.backdateDays ?? 0) * DAY);
        const subscription: FakeSubscription = {
          id: newId('sub'),
          customer: session.customer,
          status: 'active',
          item: {
            id: newId('si'),
            price: session.price,
            current_period_start: start,
            current_period_end: addInterval(start, price?.interval ?? 'month'),
          },
          cancel_at_period_end: false,
          ended_at: null,
          schedule: null,
          pending_update: null,
          latest_invoice: null,
          default_payment_method: paymentMethod,
          metadata: session.metadata,
          created: start,
        };
        subscriptions.set(subscription.id, subscription);
        const invoice = createInvoice(
          subscription,
          'subscription_create',
          [
            {
              price: session.price,
              amount: discounted(price?.unit_amount ?? 0, session.coupon),
              proration: false,
              start,
              end: subscription.item.current_period_end,
              subscriptionItem: subscription.item.id,
            },
          ],
          paymentMethod,
          // Processing: the first invoice stays open until the payment settles.
          completion.isPaymentDelayed,
        );
        subscription.latest_invoice = invoice.id;
        session.subscription = subscription.id;
        session.invoice = invoice.id;
        emit('checkout.session.completed', sessionObject(session));
        emit('customer.subscription.created', subscriptionObject(subscription));
        if (!completion.isPaymentDelayed) emit('invoice.paid', invoiceObject(invoice));
      } else {
        if (!completion.isPaymentDelayed) chargeSession(session);
        emit('checkout.session.completed', sessionObject(session));
      }
      return session;
    },
    /** The period ends now: the subscription ends, changes to its scheduled price, or renews. */
    endPeriod(subscriptionId: string) {
      const subscription = getSubscription(subscriptionId);
      const end = subscription.item.current_period_end;
      if (subscription.cancel_at_period_end) {
        subscription.status = 'canceled';
        subscription.ended_at = end;
        emit('customer.subscription.deleted', subscriptionObject(subscription));
        return;
      }
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      const nextPhase = schedule?.phases.find((phase) => phase.start_date >= end);
      if (schedule && nextPhase) {
        subscription.item.price = nextPhase.price;
        schedule.status = 'released';
        schedule.released_subscription = subscription.id;
        schedule.subscription = null;
        subscription.schedule = null;
        emit('subscription_schedule.released', scheduleObject(schedule));
      }
      const price = prices.get(subscription.item.price);
      subscription.item = {
        ...subscription.item,
        current_period_start: end,
        current_period_end: addInterval(end, price?.interval ?? 'month'),
      };
      const invoice = createInvoice(
        subscription,
        'subscription_cycle',
        [
          {
            price: subscription.item.price,
            amount: price?.unit_amount ?? 0,
            proration: false,
            start: end,
            end: subscription.item.current_period_end,
            subscriptionItem: subscription.item.id,
          },
        ],
        subscription.default_payment_method,
      );
      subscription.latest_invoice = invoice.id;
      emit('customer.subscription.updated', subscriptionObject(subscription));
      emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoiceObject(invoice));
    },
    /** The customer pays this session just before our request to expire it arrives. */
    payBeforeExpiring(sessionId: string) {
      paidBeforeExpiring.add(sessionId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}

export type FakeStripeServer = Awaited<ReturnType<typeof startFakeStripeServer>>;
