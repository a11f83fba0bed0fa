import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { BillingEvent, BillingProvider } from '../../platform/payments/billing-provider';
import { billingEvent } from './billing.tables';
import { grantMonthlyAllowances } from './grant-monthly-allowances';
import { processCheckoutSession } from './process-checkout-session';
import { processPaidInvoice } from './process-paid-invoice';
import { reverseChargeCredits } from './reverse-charge-credits';
import { syncSubscription } from './sync-subscription';

/**
 * Every provider event, Stripe's by webhook and the local provider's directly. An event id
 * already recorded does nothing; the work itself is idempotent too (keys per invoice, session,
 * refunded amount and dispute), so two deliveries racing each other still grant or take once. The event is recorded
 * after the work, so a failure is retried by the provider's next delivery.
 */
export async function handleBillingEvent(options: {
  db: Database;
  provider: BillingProvider;
  event: BillingEvent;
  logger?: FastifyBaseLogger;
}): Promise<'processed' | 'duplicate' | 'ignored'> {
  const { db, provider, event, logger } = options;
  const [seen] = await db
    .select({ id: billingEvent.id })
    .from(billingEvent)
    .where(eq(billingEvent.id, event.id))
    .limit(1);
  if (seen) return 'duplicate';
  let outcome: 'processed' | 'ignored' = 'processed';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await processCheckoutSession({ db, provider, sessionId: event.objectId, logger });
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      await syncSubscription({ db, provider, subscriptionId: event.objectId, logger });
      break;
    case 'subscription_schedule.created':
    case 'subscription_schedule.updated':
    case 'subscription_schedule.released':
    case 'subscription_schedule.canceled':
    case 'subscription_schedule.completed':
      // The local provider names the subscription; Stripe names the schedule, whose subscription we re-read.
      await syncScheduleSubscription({ db, provider, objectId: event.objectId, logger });
      break;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      await processPaidInvoice({ db, provider, invoiceId: event.objectId, logger });
      await syncInvoiceSubscription({ db, provider, invoiceId: event.objectId, logger });
      break;
    case 'invoice.payment_failed':
      await syncInvoiceSubscription({ db, provider, invoiceId: event.objectId, logger });
      break;
    case 'charge.refunded':
      await reverseChargeCredits({ db, provider, chargeId: event.objectId, logger });
      break;
    case 'charge.refund.updated':
    case 'refund.updated':
    case 'refund.failed':
      // A refund that failed gives its credits back: the event names the refund, read again with its charge.
      await reverseRefundedCharge({ db, provider, refundId: event.objectId, logger });
      break;
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      // The event names the dispute; the credits follow its charge, re-read with the dispute's status.
      await reverseDisputedCharge({ db, provider, disputeId: event.objectId, logger });
      break;
    case 'test_helpers.test_clock.ready':
      await grantMonthlyAllowances({ db, now: await provider.now() });
      break;
    default:
      outcome = 'ignored';
  }
  await db
    .insert(billingEvent)
    .values({ id: event.id, type: event.type, objectId: event.objectId })
    .onConflictDoNothing({ target: billingEvent.id });
  return outcome;
}

async function syncInvoiceSubscription(options: {
  db: Database;
  provider: BillingProvider;
  invoiceId: string;
  logger?: FastifyBaseLogger;
}) {
  const invoice = await options.provider.retrieveInvoice(options.invoiceId);
  if (invoice?.subscriptionId) await syncSubscription({ ...options, subscriptionId: invoice.subscriptionId });
}

async function reverseDisputedCharge(options: {
  db: Database;
  provider: BillingProvider;
  disputeId: string;
  logger?: FastifyBaseLogger;
}) {
  const dispute = await options.provider.retrieveDispute(options.disputeId);
  if (dispute) await reverseChargeCredits({ ...options, chargeId: dispute.chargeId });
}

async function reverseRefundedCharge(options: {
  db: Database;
  provider: BillingProvider;
  refundId: string;
  logger?: FastifyBaseLogger;
}) {
  const refund = await options.provider.retrieveRefund(options.refundId);
  if (refund) await reverseChargeCredits({ ...options, chargeId: refund.chargeId });
}

async function syncScheduleSubscription(options: {
  db: Database;
  provider: BillingProvider;
  objectId: string;
  logger?: FastifyBaseLogger;
}) {
  if (options.objectId.startsWith('sub_sched')) {
    const subscriptionId = await options.provider.retrieveScheduleSubscriptionId(options.objectId);
    if (subscriptionId) await syncSubscription({ ...options, subscriptionId });
    return;
  }
  await syncSubscription({ ...options, subscriptionId: options.objectId });
}
