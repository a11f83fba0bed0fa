import { computeAllowanceFraction, prorateUpgradeCredits } from '@agentry/core/billing';
import { toMillicredits } from '@agentry/core/credits';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { BillingProvider, ProviderInvoice, ProviderInvoiceLine } from '../../platform/payments/billing-provider';
import { addPlanCredits, grantPeriodCredits } from '../credits/grant-credits';
import { findUserIdByCustomer } from './ensure-billing-customer';
import { findPriceByProviderId } from './find-price';

const SECOND_MS = 1000;

/**
 * Grants what a paid subscription invoice pays for, keyed by the invoice so it happens once:
 * a new period (create, cycle, or an upgrade that resets the cycle) opens with the plan's
 * allowance; a prorated upgrade adds the allowance difference times the prorated fraction.
 */
export async function processPaidInvoice(options: {
  db: Database;
  provider: BillingProvider;
  invoiceId: string;
  logger?: FastifyBaseLogger;
}) {
  const { db, provider } = options;
  const invoice = await provider.retrieveInvoice(options.invoiceId);
  if (!invoice || invoice.status !== 'paid' || !invoice.subscriptionId) return;
  const userId = await findUserIdByCustomer({ db, customerId: invoice.customerId });
  if (!userId) {
    options.logger?.warn({ invoiceId: invoice.id }, 'invoice of an unknown customer ignored');
    return;
  }
  const periodLine = invoice.lines.find((line) => !line.isProration && line.priceId && line.amount >= 0);
  if (
    periodLine &&
    ['subscription_create', 'subscription_cycle', 'subscription_update'].includes(invoice.billingReason ?? '')
  ) {
    await grantPeriod({ db, userId, invoice, line: periodLine });
    return;
  }
  if (invoice.billingReason === 'subscription_update') await grantUpgradeProration({ db, provider, userId, invoice });
}

async function grantPeriod(options: {
  db: Database;
  userId: string;
  invoice: ProviderInvoice;
  line: ProviderInvoiceLine;
}) {
  const price = await findPriceByProviderId({ db: options.db, priceId: options.line.priceId });
  // A paid period whose price we cannot find (a price id rotated while customers are still on the
  // old one) fails the event, so it is logged and the provider delivers it again, rather than
  // being recorded as done with nothing granted.
  if (!price)
    throw new Error(`paid invoice ${options.invoice.id} is for price ${options.line.priceId}, not in the catalogue`);
  if (price.creditLimit <= 0) return;
  await grantPeriodCredits({
    db: options.db,
    billingUserId: options.userId,
    millicredits: toMillicredits(price.creditLimit),
    idempotencyKey: `invoice:${options.invoice.id}`,
    reference: options.invoice.id,
    periodStartedAt: options.line.periodStart,
    metadata: {
      priceId: options.line.priceId,
      tierCode: price.tierCode,
      billingReason: options.invoice.billingReason,
      subscriptionId: options.invoice.subscriptionId,
    },
  });
}

async function grantUpgradeProration(options: {
  db: Database;
  provider: BillingProvider;
  userId: string;
  invoice: ProviderInvoice;
}) {
  const { db, invoice } = options;
  const credited = invoice.lines.find((line) => line.isProration && line.amount < 0);
  const charged = invoice.lines.find((line) => line.isProration && line.amount > 0);
  if (!credited || !charged) return;
  const [fromPrice, toPrice] = await Promise.all([
    findPriceByProviderId({ db, priceId: credited.priceId }),
    findPriceByProviderId({ db, priceId: charged.priceId }),
  ]);
  if (!fromPrice || !toPrice) return;
  const timeFraction = await readProratedFraction({
    provider: options.provider,
    invoice,
    charged,
    unitAmount: toPrice.amountCents,
    interval: toPrice.interval,
  });
  const credits = prorateUpgradeCredits({
    currentCreditLimit: fromPrice.creditLimit,
    targetCreditLimit: toPrice.creditLimit,
    timeFraction,
  });
  if (credits <= 0) return;
  await addPlanCredits({
    db,
    billingUserId: options.userId,
    millicredits: toMillicredits(credits),
    idempotencyKey: `upgrade:${invoice.id}`,
    reference: invoice.id,
    kind: 'upgrade_proration',
    // For the period the change fell in: processed after the next one began, they had expired.
    // The change's time is in whole seconds, the period's start may not be: the rest of its second.
    periodAt: new Date(charged.periodStart.getTime() + SECOND_MS - 1),
    metadata: { fromPriceId: credited.priceId, toPriceId: charged.priceId, timeFraction, credits },
  });
}

/**
 * The share of the allowance period the upgrade covers: the charged line's span over the
 * subscription's period (for a yearly plan, over the month of it the change fell in: its
 * allowance is monthly), or, if the period has moved on since, the charge over the full price (a
 * yearly plan then gets nothing here: its new year's grants are at the new allowance).
 */
async function readProratedFraction(options: {
  provider: BillingProvider;
  invoice: ProviderInvoice;
  charged: ProviderInvoiceLine;
  unitAmount: number | null;
  interval: string | null;
}) {
  const subscription = options.invoice.subscriptionId
    ? await options.provider.retrieveSubscription(options.invoice.subscriptionId)
    : null;
  if (
    subscription &&
    Math.abs(subscription.currentPeriodEnd.getTime() - options.charged.periodEnd.getTime()) < SECOND_MS
  ) {
    return computeAllowanceFraction({
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      at: options.charged.periodStart,
      interval: options.interval,
    });
  }
  if (options.interval === 'year') return 0;
  return options.unitAmount ? Math.min(1, options.charged.amount / options.unitAmount) : 0;
}
