import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelScheduledDowngradeReply,
  CancelSubscriptionBody,
  CancelSubscriptionReply,
  CapabilitiesReply,
  CheckoutCallbackQuery,
  CreateCheckoutBody,
  CreateCheckoutReply,
  CreatePortalBody,
  CreateUpgradeCheckoutBody,
  CreateUpgradeCheckoutReply,
  FinalizeUpgradeBody,
  FinalizeUpgradeReply,
  GetPriceBody,
  GetPriceReply,
  PreviewUpgradeBody,
  PreviewUpgradeReply,
  PricingPlansReply,
  RedeemPromoBody,
  RedeemPromoReply,
  ResubscribeReply,
  ScheduleDowngradeBody,
  ScheduleDowngradeReply,
  SelectSubaccountLockBody,
  SubaccountLockReply,
  SubscriptionDetailsReply,
  UrlReply,
  UsageReply,
  keptSubaccountIds,
} from '@agentry/core/billing';
import { PlanCatalogueReply } from '@agentry/core/plans';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { loadOptionalSession, requireSession, signedInUser } from '../auth/guards';
import type { BillingContext } from './billing-context';
import { cancelSubscription, resubscribe } from './cancel-subscription';
import { createCheckout, createPortal } from './create-checkout';
import { renderCheckoutConfirmPage } from './render-checkout-confirm-page';
import { createUpgradeCheckout } from './create-upgrade-checkout';
import { finalizeUpgrade } from './finalize-upgrade';
import { getBillingBalance, listUsageLogs, summarizeUsageByDay } from './get-billing-balance';
import { getPlanCatalogue, getPricingPlans, getSubscriptionDetails } from './get-pricing';
import { previewUpgrade } from './preview-upgrade';
import { processCheckoutSession } from './process-checkout-session';
import { redeemPromoCode } from './promo-codes';
import { resolveCapabilities } from './resolve-capabilities';
import { cancelScheduledDowngrade, scheduleDowngrade } from './schedule-downgrade';
import { getSubaccountLock, selectActiveSubaccount } from './subaccount-lock';
import { toSafeReturnPath } from '@agentry/core/return-url';
import { toClientNetwork } from '../../platform/http/to-client-network';

const tags = ['billing'];

/** Every billing call (docs/product/billing-and-credits.md#routes): thin handlers over the billing services. */
export function registerBillingRoutes(root: FastifyInstance, context: BillingContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  const { cache } = app.platform;

  // Catalogue and prices ----------------------------------------------------------------------
  app.get(
    '/api/openrouter/plans',
    { schema: { tags, summary: 'Plan catalogue: family -> tiers', response: { 200: PlanCatalogueReply } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return getPlanCatalogue({ db });
    },
  );

  app.get(
    '/api/pricing/plans',
    { schema: { tags, summary: 'Live plan data keyed by lowercase plan name', response: { 200: PricingPlansReply } } },
    () => getPricingPlans({ db }),
  );

  app.post(
    '/stripe/get-price',
    { preHandler: requireSession, schema: { tags, body: GetPriceBody, response: { 200: GetPriceReply } } },
    async (request) => {
      const price = await context.provider.retrievePrice(request.body.priceId);
      if (!price) throw new AppError('NOT_FOUND', { message: 'Price not found' });
      return { priceId: price.id, unitAmount: price.unitAmount, currency: price.currency, interval: price.interval };
    },
  );

  // Usage, credits, capabilities --------------------------------------------------------------
  app.get(
    '/api/openrouter/usage',
    { preHandler: requireSession, schema: { tags, response: { 200: UsageReply } } },
    async (request) => {
      const billingUserId = signedInUser(request).id;
      const [{ balance, hasKey }, usageLogs, usageByDay] = await Promise.all([
        getBillingBalance({ db, billingUserId }),
        listUsageLogs({ db, billingUserId }),
        summarizeUsageByDay({ db, billingUserId }),
      ]);
      return { balance, hasKey, usageLogs, usageByDay, error: null };
    },
  );

  app.post(
    '/api/openrouter/credits/redeem',
    { preHandler: requireSession, schema: { tags, body: RedeemPromoBody, response: { 200: RedeemPromoReply } } },
    async (request) => {
      const userId = signedInUser(request).id;
      await enforceRateLimit({ cache, key: `promo:${userId}`, limit: 10, windowMs: 60_000 });
      const { amount } = await redeemPromoCode({ db, userId, code: request.body.code });
      const { balance } = await getBillingBalance({ db, billingUserId: userId });
      return { error: null, reason: null, balance, amount };
    },
  );

  app.get(
    '/api/billing/capabilities',
    { preHandler: requireSession, schema: { tags, response: { 200: CapabilitiesReply } } },
    (request) => resolveCapabilities({ db, billingUserId: signedInUser(request).id }),
  );

  app.get(
    '/api/billing/subaccount-lock',
    { preHandler: requireSession, schema: { tags, response: { 200: SubaccountLockReply } } },
    (request) => getSubaccountLock({ db, userId: signedInUser(request).id }),
  );

  app.post(
    '/api/billing/subaccount-lock',
    {
      preHandler: requireSession,
      schema: { tags, body: SelectSubaccountLockBody, response: { 200: SubaccountLockReply } },
    },
    (request) =>
      selectActiveSubaccount({ db, userId: signedInUser(request).id, subaccountIds: keptSubaccountIds(request.body) }),
  );

  app.post(
    '/api/billing/sync-checkout',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Applies a completed checkout now (the success page), without waiting for the webhook',
        body: z.object({ sessionId: z.string().min(1) }),
        response: { 200: UsageReply.pick({ balance: true }) },
      },
    },
    async (request) => {
      await processCheckoutSession({ ...context, sessionId: request.body.sessionId });
      return { balance: (await getBillingBalance({ db, billingUserId: signedInUser(request).id })).balance };
    },
  );

  // Checkout and portal ------------------------------------------------------------------------
  const checkoutHandler = async (request: {
    body: CreateCheckoutBody;
    signedIn: { user: { id: string } } | null;
    ip: string;
  }) => {
    await enforceRateLimit({
      cache,
      key: `checkout:${request.signedIn?.user.id ?? toClientNetwork(request.ip)}`,
      limit: 20,
      windowMs: 60_000,
    });
    return createCheckout(context, { userId: request.signedIn?.user.id ?? null, body: request.body });
  };
  for (const url of ['/api/stripe/create-checkout', '/stripe/create-checkout']) {
    app.post(
      url,
      {
        preHandler: loadOptionalSession,
        schema: { tags, body: CreateCheckoutBody, response: { 200: CreateCheckoutReply } },
      },
      (request) => checkoutHandler(request),
    );
  }

  app.get(
    '/api/auth/callback/checkout',
    {
      preHandler: loadOptionalSession,
      schema: {
        tags,
        summary: 'Starts a checkout after sign-in and redirects to it',
        querystring: CheckoutCallbackQuery,
      },
    },
    async (request, reply) => {
      const { priceId, mode, couponId, returnUrl } = request.query;
      if (!request.signedIn) {
        return reply.redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(request.url)}`);
      }
      const safeReturn = toSafeReturnPath(returnUrl) ?? '/usage';
      // A link another site started (a GET anyone can make a browser follow) may not close the
      // checkout page the user has open: they are asked first, and their own click comes from here.
      const fetchSite = request.headers['sec-fetch-site'];
      const result = await createCheckout(context, {
        keepsOpenPages: fetchSite === 'cross-site' || fetchSite === 'same-site',
        userId: request.signedIn.user.id,
        body: {
          priceId,
          mode,
          couponId,
          successUrl: `/success?email=${encodeURIComponent(request.signedIn.user.email)}&returnUrl=${encodeURIComponent(safeReturn)}`,
          cancelUrl: safeReturn,
        },
      });
      if (result.isOtherPageOpen)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderCheckoutConfirmPage({ continueUrl: request.url, backUrl: safeReturn }));
      if (result.url) return reply.redirect(result.url);
      if (result.hasActiveSubscription) return reply.redirect('/dashboard');
      if (result.useUpgradeFlow)
        return reply.redirect(
          `${safeReturn}${safeReturn.includes('?') ? '&' : '?'}upgradePriceId=${encodeURIComponent(priceId)}`,
        );
      return reply.redirect(safeReturn);
    },
  );

  app.post(
    '/api/stripe/create-portal',
    { preHandler: requireSession, schema: { tags, body: CreatePortalBody, response: { 200: UrlReply } } },
    (request) => createPortal(context, { userId: signedInUser(request).id, returnUrl: request.body.returnUrl }),
  );

  // Plan changes ------------------------------------------------------------------------------
  app.get(
    '/stripe/subscription-details',
    { preHandler: requireSession, schema: { tags, response: { 200: SubscriptionDetailsReply } } },
    (request) => getSubscriptionDetails(context, { userId: signedInUser(request).id }),
  );

  app.post(
    '/stripe/preview-upgrade',
    { preHandler: requireSession, schema: { tags, body: PreviewUpgradeBody, response: { 200: PreviewUpgradeReply } } },
    (request) => previewUpgrade(context, { userId: signedInUser(request).id, newPriceId: request.body.newPriceId }),
  );

  for (const url of ['/stripe/create-upgrade-checkout', '/api/stripe/create-upgrade-checkout']) {
    app.post(
      url,
      {
        preHandler: requireSession,
        schema: { tags, body: CreateUpgradeCheckoutBody, response: { 200: CreateUpgradeCheckoutReply } },
      },
      (request) =>
        createUpgradeCheckout(context, {
          userId: signedInUser(request).id,
          newPriceId: request.body.newPriceId,
          returnUrl: request.body.returnUrl,
        }),
    );
  }

  app.post(
    '/stripe/finalize-upgrade',
    {
      preHandler: requireSession,
      schema: { tags, body: FinalizeUpgradeBody, response: { 200: FinalizeUpgradeReply } },
    },
    (request) => finalizeUpgrade(context, { userId: signedInUser(request).id, sessionId: request.body.sessionId }),
  );

  app.post(
    '/stripe/schedule-downgrade',
    {
      preHandler: requireSession,
      schema: { tags, body: ScheduleDowngradeBody, response: { 200: ScheduleDowngradeReply } },
    },
    (request) => scheduleDowngrade(context, { userId: signedInUser(request).id, newPriceId: request.body.newPriceId }),
  );

  app.post(
    '/stripe/cancel-scheduled-downgrade',
    {
      preHandler: requireSession,
      schema: { tags, body: z.object({}).optional(), response: { 200: CancelScheduledDowngradeReply } },
    },
    (request) => cancelScheduledDowngrade(context, { userId: signedInUser(request).id }),
  );

  app.post(
    '/stripe/cancel-subscription',
    {
      preHandler: requireSession,
      schema: { tags, body: CancelSubscriptionBody.optional(), response: { 200: CancelSubscriptionReply } },
    },
    (request) => cancelSubscription(context, { userId: signedInUser(request).id }),
  );

  app.post(
    '/stripe/resubscribe',
    {
      preHandler: requireSession,
      schema: {
        tags,
        body: z.object({ returnUrl: z.string().optional() }).optional(),
        response: { 200: ResubscribeReply },
      },
    },
    (request) => resubscribe(context, { userId: signedInUser(request).id, returnUrl: request.body?.returnUrl }),
  );
}
