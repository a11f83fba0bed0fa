import Stripe from 'stripe';
import { PaymentErrorCode } from '@agentry/core/billing';
import type { PriceDiscount } from '@agentry/core/pricing';
import {
  PaymentDeclinedError,
  WebhookSignatureError,
  type BillingProvider,
  type DisputeStatus,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSubscription,
  type SubscriptionStatus,
} from './billing-provider';

type StripeOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  priceIds: Record<string, string>;
  isLive: boolean;
};

const toDate = (seconds: number) => new Date(seconds * 1000);
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Stripe's enums are open (any string); ours are closed. Unknown values take the fallback. */
function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The most specific code we have a message for: insufficient_funds beats card_declined beats generic_decline. */
function pickPaymentErrorCode(declineCode: string | null | undefined, code: string | null | undefined): string {
  if (PaymentErrorCode.safeParse(declineCode).success) return declineCode as string;
  if (PaymentErrorCode.safeParse(code).success) return code as string;
  return code ?? declineCode ?? 'card_declined';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's dispute statuses as far as credits go: an inquiry that closed, or a prevented dispute, took nothing. */
function toDisputeStatus(status: string): DisputeStatus {
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  return 'open';
}

/** A session as the billing module reads it; a listed session carries no line items, its price is then null. */
function toCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  const setupIntent = session.setup_intent;
  return {
    id: session.id,
    mode: oneOf(session.mode, ['subscription', 'payment', 'setup'], 'payment'),
    status: oneOf(session.status, ['open', 'complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    priceId: session.line_items?.data[0]?.price?.id ?? null,
    paymentMethodId: setupIntent && typeof setupIntent !== 'string' ? idOf(setupIntent.payment_method) : null,
    amountTotal: session.mode === 'setup' ? null : (session.amount_total ?? null),
    metadata: session.metadata ?? {},
  };
}

/** Stripe through its SDK; `apiBase` points the SDK at another host (the fake in tests). */
export function createStripeBillingProvider(options: StripeOptions): BillingProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Agentry' },
  });

  async function readSchedule(scheduleId: string | null, currentPriceId: string | null) {
    if (!scheduleId) return { scheduledPriceId: null, scheduledChangeDate: null };
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      return { scheduledPriceId: null, scheduledChangeDate: null };
    const now = Math.floor(Date.now() / 1000);
    const next = schedule.phases.find(
      (phase) => phase.start_date > now && idOf(phase.items[0]?.price) !== currentPriceId,
    );
    return next
      ? { scheduledPriceId: idOf(next.items[0]?.price), scheduledChangeDate: toDate(next.start_date) }
      : { scheduledPriceId: null, scheduledChangeDate: null };
  }

  async function toSubscription(subscription: Stripe.Subscription): Promise<ProviderSubscription> {
    const item = subscription.items.data[0];
    const priceId = item ? item.price.id : null;
    const scheduleId = idOf(subscription.schedule);
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      status: oneOf<SubscriptionStatus>(
        subscription.status,
        ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused'],
        'incomplete',
      ),
      priceId,
      itemId: item?.id ?? null,
      currentPeriodStart: toDate(item?.current_period_start ?? subscription.start_date),
      currentPeriodEnd: toDate(item?.current_period_end ?? subscription.start_date),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      endedAt: subscription.ended_at ? toDate(subscription.ended_at) : null,
      scheduleId,
      ...(await readSchedule(scheduleId, priceId)),
      hasPendingUpdate: subscription.pending_update !== null,
      metadata: subscription.metadata,
    };
  }

  function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
    return {
      id: invoice.id,
      customerId: idOf(invoice.customer),
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      status: oneOf(invoice.status, ['draft', 'open', 'paid', 'uncollectible', 'void'], 'draft'),
      billingReason: invoice.billing_reason,
      currency: invoice.currency,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      lines: invoice.lines.data.map((line) => ({
        priceId: idOf(line.pricing?.price_details?.price),
        amount: line.amount,
        isProration:
          line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration ?? false,
        periodStart: toDate(line.period.start),
        periodEnd: toDate(line.period.end),
      })),
    };
  }

  /** The decline code of an invoice's failed payment, if any. */
  async function readPaymentError(invoiceId: string | null): Promise<string | null> {
    if (!invoiceId) return null;
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, expand: ['data.payment.payment_intent'] });
    for (const payment of payments.data) {
      const intent = payment.payment.payment_intent;
      if (intent && typeof intent !== 'string' && intent.last_payment_error) {
        return pickPaymentErrorCode(intent.last_payment_error.decline_code, intent.last_payment_error.code);
      }
    }
    return null;
  }

  /** A charge names no invoice in this API version: invoice payments link a payment intent to its invoice. */
  async function findInvoiceIdOfPayment(paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId) return null;
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    return idOf(payments.data[0]?.invoice);
  }

  /**
   * The checkout session a payment paid: a payment-mode session holds the payment intent; a
   * subscription-mode session holds its subscription's first invoice.
   */
  async function findCheckoutSessionIdOfPayment(paymentIntentId: string | null, invoiceId: string | null) {
    if (!invoiceId) {
      if (!paymentIntentId) return null;
      const page = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
      return page.data[0]?.id ?? null;
    }
    const invoice = await stripe.invoices.retrieve(invoiceId);
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (invoice.billing_reason !== 'subscription_create' || !subscriptionId) return null;
    const page = await stripe.checkout.sessions.list({ subscription: subscriptionId, limit: 10 });
    return page.data.find((session) => idOf(session.invoice) === invoiceId)?.id ?? null;
  }

  const isMissing = (error: unknown) =>
    error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

  async function orNull<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const ensuredCoupons = new Set<string>();

  /**
   * Our discounts live in Stripe as coupons under stable ids, created on first use (the same
   * idempotency key, and an 'already exists' answer, make concurrent first uses safe). A coupon
   * that exists with another percentage is refused: the customer would pay what we did not show.
   */
  async function ensureCoupon(discount: PriceDiscount): Promise<string> {
    if (ensuredCoupons.has(discount.couponId)) return discount.couponId;
    let coupon = await orNull(stripe.coupons.retrieve(discount.couponId));
    if (!coupon) {
      try {
        coupon = await stripe.coupons.create(
          {
            id: discount.couponId,
            name: discount.name,
            percent_off: discount.percentOff,
            duration: discount.duration,
            ...(discount.duration === 'repeating' && discount.durationInMonths
              ? { duration_in_months: discount.durationInMonths }
              : {}),
          },
          {
            idempotencyKey: `coupon:${discount.couponId}:${discount.percentOff}:${discount.duration}:${discount.durationInMonths ?? 0}`,
          },
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists'))
          throw error;
        coupon = await stripe.coupons.retrieve(discount.couponId);
      }
    }
    if (coupon.percent_off !== discount.percentOff || coupon.duration !== discount.duration || !coupon.valid) {
      throw new Error(
        `Stripe coupon ${discount.couponId} is not ${discount.percentOff}% off (${discount.duration}); fix or delete it in Stripe`,
      );
    }
    ensuredCoupons.add(discount.couponId);
    return discount.couponId;
  }

  return {
    kind: 'stripe',
    priceIdFor(key) {
      const priceId = options.priceIds[key] ?? null;
      return { priceId, livePriceId: options.isLive ? priceId : null };
    },
    now: () => Promise.resolve(new Date()),

    async createCustomer({ userId, email, name, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey });
      return customer.id;
    },

    async createCheckoutSession(params) {
      const discounts: Stripe.Checkout.SessionCreateParams.Discount[] = [];
      if (params.discount) discounts.push({ coupon: await ensureCoupon(params.discount) });
      if (params.promotionCode) {
        const codes = await stripe.promotionCodes.list({ code: params.promotionCode, active: true, limit: 1 });
        const promotion = codes.data[0];
        if (promotion) discounts.push({ promotion_code: promotion.id });
      }
      const base: Stripe.Checkout.SessionCreateParams = {
        mode: params.mode,
        customer: params.customerId,
        success_url: params.successUrl,
        cancel_url: params.cancelUrl,
        metadata: params.metadata,
        ...(params.referralId ? { client_reference_id: params.referralId } : {}),
      };
      let create: Stripe.Checkout.SessionCreateParams;
      if (params.mode === 'setup') {
        create = { ...base, currency: 'usd', setup_intent_data: { metadata: params.metadata } };
      } else {
        create = {
          ...base,
          line_items: [{ price: params.priceId ?? '', quantity: 1 }],
          ...(discounts.length > 0 ? { discounts } : { allow_promotion_codes: true }),
          ...(params.mode === 'subscription'
            ? { subscription_data: { metadata: params.metadata } }
            : { payment_intent_data: { metadata: params.metadata } }),
        };
      }
      const session = await stripe.checkout.sessions.create(create, { idempotencyKey: params.idempotencyKey });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const session = await orNull(stripe.checkout.sessions.retrieve(id, { expand: ['setup_intent', 'line_items'] }));
      return session ? toCheckoutSession(session) : null;
    },

    async listCheckoutSessions({ customerId, since }) {
      const page = await stripe.checkout.sessions.list({
        customer: customerId,
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
      });
      return page.data.map(toCheckoutSession);
    },

    async expireCheckoutSession(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // Not open any more: paid meanwhile, or expired already.
        const session = await stripe.checkout.sessions.retrieve(id);
        if (session.status === 'complete') return 'complete';
        if (session.status === 'expired') return 'expired';
        throw error;
      }
    },

    async retrievePrice(priceId) {
      const price = await orNull(stripe.prices.retrieve(priceId));
      if (!price) return null;
      const interval = price.recurring ? oneOf(price.recurring.interval, ['month', 'year'], 'month') : null;
      return { id: price.id, unitAmount: price.unit_amount, currency: price.currency, interval };
    },

    async retrieveSubscription(id) {
      const subscription = await orNull(stripe.subscriptions.retrieve(id));
      return subscription ? toSubscription(subscription) : null;
    },

    async retrieveInvoice(id) {
      const invoice = await orNull(stripe.invoices.retrieve(id));
      return invoice ? toInvoice(invoice) : null;
    },

    async retrieveCharge(id) {
      const charge = await orNull(stripe.charges.retrieve(id));
      if (!charge) return null;
      const paymentIntentId = idOf(charge.payment_intent);
      const [invoiceId, disputes, refunds] = await Promise.all([
        findInvoiceIdOfPayment(paymentIntentId),
        charge.disputed ? stripe.disputes.list({ charge: charge.id, limit: 1 }) : null,
        // Every refund, whatever its status: a failed one gave the money back to us. Read even when
        // amount_refunded is 0, which is not what a refund's failure is told by.
        stripe.refunds.list({ charge: charge.id, limit: 100 }).autoPagingToArray({ limit: 10_000 }),
      ]);
      const dispute = disputes?.data[0];
      const isFailed = (refund: Stripe.Refund) => refund.status === 'failed' || refund.status === 'canceled';
      return {
        id: charge.id,
        customerId: idOf(charge.customer),
        amountCents: charge.amount,
        amountRefundedCents: refunds.reduce((sum, refund) => sum + refund.amount, 0),
        refundFailedCents: refunds.filter(isFailed).reduce((sum, refund) => sum + refund.amount, 0),
        invoiceId,
        checkoutSessionId: await findCheckoutSessionIdOfPayment(paymentIntentId, invoiceId),
        dispute: dispute ? { id: dispute.id, status: toDisputeStatus(dispute.status) } : null,
      };
    },

    async retrieveRefund(id) {
      const refund = await orNull(stripe.refunds.retrieve(id));
      const chargeId = refund ? idOf(refund.charge) : null;
      return refund && chargeId ? { id: refund.id, chargeId } : null;
    },

    async retrieveDispute(id) {
      const dispute = await orNull(stripe.disputes.retrieve(id));
      const chargeId = dispute ? idOf(dispute.charge) : null;
      return dispute && chargeId ? { id: dispute.id, chargeId, status: toDisputeStatus(dispute.status) } : null;
    },

    async previewPriceChange(params) {
      const invoice = await stripe.invoices.createPreview(
        {
          customer: params.customerId,
          subscription: params.subscriptionId,
          subscription_details: {
            items: [{ id: params.itemId, price: params.newPriceId }],
            proration_behavior: 'always_invoice',
            proration_date: toSeconds(params.prorationDate),
          },
        },
        { idempotencyKey: params.idempotencyKey },
      );
      return toInvoice({ ...invoice, id: invoice.id ?? `preview_${params.subscriptionId}` });
    },

    async changePrice(params) {
      // A pending update takes no default_payment_method, and the upgrade must be charged to the
      // card just collected: that card pays as the subscription's default for this one charge, and
      // the previous default is put back when the charge fails, so a declining card never stays
      // the card that renewals are charged to. Setting a field is repeatable: these two calls carry
      // no fixed idempotency key, so a retried upgrade switches again (the SDK keys its own retries).
      const previous = params.paymentMethodId
        ? idOf((await stripe.subscriptions.retrieve(params.subscriptionId)).default_payment_method)
        : null;
      const isSwitching = params.paymentMethodId !== null && params.paymentMethodId !== previous;
      const restorePrevious = async () => {
        if (!isSwitching) return;
        await stripe.subscriptions.update(params.subscriptionId, { default_payment_method: previous ?? '' });
      };
      if (isSwitching && params.paymentMethodId) {
        await stripe.subscriptions.update(params.subscriptionId, { default_payment_method: params.paymentMethodId });
      }
      let updated: Stripe.Subscription;
      try {
        updated = await stripe.subscriptions.update(
          params.subscriptionId,
          {
            items: [{ id: params.itemId, price: params.newPriceId }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
            proration_date: toSeconds(params.prorationDate),
            expand: ['latest_invoice'],
          },
          { idempotencyKey: params.idempotencyKey },
        );
      } catch (error) {
        // Whatever went wrong, the card that paid before stays the default (a retry switches again).
        await restorePrevious();
        if (error instanceof Stripe.errors.StripeCardError)
          throw new PaymentDeclinedError(pickPaymentErrorCode(error.decline_code, error.code));
        throw error;
      }
      const latest =
        updated.latest_invoice && typeof updated.latest_invoice !== 'string' ? toInvoice(updated.latest_invoice) : null;
      let subscription = await toSubscription(updated);
      const paymentErrorCode = subscription.hasPendingUpdate
        ? ((await readPaymentError(latest?.id ?? null)) ?? 'card_declined')
        : null;
      if (paymentErrorCode) {
        await restorePrevious();
        subscription = await toSubscription(await stripe.subscriptions.retrieve(params.subscriptionId));
      }
      return { subscription, invoice: latest, paymentErrorCode };
    },

    async scheduleDowngrade({ subscriptionId, newPriceId, idempotencyKey }) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
      let scheduleId = idOf(subscription.schedule);
      if (!scheduleId) {
        const created = await stripe.subscriptionSchedules.create(
          { from_subscription: subscriptionId },
          { idempotencyKey: `${idempotencyKey}:create` },
        );
        scheduleId = created.id;
      }
      const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
      const currentPhase = schedule.phases[0];
      const periodEnd = item.current_period_end;
      const price = await stripe.prices.retrieve(newPriceId);
      await stripe.subscriptionSchedules.update(
        scheduleId,
        {
          end_behavior: 'release',
          phases: [
            {
              items: [{ price: item.price.id, quantity: 1 }],
              start_date: currentPhase?.start_date ?? item.current_period_start,
              end_date: periodEnd,
            },
            {
              items: [{ price: newPriceId, quantity: 1 }],
              duration: {
                interval: oneOf(price.recurring?.interval, ['day', 'week', 'month', 'year'], 'month'),
                interval_count: 1,
              },
            },
          ],
        },
        { idempotencyKey: `${idempotencyKey}:update` },
      );
      return { scheduleId, effectiveDate: toDate(periodEnd) };
    },

    async retrieveScheduleSubscriptionId(scheduleId) {
      const schedule = await orNull(stripe.subscriptionSchedules.retrieve(scheduleId));
      return schedule ? (idOf(schedule.subscription) ?? schedule.released_subscription) : null;
    },

    async releaseSchedule({ scheduleId, idempotencyKey }) {
      await stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey });
    },

    async setCancelAtPeriodEnd({ subscriptionId, cancelAtPeriodEnd, idempotencyKey }) {
      await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancelAtPeriodEnd },
        { idempotencyKey },
      );
    },

    async createPortalSession({ customerId, returnUrl, idempotencyKey }) {
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey },
      );
      return { url: session.url };
    },

    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('Missing stripe-signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
      }
      const object = event.data.object as { id?: string };
      return { id: event.id, type: event.type, objectId: object.id ?? '' };
    },

    setEventSink() {
      // Stripe's events arrive through the webhook route.
    },

    registerRoutes() {
      // Stripe hosts its own checkout and portal pages.
    },
  };
}
