import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { BillingProvider, ProviderCharge } from '../../platform/payments/billing-provider';
import { reverseCredits, type ReversalEntry } from '../credits/reverse-credits';
import { billingSubscription } from './billing.tables';
import { findUserIdByCustomer } from './ensure-billing-customer';
import { findChargeGrants } from './find-charge-grants';
import { listEntitledSubscriptions } from './get-billing-subscription';
import { planChargeReversal, planLifetimeDeal } from './plan-charge-reversal';
import { lifetimeSubscriptionId, processCheckoutSession } from './process-checkout-session';
import { processPaidInvoice } from './process-paid-invoice';
import { unlockSubaccountsIfAllowed } from './subaccount-lock';

/**
 * A refunded or disputed payment: the credits it granted are taken back in the refunded share
 * (all of them while a dispute is open or lost, given back down to the refunded share when it is
 * won), and a lifetime deal refunded in full or disputed stops. Everything is read fresh from the
 * provider, so the event that brought us here (charge.refunded, charge.dispute.*) only says "look
 * again".
 */
export async function reverseChargeCredits(options: {
  db: Database;
  provider: BillingProvider;
  chargeId: string;
  logger?: FastifyBaseLogger;
}) {
  const { db, provider, logger } = options;
  const charge = await provider.retrieveCharge(options.chargeId);
  if (!charge || charge.amountCents <= 0) return;
  const userId = await findUserIdByCustomer({ db, customerId: charge.customerId });
  if (!userId) {
    logger?.warn({ chargeId: charge.id }, 'refund or dispute of an unknown customer ignored');
    return;
  }
  // A refund handled before the payment's own event would find nothing to take back: the payment
  // is granted first (keyed, so a grant already made is not made again).
  if (charge.checkoutSessionId)
    await processCheckoutSession({ db, provider, sessionId: charge.checkoutSessionId, logger });
  if (charge.invoiceId) await processPaidInvoice({ db, provider, invoiceId: charge.invoiceId, logger });
  const invoice = charge.invoiceId ? await provider.retrieveInvoice(charge.invoiceId) : null;
  const sessionId = charge.checkoutSessionId;
  let isDealReopened = false;
  const reversals = await reverseCredits({
    db,
    billingUserId: userId,
    reference: charge.id,
    decide: async (tx, { previous, periodKey }) =>
      planChargeReversal({
        charge,
        grants: await findChargeGrants({ db: tx, userId, charge, invoice, periodKey }),
        previous,
      }),
    // Under the same lock as the credits, from the same entries: a handler that read the dispute
    // open cannot end a deal after the win was recorded.
    alongside: async (tx, { previous }) => {
      if (sessionId) isDealReopened = await settleLifetimeDeal({ db: tx, userId, sessionId, charge, previous });
    },
  });
  if (reversals.length > 0)
    logger?.info(
      { chargeId: charge.id, userId, reversals: reversals.length },
      'credits of a refunded or disputed payment moved',
    );
  if (isDealReopened) await unlockSubaccountsIfAllowed({ db, userId });
}

/**
 * A lifetime deal refunded in full, or disputed, ends: no more monthly grants, no plan. The win
 * of its dispute brings it back (a deal refunded in full stays ended), unless the account has
 * taken another plan since: an account holds one plan. Answers whether it was brought back.
 */
async function settleLifetimeDeal(options: {
  db: Database;
  userId: string;
  sessionId: string;
  charge: ProviderCharge;
  previous: ReversalEntry[];
}) {
  const { db, userId } = options;
  const id = lifetimeSubscriptionId(options.sessionId);
  const decision = planLifetimeDeal(options.charge, options.previous);
  if (decision === 'end') {
    await db
      .update(billingSubscription)
      .set({ status: 'canceled', endedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(billingSubscription.id, id), ne(billingSubscription.status, 'canceled')));
    return false;
  }
  if (decision !== 'reopen') return false;
  const otherPlans = (await listEntitledSubscriptions({ db, userId })).filter((row) => row.id !== id);
  if (otherPlans.length > 0) return false;
  const reopened = await db
    .update(billingSubscription)
    .set({ status: 'active', endedAt: null, updatedAt: new Date() })
    .where(and(eq(billingSubscription.id, id), eq(billingSubscription.status, 'canceled')))
    .returning({ id: billingSubscription.id });
  return reopened.length > 0;
}
