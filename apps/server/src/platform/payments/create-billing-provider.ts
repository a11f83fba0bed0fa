import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../db/database';
import type { BillingProvider } from './billing-provider';
import { createLocalBillingProvider } from './local-billing-provider';
import { createStripeBillingProvider } from './stripe-billing-provider';

/** The one place that picks the payment provider: Stripe with a key, the local TEST MODE provider without. */
export function createBillingProvider(options: {
  config: AppConfig;
  db: Database;
  logger: FastifyBaseLogger;
}): BillingProvider {
  const { config, logger } = options;
  if (config.stripeSecretKey) {
    if (!config.billing.stripeWebhookSecret) {
      logger.warn(
        'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused and payments are confirmed only when customers return from checkout',
      );
    }
    return createStripeBillingProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.billing.stripeWebhookSecret,
      apiBase: config.billing.stripeApiBase,
      priceIds: config.billing.stripePriceIds,
      isLive: config.billing.isStripeLive,
    });
  }
  logger.info(
    config.billing.isLocalTestModeAllowed
      ? 'payments: the local TEST MODE checkout (STRIPE_SECRET_KEY is not set)'
      : 'payments: not configured (STRIPE_SECRET_KEY is not set); the local test checkout refuses payments on a public address',
  );
  return createLocalBillingProvider({
    db: options.db,
    publicUrl: config.publicUrl,
    isTestModeAllowed: config.billing.isLocalTestModeAllowed,
  });
}
