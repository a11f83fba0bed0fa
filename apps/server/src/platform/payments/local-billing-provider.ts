import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findBillingPrice, type BillingPrice } from '@agentry/core/billing';
import { applyPercentOff } from '@agentry/core/pricing';
import type { Database } from '../db/database';
import {
  PaymentDeclinedError,
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
  type PriceChangeOptions,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSubscription,
} from './billing-provider';
import {
  createLocalBillingStore,
  type LocalCheckoutSession,
  type LocalDiscount,
  type LocalInvoice,
  type LocalSubscription,
} from './local-billing-store';
import { createLocalCharges, type LocalCharges } from './local-charges';
import { registerLocalCheckoutRoutes } from './local-checkout.routes';
import { registerLocalPaymentToolRoutes } from './local-payment-tools.routes';

const LOCAL_PRICE_PREFIX = 'price_local_';
export const DECLINING_PAYMENT_METHOD = 'pm_local_declined';
export const WORKING_PAYMENT_METHOD = 'pm_local_card';

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export function localPriceId(key: string) {
  return `${LOCAL_PRICE_PREFIX}${key}`;
}

function priceOf(priceId: string | null): BillingPrice | undefined {
  if (!priceId?.startsWith(LOCAL_PRICE_PREFIX)) return undefined;
  return findBillingPrice(priceId.slice(LOCAL_PRICE_PREFIX.length));
}

function toProviderSession(session: LocalCheckoutSession): ProviderCheckoutSession {
  return {
    id: session.id,
    mode: session.mode,
    status: session.status,
    paymentStatus: session.paymentStatus,
    customerId: session.customerId,
    subscriptionId: session.subscriptionId,
    priceId: session.priceId,
    paymentMethodId: session.paymentMethodId,
    amountTotal: session.amountDueCents,
    metadata: session.metadata,
  };
}

function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const next = new Date(date);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function recurringInterval(price: BillingPrice | undefined): 'month' | 'year' {
  return price?.interval === 'year' ? 'year' : 'month';
}

export type LocalCheckoutOutcome = 'pay' | 'decline';

export type LocalBillingProvider = BillingProvider & {
  /** The TEST MODE page's actions; answers where the browser goes next, or the decline message. */
  completeCheckout: (
    sessionId: string,
    outcome: LocalCheckoutOutcome,
  ) => Promise<{ redirectUrl: string } | { declined: true }>;
  getCheckoutSession: (sessionId: string) => Promise<LocalCheckoutSession | null>;
  describePrice: (priceId: string | null) => BillingPrice | undefined;
  /** Moves the clock forward and runs every renewal, cancellation and scheduled change now due. */
  advanceClock: (days: number) => Promise<{ now: Date; offsetDays: number }>;
  /** TEST MODE refunds and disputes of the payments taken here. */
  charges: Pick<LocalCharges, 'list' | 'refund' | 'openDispute' | 'closeDispute'>;
  isTestModeAllowed: boolean;
};

/**
 * The embedded provider: subscriptions, invoices and prorations computed here, paid on a
 * built-in TEST MODE page, and reported through the same events Stripe sends.
 */
export function createLocalBillingProvider(options: {
  db: Database;
  publicUrl: string;
  isTestModeAllowed: boolean;
}): LocalBillingProvider {
  const store = createLocalBillingStore(options.db);
  let sink: ((event: BillingEvent) => Promise<void>) | undefined;

  async function now() {
    return new Date(Date.now() + (await store.clockOffsetMs()));
  }

  async function emit(type: string, objectId: string) {
    if (!sink) throw new Error('The local billing provider has no event sink');
    await sink({ id: newId('evt'), type, objectId });
  }

  const charges = createLocalCharges({ store, now, emit });

  function toProviderSubscription(subscription: LocalSubscription): ProviderSubscription {
    return {
      id: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      priceId: subscription.priceId,
      itemId: subscription.itemId,
      currentPeriodStart: new Date(subscription.currentPeriodStart),
      currentPeriodEnd: new Date(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      endedAt: subscription.endedAt ? new Date(subscription.endedAt) : null,
      scheduleId: subscription.schedule?.id ?? null,
      scheduledPriceId: subscription.schedule?.priceId ?? null,
      scheduledChangeDate: subscription.schedule ? new Date(subscription.schedule.date) : null,
      hasPendingUpdate: false,
      metadata: subscription.metadata,
    };
  }

  function toProviderInvoice(invoice: LocalInvoice): ProviderInvoice {
    return {
      ...invoice,
      lines: invoice.lines.map((line) => ({
        ...line,
        periodStart: new Date(line.periodStart),
        periodEnd: new Date(line.periodEnd),
      })),
    };
  }

  async function getSubscriptionOrThrow(id: string) {
    const subscription = await store.get('subscription', id);
    if (!subscription) throw new Error(`No local subscription ${id}`);
    return subscription;
  }

  async function customerPaymentMethod(customerId: string) {
    return (await store.get('customer', customerId))?.paymentMethodId ?? null;
  }

  /** Stripe's proration: unused time of the old price credited, remaining time of the new one charged, both at `at`. */
  function prorate(subscription: LocalSubscription, newPriceId: string, at: Date): LocalInvoice {
    const oldPrice = priceOf(subscription.priceId);
    const newPrice = priceOf(newPriceId);
    const start = new Date(subscription.currentPeriodStart);
    const end = new Date(subscription.currentPeriodEnd);
    const fraction = Math.min(1, Math.max(0, (end.getTime() - at.getTime()) / (end.getTime() - start.getTime())));
    const isCycleReset = recurringInterval(oldPrice) !== recurringInterval(newPrice);
    const credit = -Math.round((oldPrice?.amountCents ?? 0) * fraction);
    const lines: LocalInvoice['lines'] = [
      {
        priceId: subscription.priceId,
        amount: credit,
        isProration: true,
        periodStart: at.toISOString(),
        periodEnd: end.toISOString(),
      },
    ];
    if (isCycleReset) {
      lines.push({
        priceId: newPriceId,
        amount: newPrice?.amountCents ?? 0,
        isProration: false,
        periodStart: at.toISOString(),
        periodEnd: addInterval(at, recurringInterval(newPrice)).toISOString(),
      });
    } else {
      lines.push({
        priceId: newPriceId,
        amount: Math.round((newPrice?.amountCents ?? 0) * fraction),
        isProration: true,
        periodStart: at.toISOString(),
        periodEnd: end.toISOString(),
      });
    }
    const total = Math.max(
      0,
      lines.reduce((sum, line) => sum + line.amount, 0),
    );
    return {
      id: newId('in'),
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      status: 'draft',
      billingReason: 'subscription_update',
      currency: 'usd',
      amountDue: total,
      amountPaid: 0,
      lines,
    };
  }

  /** What the subscription's next period costs: the price, less a discount still running. */
  function periodAmount(subscription: LocalSubscription): number {
    const amount = priceOf(subscription.priceId)?.amountCents ?? 0;
    return subscription.discount ? applyPercentOff(amount, subscription.discount.percentOff) : amount;
  }

  /** The discount left after one more invoiced period. */
  function afterOnePeriod(discount: LocalDiscount | null): LocalDiscount | null {
    if (!discount || discount.remainingPeriods === null) return discount;
    return discount.remainingPeriods > 1 ? { ...discount, remainingPeriods: discount.remainingPeriods - 1 } : null;
  }

  async function createPeriodInvoice(
    subscription: LocalSubscription,
    billingReason: string,
    paymentMethodId: string | null,
    amount: number,
    checkoutSessionId: string | null = null,
  ): Promise<LocalInvoice> {
    const isPaid = paymentMethodId !== DECLINING_PAYMENT_METHOD;
    const invoice: LocalInvoice = {
      id: newId('in'),
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      status: isPaid ? 'paid' : 'open',
      billingReason,
      currency: 'usd',
      amountDue: amount,
      amountPaid: isPaid ? amount : 0,
      lines: [
        {
          priceId: subscription.priceId,
          amount,
          isProration: false,
          periodStart: subscription.currentPeriodStart,
          periodEnd: subscription.currentPeriodEnd,
        },
      ],
    };
    await store.put('invoice', invoice, subscription.customerId);
    if (isPaid)
      await charges.record({
        customerId: invoice.customerId,
        amountCents: amount,
        invoiceId: invoice.id,
        checkoutSessionId,
      });
    return invoice;
  }

  /** Renews, changes or ends one subscription whose period is over; answers whether it moved. */
  async function renewIfDue(subscription: LocalSubscription, at: Date): Promise<boolean> {
    if (subscription.status !== 'active' && subscription.status !== 'past_due') return false;
    const periodEnd = new Date(subscription.currentPeriodEnd);
    if (periodEnd > at) return false;
    if (subscription.cancelAtPeriodEnd) {
      const ended: LocalSubscription = {
        ...subscription,
        status: 'canceled',
        endedAt: subscription.currentPeriodEnd,
        schedule: null,
      };
      if (!(await store.replaceIf('subscription', ended, 'currentPeriodEnd', subscription.currentPeriodEnd)))
        return false;
      await emit('customer.subscription.deleted', subscription.id);
      return false;
    }
    const isScheduledChange = subscription.schedule !== null && new Date(subscription.schedule.date) <= periodEnd;
    const priceId = isScheduledChange && subscription.schedule ? subscription.schedule.priceId : subscription.priceId;
    const renewed: LocalSubscription = {
      ...subscription,
      priceId,
      // A discount belongs to the price it was given on: a scheduled change ends it.
      discount: isScheduledChange ? null : subscription.discount,
      schedule: isScheduledChange ? null : subscription.schedule,
      currentPeriodStart: periodEnd.toISOString(),
      currentPeriodEnd: addInterval(periodEnd, recurringInterval(priceOf(priceId))).toISOString(),
    };
    const paymentMethodId = await customerPaymentMethod(subscription.customerId);
    renewed.status = paymentMethodId === DECLINING_PAYMENT_METHOD ? 'past_due' : 'active';
    const amount = periodAmount(renewed);
    renewed.discount = afterOnePeriod(renewed.discount);
    if (!(await store.replaceIf('subscription', renewed, 'currentPeriodEnd', subscription.currentPeriodEnd)))
      return false;
    const invoice = await createPeriodInvoice(renewed, 'subscription_cycle', paymentMethodId, amount);
    await emit('customer.subscription.updated', renewed.id);
    await emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice.id);
    return renewed.status === 'active';
  }

  const provider: LocalBillingProvider = {
    kind: 'local',
    isTestModeAllowed: options.isTestModeAllowed,
    priceIdFor(key) {
      return { priceId: findBillingPrice(key) ? localPriceId(key) : null, livePriceId: null };
    },
    now,

    async createCustomer({ userId, email, name }) {
      const id = `cus_local_${userId}`;
      await store.putIfAbsent('customer', { id, userId, email, name, paymentMethodId: null }, id);
      return id;
    },

    async createCheckoutSession(params) {
      // As Stripe does for a repeated idempotency key: the same session again, as it was created.
      const id = `cs_local_${createHash('sha256').update(params.idempotencyKey).digest('hex').slice(0, 24)}`;
      const session: LocalCheckoutSession = {
        id,
        mode: params.mode,
        customerId: params.customerId,
        priceId: params.priceId,
        successUrl: params.successUrl,
        cancelUrl: params.cancelUrl,
        metadata: params.metadata,
        status: 'open',
        paymentStatus: 'unpaid',
        subscriptionId: null,
        paymentMethodId: null,
        description: params.description ?? null,
        couponId: params.discount?.couponId ?? null,
        // Operator-made Stripe promotion codes do not exist here; only our own discounts apply.
        promotionCode: null,
        amountDueCents:
          params.mode === 'setup' ? null : (params.amountDueCents ?? priceOf(params.priceId)?.amountCents ?? 0),
        discount: params.discount
          ? {
              couponId: params.discount.couponId,
              percentOff: params.discount.percentOff,
              remainingPeriods:
                params.discount.duration === 'forever'
                  ? null
                  : params.discount.duration === 'once'
                    ? 1
                    : (params.discount.durationInMonths ?? 1),
            }
          : null,
        createdAt: (await now()).toISOString(),
      };
      await store.putIfAbsent('checkout_session', session, params.customerId);
      return { id: session.id, url: `${options.publicUrl}/api/billing/local-checkout/${session.id}` };
    },

    async retrieveCheckoutSession(id) {
      const session = await store.get('checkout_session', id);
      return session ? toProviderSession(session) : null;
    },

    async listCheckoutSessions({ customerId, since }) {
      const sessions = await store.list('checkout_session', customerId);
      return sessions
        .filter((session) => session.createdAt === null || new Date(session.createdAt) >= since)
        .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))
        .map(toProviderSession);
    },

    async expireCheckoutSession(id) {
      const session = await store.get('checkout_session', id);
      if (!session) throw new Error(`No local checkout session ${id}`);
      if (await store.replaceIf('checkout_session', { ...session, status: 'expired' }, 'status', 'open'))
        return 'expired';
      const current = await store.get('checkout_session', id);
      return current?.status === 'complete' ? 'complete' : 'expired';
    },

    retrievePrice(priceId) {
      const price = priceOf(priceId);
      if (!price) return Promise.resolve(null);
      return Promise.resolve({
        id: priceId,
        unitAmount: price.amountCents,
        currency: price.currency,
        interval: price.mode === 'subscription' ? recurringInterval(price) : null,
      });
    },

    async retrieveSubscription(id) {
      const subscription = await store.get('subscription', id);
      return subscription ? toProviderSubscription(subscription) : null;
    },

    async retrieveInvoice(id) {
      const invoice = await store.get('invoice', id);
      return invoice ? toProviderInvoice(invoice) : null;
    },

    retrieveCharge: (id) => charges.retrieveCharge(id),
    retrieveDispute: (id) => charges.retrieveDispute(id),
    // TEST MODE refunds are amounts on the charge, not objects of their own, and never fail: no
    // event names one.
    retrieveRefund: () => Promise.resolve(null),
    charges,

    async previewPriceChange(params: PriceChangeOptions) {
      return toProviderInvoice(
        prorate(await getSubscriptionOrThrow(params.subscriptionId), params.newPriceId, params.prorationDate),
      );
    },

    async changePrice(params) {
      const subscription = await getSubscriptionOrThrow(params.subscriptionId);
      const invoice = prorate(subscription, params.newPriceId, params.prorationDate);
      const paymentMethodId = params.paymentMethodId ?? (await customerPaymentMethod(subscription.customerId));
      if (paymentMethodId === DECLINING_PAYMENT_METHOD) {
        // The customer's card on file stays as it was: only a card that paid becomes the default.
        // pending_if_incomplete: the failed payment leaves the subscription as it was.
        await store.put('invoice', { ...invoice, status: 'void' }, subscription.customerId);
        return {
          subscription: toProviderSubscription(subscription),
          invoice: toProviderInvoice({ ...invoice, status: 'void' }),
          paymentErrorCode: 'card_declined',
        };
      }
      const newPrice = priceOf(params.newPriceId);
      const resetLine = invoice.lines.find((line) => !line.isProration);
      const changed: LocalSubscription = {
        ...subscription,
        priceId: params.newPriceId,
        schedule: null,
        ...(resetLine
          ? {
              currentPeriodStart: resetLine.periodStart,
              currentPeriodEnd: addInterval(params.prorationDate, recurringInterval(newPrice)).toISOString(),
            }
          : {}),
      };
      const paid: LocalInvoice = { ...invoice, status: 'paid', amountPaid: invoice.amountDue };
      await store.put('subscription', changed, subscription.customerId);
      await store.put('invoice', paid, subscription.customerId);
      await charges.record({
        customerId: paid.customerId,
        amountCents: paid.amountPaid,
        invoiceId: paid.id,
        checkoutSessionId: null,
      });
      if (params.paymentMethodId) {
        const customer = await store.get('customer', subscription.customerId);
        if (customer)
          await store.put('customer', { ...customer, paymentMethodId: params.paymentMethodId }, customer.id);
      }
      await emit('customer.subscription.updated', changed.id);
      await emit('invoice.paid', paid.id);
      return {
        subscription: toProviderSubscription(changed),
        invoice: toProviderInvoice(paid),
        paymentErrorCode: null,
      };
    },

    async scheduleDowngrade({ subscriptionId, newPriceId }) {
      const subscription = await getSubscriptionOrThrow(subscriptionId);
      const schedule = {
        id: subscription.schedule?.id ?? newId('sub_sched'),
        priceId: newPriceId,
        date: subscription.currentPeriodEnd,
      };
      await store.put('subscription', { ...subscription, schedule }, subscription.customerId);
      await emit('subscription_schedule.updated', subscription.id);
      return { scheduleId: schedule.id, effectiveDate: new Date(schedule.date) };
    },

    async retrieveScheduleSubscriptionId(scheduleId) {
      const subscriptions = await store.list('subscription');
      return subscriptions.find((entry) => entry.schedule?.id === scheduleId)?.id ?? null;
    },

    async releaseSchedule({ scheduleId }) {
      const subscriptions = await store.list('subscription');
      const subscription = subscriptions.find((entry) => entry.schedule?.id === scheduleId);
      if (!subscription) return;
      await store.put('subscription', { ...subscription, schedule: null }, subscription.customerId);
      await emit('subscription_schedule.released', subscription.id);
    },

    async setCancelAtPeriodEnd({ subscriptionId, cancelAtPeriodEnd }) {
      const subscription = await getSubscriptionOrThrow(subscriptionId);
      await store.put('subscription', { ...subscription, cancelAtPeriodEnd }, subscription.customerId);
      await emit('customer.subscription.updated', subscription.id);
    },

    createPortalSession({ customerId, returnUrl }) {
      return Promise.resolve({
        url: `${options.publicUrl}/api/billing/local-portal?customer=${encodeURIComponent(customerId)}&returnUrl=${encodeURIComponent(returnUrl)}`,
      });
    },

    verifyWebhook() {
      throw new WebhookSignatureError('The local payment provider sends no webhooks');
    },

    setEventSink(next) {
      sink = next;
    },

    registerRoutes(app: FastifyInstance) {
      registerLocalCheckoutRoutes(app, provider);
      registerLocalPaymentToolRoutes(app, provider);
    },

    getCheckoutSession: (sessionId) => store.get('checkout_session', sessionId),
    describePrice: priceOf,

    async completeCheckout(sessionId, outcome) {
      const session = await store.get('checkout_session', sessionId);
      if (!session) throw new Error(`No local checkout session ${sessionId}`);
      const successUrl = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
      if (session.status !== 'open')
        return { redirectUrl: session.status === 'complete' ? successUrl : session.cancelUrl };
      if (!options.isTestModeAllowed) throw new PaymentDeclinedError('test_mode_disabled');
      // A declined card fails a payment at once; in setup mode it is saved and fails the charge that follows.
      if (outcome === 'decline' && session.mode !== 'setup') return { declined: true };
      const paymentMethodId = outcome === 'decline' ? DECLINING_PAYMENT_METHOD : WORKING_PAYMENT_METHOD;
      const at = await now();
      let subscription: LocalSubscription | null = null;
      if (session.mode === 'subscription') {
        const price = priceOf(session.priceId);
        subscription = {
          id: newId('sub'),
          customerId: session.customerId,
          status: 'active',
          priceId: session.priceId ?? '',
          itemId: newId('si'),
          currentPeriodStart: at.toISOString(),
          currentPeriodEnd: addInterval(at, recurringInterval(price)).toISOString(),
          cancelAtPeriodEnd: false,
          endedAt: null,
          schedule: null,
          metadata: session.metadata,
          discount: session.discount,
        };
      }
      const completed: LocalCheckoutSession = {
        ...session,
        status: 'complete',
        paymentStatus: session.mode === 'setup' ? 'no_payment_required' : 'paid',
        subscriptionId: subscription?.id ?? null,
        paymentMethodId,
      };
      if (!(await store.replaceIf('checkout_session', completed, 'status', 'open'))) return { redirectUrl: successUrl };
      // A card saved in setup mode (an upgrade) becomes the default only once its charge succeeds (changePrice).
      const customer = session.mode === 'setup' ? null : await store.get('customer', session.customerId);
      if (customer) await store.put('customer', { ...customer, paymentMethodId }, customer.id);
      if (subscription) {
        // The first invoice charges what the checkout page showed.
        const firstAmount = session.amountDueCents ?? periodAmount(subscription);
        subscription.discount = afterOnePeriod(subscription.discount);
        await store.put('subscription', subscription, session.customerId);
        const invoice = await createPeriodInvoice(
          subscription,
          'subscription_create',
          paymentMethodId,
          firstAmount,
          session.id,
        );
        await emit('checkout.session.completed', session.id);
        await emit('customer.subscription.created', subscription.id);
        await emit('invoice.paid', invoice.id);
      } else {
        if (session.mode === 'payment')
          await charges.record({
            customerId: session.customerId,
            amountCents: session.amountDueCents ?? 0,
            invoiceId: null,
            checkoutSessionId: session.id,
          });
        await emit('checkout.session.completed', session.id);
      }
      return { redirectUrl: successUrl };
    },

    async advanceClock(days) {
      const offsetMs = await store.advanceClock(Math.round(days * 24 * 60 * 60 * 1000));
      const at = await now();
      for (const subscription of await store.list('subscription')) {
        // Several periods may have passed: renew until the subscription is current, ended or unpaid.
        let current: LocalSubscription | null = subscription;
        while (current && (await renewIfDue(current, at))) current = await store.get('subscription', current.id);
      }
      // As Stripe's test clocks do: listeners run their time-based work (monthly grants of annual plans).
      await emit('test_helpers.test_clock.ready', 'local_clock');
      return { now: at, offsetDays: offsetMs / (24 * 60 * 60 * 1000) };
    },
  };
  return provider;
}
