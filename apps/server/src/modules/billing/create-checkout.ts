import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CreateCheckoutBody, CreateCheckoutReply } from '@agentry/core/billing';
import { errorCatalogue } from '@agentry/core/errors';
import { computeAmountDue, findPromotion, isPromotionFor } from '@agentry/core/pricing';
import { AppError } from '../../platform/http/app-error';
import { user } from '../auth/auth.tables';
import type { BillingContext } from './billing-context';
import { toReturnUrl, withQuery } from './billing-context';
import { ensureBillingCustomer, findCustomerId } from './ensure-billing-customer';
import { getPriceByProviderIdOrThrow, type PriceRow } from './find-price';
import { findLatestSubscription, listEntitledSubscriptions } from './get-billing-subscription';
import { oneAtATime, openPlanPage, readPlanPages } from './plan-checkout-pages';

export const SHOULD_SIGN_IN_MESSAGE = 'This email already has an active subscription. Please sign in to manage it.';

async function hasActiveSubscription(context: BillingContext, userId: string) {
  const latest = await findLatestSubscription({ db: context.db, userId });
  return latest !== null && ['active', 'trialing', 'past_due'].includes(latest.status);
}

async function hasLifetimeDeal(context: BillingContext, userId: string) {
  const entitled = await listEntitledSubscriptions({ db: context.db, userId });
  return entitled.some((row) => row.interval === 'lifetime');
}

/** Someone else's address with a plan in force: they must sign in as that user to manage it. */
async function isEmailOfAnotherSubscriber(context: BillingContext, email: string | undefined, userId: string | null) {
  if (!email) return false;
  const [owner] = await context.db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return owner !== undefined && owner.id !== userId && (await hasActiveSubscription(context, owner.id));
}

/**
 * The discount and first amount of a checkout, by the same function the pricing screen shows
 * (computeAmountDue). A coupon id must be one of our promotions (a client cannot pick any coupon
 * in the Stripe account), and a promotion must be one for this price.
 */
function resolveAmountDue(options: {
  priceKey: string;
  listCents: number | null;
  couponId?: string;
  promoCode?: string;
}) {
  const promotion = findPromotion(options.couponId ?? options.promoCode);
  if (options.couponId && !promotion) throw new AppError('PROMOTION_NOT_APPLICABLE');
  if (promotion && !isPromotionFor(promotion, options.priceKey)) throw new AppError('PROMOTION_NOT_APPLICABLE');
  // A pack's amount lives in Stripe only: it has no discount of ours and nothing to compute.
  if (options.listCents === null) return { discount: null, amountDueCents: null };
  const due = computeAmountDue({ priceKey: options.priceKey, listCents: options.listCents, promotion });
  return { discount: due.discount, amountDueCents: due.dueCents };
}

/**
 * POST /api/stripe/create-checkout. Answers a checkout url, or one of the documented flags: a
 * subscriber choosing another plan goes through the upgrade flow, a failed payment through the
 * portal, the same plan again is 'already active', another subscriber's e-mail must sign in.
 */
/** A checkout's outcome; `isOtherPageOpen`: none was opened, as it would close the account's open plan page. */
export type CheckoutOutcome = CreateCheckoutReply & { isOtherPageOpen?: true };

export async function createCheckout(
  context: BillingContext,
  options: {
    userId: string | null;
    body: CreateCheckoutBody;
    /**
     * Opens no plan page while the account has another one open (that page would be closed): for
     * a request another site started, which only the user's own click may confirm.
     */
    keepsOpenPages?: boolean;
  },
): Promise<CheckoutOutcome> {
  const { body, userId } = options;
  // Signed out: the same 401 for every address, so the e-mail field cannot probe for subscribers.
  if (!userId) throw new AppError('UNAUTHORIZED');
  if (await isEmailOfAnotherSubscriber(context, body.email, userId))
    return { shouldSignIn: true, error: SHOULD_SIGN_IN_MESSAGE };
  const price = await getPriceByProviderIdOrThrow({ db: context.db, priceId: body.priceId });
  const due = resolveAmountDue({
    priceKey: price.key,
    listCents: price.amountCents,
    couponId: body.couponId,
    promoCode: body.promoCode,
  });
  const isPlan = price.mode === 'subscription' || price.interval === 'lifetime';
  const open = () =>
    openCheckout(context, { userId, body, price, due, isPlan, keepsOpenPages: options.keepsOpenPages ?? false });
  return isPlan ? oneAtATime(context.db, userId, open) : open();
}

async function openCheckout(
  context: BillingContext,
  options: {
    userId: string;
    body: CreateCheckoutBody;
    price: PriceRow;
    due: ReturnType<typeof resolveAmountDue>;
    isPlan: boolean;
    keepsOpenPages: boolean;
  },
): Promise<CheckoutOutcome> {
  const { userId, body, price, due, isPlan } = options;
  const mode = price.mode;
  const planPages = isPlan ? await readPlanPages(context, userId) : null;
  const alreadyActive = { hasActiveSubscription: true, error: errorCatalogue.ACTIVE_SUBSCRIPTION_EXISTS.message };
  if (planPages?.isPaymentPending) return alreadyActive;
  // The lifetime deal is a plan of its own: never next to a subscription, nor a second one.
  if (isPlan && (await hasLifetimeDeal(context, userId))) return alreadyActive;
  if (price.interval === 'lifetime' && (await hasActiveSubscription(context, userId))) return alreadyActive;
  if (mode === 'subscription') {
    const latest = await findLatestSubscription({ db: context.db, userId });
    if (latest && ['past_due', 'unpaid'].includes(latest.status)) {
      const customerId = await findCustomerId({ db: context.db, userId });
      const portal = customerId
        ? await context.provider.createPortalSession({
            customerId,
            returnUrl: toReturnUrl(context.publicUrl, body.cancelUrl, '/usage'),
            idempotencyKey: `portal:${customerId}:${randomUUID()}`,
          })
        : null;
      return { redirectToPortal: true, url: portal?.url, error: errorCatalogue.PAYMENT_FAILED.message };
    }
    if (latest && ['active', 'trialing'].includes(latest.status)) {
      if (latest.priceId === price.providerPriceId) return alreadyActive;
      return { useUpgradeFlow: true, newPriceId: body.priceId };
    }
  }
  if (options.keepsOpenPages && planPages?.all.some((page) => page.status === 'open')) return { isOtherPageOpen: true };
  const customerId = await ensureBillingCustomer({ db: context.db, provider: context.provider, userId });
  const [account] = await context.db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  const successUrl = withQuery(
    toReturnUrl(
      context.publicUrl,
      body.successUrl,
      `/success?email=${encodeURIComponent(account?.email ?? '')}&returnUrl=%2Fusage`,
    ),
    { session_id: '{CHECKOUT_SESSION_ID}' },
  );
  const cancelUrl = toReturnUrl(context.publicUrl, body.cancelUrl, '/?scrollToPricing=true');
  const request = {
    priceId: body.priceId,
    mode,
    successUrl,
    cancelUrl,
    couponId: body.couponId,
    promoCode: body.promoCode,
    referralId: body.referralId,
  };
  // A double click within the same minute gets the same session back from the provider.
  const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 24);
  const create = (retry: boolean) =>
    context.provider.createCheckoutSession({
      mode,
      customerId,
      priceId: body.priceId,
      successUrl,
      cancelUrl,
      metadata: {
        kind: 'checkout',
        userId,
        priceId: body.priceId,
        priceKey: price.key,
        ...(isPlan ? { plan: 'true' } : {}),
        ...(due.discount ? { couponId: due.discount.couponId } : {}),
        ...(body.referralId ? { referralId: body.referralId } : {}),
      },
      ...(due.discount ? { discount: due.discount } : {}),
      ...(due.amountDueCents === null ? {} : { amountDueCents: due.amountDueCents }),
      // A code that is not one of our promotions can only be an operator's Stripe promotion code.
      ...(body.promoCode && !due.discount && !findPromotion(body.promoCode) ? { promotionCode: body.promoCode } : {}),
      referralId: body.referralId,
      idempotencyKey: `checkout:${userId}:${fingerprint}:${Math.floor(Date.now() / 60_000)}${retry ? `:${randomUUID()}` : ''}`,
    });
  const session = planPages ? await openPlanPage(context, planPages, create) : await create(false);
  if (!session) return alreadyActive;
  return { url: session.url, sessionId: session.id };
}

/** POST /api/stripe/create-portal */
export async function createPortal(
  context: BillingContext,
  options: { userId: string; returnUrl?: string },
): Promise<{ url: string }> {
  const customerId = await ensureBillingCustomer({
    db: context.db,
    provider: context.provider,
    userId: options.userId,
  });
  return context.provider.createPortalSession({
    customerId,
    returnUrl: toReturnUrl(context.publicUrl, options.returnUrl, '/usage'),
    idempotencyKey: `portal:${customerId}:${randomUUID()}`,
  });
}
