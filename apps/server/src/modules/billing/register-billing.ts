import type { FastifyInstance } from 'fastify';
import { createBillingProvider } from '../../platform/payments/create-billing-provider';
import type { BillingContext } from './billing-context';
import { registerBillingRoutes } from './billing.routes';
import { grantMonthlyAllowances } from './grant-monthly-allowances';
import { handleBillingEvent } from './handle-billing-event';
import { seedBillingCatalogue } from './seed-billing-catalogue';
import { registerStripeWebhookRoute } from './stripe-webhook.routes';

const MONTHLY_GRANT_INTERVAL_MS = 60 * 60 * 1000;

/** Billing: the payment provider chosen from config, the catalogue seeded, routes, events and the monthly job. */
export async function registerBilling(app: FastifyInstance) {
  const { config, database } = app.platform;
  const { db } = database;
  const provider = createBillingProvider({ config, db, logger: app.log });
  await seedBillingCatalogue({
    db,
    provider,
    packKeys: Object.keys(config.billing.stripePriceIds).filter((key) => key.startsWith('pack_')),
  });
  const context: BillingContext = { db, provider, publicUrl: config.publicUrl, logger: app.log };
  provider.setEventSink(async (event) => {
    await handleBillingEvent({ ...context, event });
  });
  provider.registerRoutes(app);
  registerBillingRoutes(app, context);
  await registerStripeWebhookRoute(app, context);
  startMonthlyGrantJob(app, context);
  return context;
}

/** Annual and lifetime plans' monthly grants: hourly on every instance (each grant is keyed, so once). */
function startMonthlyGrantJob(app: FastifyInstance, context: BillingContext) {
  let isRunning = false;
  const run = () => {
    if (isRunning) return;
    isRunning = true;
    context.provider
      .now()
      .then((now) => grantMonthlyAllowances({ db: context.db, now }))
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'granted monthly allowances');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'monthly allowance job failed'))
      .finally(() => {
        isRunning = false;
      });
  };
  const timer = setInterval(run, MONTHLY_GRANT_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
