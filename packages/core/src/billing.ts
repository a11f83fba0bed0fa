import { z } from 'zod';
import {
  BillingInterval,
  PlanCapabilities,
  PlanFamily,
  familyCapabilities,
  getPlanFamily,
  planFamilies,
  secretOffers,
} from './plans';

/* ------------------------------------------------------------------------------------------
 * Price catalogue: everything a customer can buy, keyed independently of any payment provider.
 * The server seeds it into the database and attaches each provider's price id.
 * ---------------------------------------------------------------------------------------- */

export const PriceInterval = z.enum(['month', 'year', 'lifetime']);
export type PriceInterval = z.infer<typeof PriceInterval>;

export const CheckoutMode = z.enum(['subscription', 'payment']);
export type CheckoutMode = z.infer<typeof CheckoutMode>;

export type BillingPrice = {
  /** Stable key, e.g. 'growth_3000_month', 'offer_lifetime'. */
  key: string;
  kind: 'plan' | 'offer' | 'pack';
  mode: CheckoutMode;
  planFamily: PlanFamily | null;
  tierCode: string | null;
  /** month / year for subscriptions, lifetime for the one-time offer that grants monthly, null otherwise. */
  interval: PriceInterval | null;
  amountCents: number;
  currency: 'usd';
  /** Plan credits granted per month (0 when the price grants none). */
  creditLimit: number;
  /** Bonus credits granted once with the first payment. */
  bonusCredits: number;
  displayName: string;
  displayDescription: string | null;
  displayOrder: number;
  capabilities: PlanCapabilities | null;
};

function planPrices(): BillingPrice[] {
  return planFamilies.flatMap((family, familyIndex) =>
    family.tiers.flatMap((tier, tierIndex) =>
      (['month', 'year'] as const).map((interval): BillingPrice => ({
        key: `${tier.tierCode}_${interval}`,
        kind: 'plan',
        mode: 'subscription',
        planFamily: family.family,
        tierCode: tier.tierCode,
        interval,
        amountCents: interval === 'month' ? tier.monthlyPriceCents : tier.annualPriceCents,
        currency: 'usd',
        creditLimit: tier.creditLimit,
        bonusCredits: 0,
        displayName: family.name,
        displayDescription: family.description,
        displayOrder: (familyIndex + 1) * 100 + tierIndex * 2 + (interval === 'month' ? 0 : 1),
        capabilities: family.capabilities,
      })),
    ),
  );
}

function offerPrices(): BillingPrice[] {
  const [starter, coaching, lifetime] = secretOffers;
  if (!starter || !coaching || !lifetime) throw new Error('The three secret offers are required');
  return [
    {
      key: 'offer_starter',
      kind: 'offer',
      mode: 'subscription',
      planFamily: 'starter',
      tierCode: 'starter_500',
      interval: 'month',
      amountCents: starter.priceCents,
      currency: 'usd',
      creditLimit: starter.credits ?? 0,
      bonusCredits: starter.bonusCredits ?? 0,
      displayName: starter.name,
      displayDescription: getPlanFamily('starter').description,
      displayOrder: 901,
      capabilities: familyCapabilities.starter,
    },
    {
      key: 'offer_coaching',
      kind: 'offer',
      mode: 'payment',
      planFamily: null,
      tierCode: null,
      interval: null,
      amountCents: coaching.priceCents,
      currency: 'usd',
      creditLimit: 0,
      bonusCredits: 0,
      displayName: coaching.name,
      displayDescription: null,
      displayOrder: 902,
      capabilities: null,
    },
    {
      key: 'offer_lifetime',
      kind: 'offer',
      mode: 'payment',
      // 3,000 credits a month is the Growth allowance: the lifetime deal carries Growth's capabilities.
      planFamily: 'growth',
      tierCode: 'growth_3000',
      interval: 'lifetime',
      amountCents: lifetime.priceCents,
      currency: 'usd',
      creditLimit: lifetime.monthlyCredits ?? 0,
      bonusCredits: 0,
      displayName: lifetime.name,
      displayDescription: null,
      displayOrder: 903,
      capabilities: familyCapabilities.growth,
    },
  ];
}

/** Plans (every tier, monthly and annual) and the secret offers. */
export const billingPriceCatalogue: readonly BillingPrice[] = [...planPrices(), ...offerPrices()];

export function findBillingPrice(key: string): BillingPrice | undefined {
  return billingPriceCatalogue.find((price) => price.key === key);
}

/** A one-time bonus credit pack configured by price key 'pack_<credits>' (Stripe only). */
export function parsePackKey(key: string): number | null {
  const match = /^pack_(\d+)$/.exec(key);
  return match?.[1] ? Number(match[1]) : null;
}

/* ------------------------------------------------------------------------------------------
 * Formulas
 * ---------------------------------------------------------------------------------------- */

const DAY_MS = 24 * 60 * 60 * 1000;

function toTime(value: Date | string | number) {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Whole days until `periodEnd`, rounded up, never below 0. */
export function daysRemainingUntil(
  periodEnd: Date | string | number,
  now: Date | string | number = Date.now(),
): number {
  return Math.max(0, Math.ceil((toTime(periodEnd) - toTime(now)) / DAY_MS));
}

/** The proration preview as the server sends it: amounts in minor units. */
export const ProrationAmounts = z.object({
  currency: z.string().nullable().optional(),
  /** Credit for the unused time of the current plan (minor units; the sign is ignored). */
  creditAmount: z.number(),
  /** Charge for the remaining time on the new plan (minor units). */
  chargeAmount: z.number(),
  totalDueNow: z.number(),
  daysRemaining: z.number(),
});
export type ProrationAmounts = z.infer<typeof ProrationAmounts>;

export type ProrationDisplay = {
  currency: string;
  creditAmount: number;
  chargeAmount: number;
  totalDueNow: number;
  daysRemaining: number;
};

/** docs/product/billing-and-credits.md#checkout-and-plan-changes: amounts divided by 100, days remaining rounded up, currency default USD upper-cased. */
export function describeProration(proration: ProrationAmounts): ProrationDisplay {
  return {
    currency: (proration.currency || 'usd').toUpperCase(),
    creditAmount: Math.abs(proration.creditAmount) / 100,
    chargeAmount: proration.chargeAmount / 100,
    totalDueNow: proration.totalDueNow / 100,
    daysRemaining: Math.max(0, Math.ceil(proration.daysRemaining)),
  };
}

/** The share of the period still ahead at `at` (what a proration charges for), clamped to 0..1. */
export function computeTimeFraction(options: {
  periodStart: Date | string | number;
  periodEnd: Date | string | number;
  at: Date | string | number;
}): number {
  const start = toTime(options.periodStart);
  const end = toTime(options.periodEnd);
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - toTime(options.at)) / (end - start)));
}

/** Whole calendar months (UTC) from `start` to `at`. */
export function monthsBetween(start: Date, at: Date): number {
  let months = (at.getUTCFullYear() - start.getUTCFullYear()) * 12 + (at.getUTCMonth() - start.getUTCMonth());
  // A day past a shorter month's end runs into the next month, so more than one step back can be due.
  while (months > 0 && addMonths(start, months) > at) months -= 1;
  return Math.max(0, months);
}

/** `months` calendar months after `date` (UTC; a day past the month's end runs into the next). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * The share of the allowance period still ahead at `at`: of the billing period, or for a plan
 * billed yearly (whose allowance is monthly) of the month of it that `at` is in, months counted
 * as the monthly grants count them. An upgrade adds the allowance difference for that share only;
 * the months after it come at the new allowance.
 */
export function computeAllowanceFraction(options: {
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  interval: string | null;
}): number {
  if (options.interval !== 'year') return computeTimeFraction(options);
  const month = monthsBetween(options.periodStart, options.at);
  const monthStart = addMonths(options.periodStart, month);
  const monthEnd = addMonths(options.periodStart, month + 1);
  return computeTimeFraction({
    periodStart: monthStart,
    periodEnd: monthEnd < options.periodEnd ? monthEnd : options.periodEnd,
    at: options.at,
  });
}

/**
 * An upgrade's credits: the allowance difference times the same time fraction the money was
 * prorated by (never the full new allowance), to the millicredit, rounded down.
 */
export function prorateUpgradeCredits(options: {
  currentCreditLimit: number;
  targetCreditLimit: number;
  timeFraction: number;
}): number {
  const difference = options.targetCreditLimit - options.currentCreditLimit;
  if (difference <= 0) return 0;
  const fraction = Math.min(1, Math.max(0, options.timeFraction));
  // The epsilon keeps binary noise (3500 stored as 3499.9999…) from losing a millicredit.
  return Math.floor(difference * fraction * 1000 + 1e-6) / 1000;
}

/* ------------------------------------------------------------------------------------------
 * Usage and balance
 * ---------------------------------------------------------------------------------------- */

const IsoDate = z.string();

/** docs/product/billing-and-credits.md#credits, balance fields read by the web (credits, not millicredits). */
export const BillingBalance = z.object({
  currentPriceId: z.string().nullable(),
  planCode: z.string().nullable(),
  tierCode: z.string().nullable(),
  configuredLimit: z.number().nullable(),
  effectiveLimit: z.number().nullable(),
  planCreditLimit: z.number().nullable(),
  totalCreditLimit: z.number().nullable(),
  usageUsed: z.number().nullable(),
  creditsRemaining: z.number().nullable(),
  planCreditsRemaining: z.number().nullable(),
  totalCreditsRemaining: z.number().nullable(),
  bonusCreditsRemaining: z.number().nullable(),
  bonusCreditsGranted: z.number().nullable(),
  bonusCreditsTotal: z.number().nullable(),
  scheduledPriceId: z.string().nullable(),
  scheduledChangeDate: IsoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Not in the documented list; useful to the usage page. */
  subscriptionStatus: z.string().nullable(),
  billingInterval: PriceInterval.nullable(),
  currentPeriodEnd: IsoDate.nullable(),
  heldCredits: z.number().nullable(),
});
export type BillingBalance = z.infer<typeof BillingBalance>;

export const UsageLog = z.object({
  timestamp: IsoDate,
  model: z.string(),
  /** Credits charged. */
  cost: z.number(),
  /** Tokens in and out. */
  usage_total: z.number(),
  provider: z.string().nullable(),
  costUsd: z.number().nullable(),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  source: z.string().nullable(),
  subaccountId: z.string().nullable(),
});
export type UsageLog = z.infer<typeof UsageLog>;

export const UsageByDay = z.object({ date: z.string(), model: z.string(), credits: z.number(), calls: z.number() });
export type UsageByDay = z.infer<typeof UsageByDay>;

/** GET /api/openrouter/usage */
export const UsageReply = z.object({
  balance: BillingBalance.nullable(),
  hasKey: z.boolean(),
  usageLogs: z.array(UsageLog),
  /** Credits per day and model over the last 30 days, for the usage chart. */
  usageByDay: z.array(UsageByDay),
  error: z.string().nullable(),
});
export type UsageReply = z.infer<typeof UsageReply>;

export type CreditMeter = {
  isKnown: boolean;
  limit: number | null;
  used: number | null;
  usedPercent: number | null;
  remaining: number | null;
  planRemaining: number | null;
  bonusRemaining: number | null;
  barWidthPercent: number;
};

export const METER_FALLBACK_BAR_PERCENT = 2;

function roundToTenth(value: number) {
  return Math.round(value * 10) / 10;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** docs/product/billing-and-credits.md#credit-meter-and-usage, credit meter with its fallbacks. */
export function computeCreditMeter(balance: Partial<BillingBalance> | null | undefined): CreditMeter {
  const limit = isNumber(balance?.totalCreditLimit) ? balance.totalCreditLimit : null;
  const used = isNumber(balance?.usageUsed) ? balance.usageUsed : null;
  const usedPercent =
    limit !== null && limit > 0 && used !== null
      ? roundToTenth(Math.min(100, Math.max(0, (used / limit) * 100)))
      : null;
  const remaining = isNumber(balance?.totalCreditsRemaining)
    ? balance.totalCreditsRemaining
    : limit !== null && used !== null
      ? Math.max(0, limit - used)
      : null;
  const planRemaining = isNumber(balance?.planCreditsRemaining)
    ? balance.planCreditsRemaining
    : isNumber(balance?.creditsRemaining)
      ? balance.creditsRemaining
      : null;
  const bonusRemaining = isNumber(balance?.bonusCreditsRemaining)
    ? balance.bonusCreditsRemaining
    : remaining !== null && planRemaining !== null
      ? Math.max(0, remaining - planRemaining)
      : null;
  return {
    isKnown: usedPercent !== null,
    limit,
    used,
    usedPercent,
    remaining,
    planRemaining,
    bonusRemaining,
    barWidthPercent: usedPercent ?? METER_FALLBACK_BAR_PERCENT,
  };
}

const meterNumberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Meter numbers: up to one decimal. */
export function formatMeterNumber(value: number): string {
  return meterNumberFormat.format(value);
}

/* ------------------------------------------------------------------------------------------
 * Plan change decisions
 * ---------------------------------------------------------------------------------------- */

export function isDowngradeExceedingLimit(options: {
  usageUsed: number | null | undefined;
  targetCreditLimit: number;
}): boolean {
  return isNumber(options.usageUsed) && options.usageUsed > options.targetCreditLimit;
}

export function hasScheduledDowngrade(
  balance: Pick<Partial<BillingBalance>, 'scheduledPriceId' | 'scheduledChangeDate'> | null | undefined,
): boolean {
  return Boolean(balance?.scheduledPriceId && balance.scheduledChangeDate);
}

/* ------------------------------------------------------------------------------------------
 * Usage poller
 * ---------------------------------------------------------------------------------------- */

export const USAGE_POLL_INTERVAL_MS = 60_000;
export const USAGE_MIN_REFETCH_INTERVAL_MS = 60_000;
export const USAGE_VISIBILITY_REFETCH_DELAY_MS = 2000;
export const USAGE_BACKOFF_SECONDS = [15, 30, 60, 120, 300] as const;
export const PLAN_CATALOGUE_CACHE_MS = 60_000;

/** Delay after the n-th consecutive failure (1-based), capped at the last step. */
export function usageBackoffDelayMs(failureCount: number): number {
  const index = Math.min(USAGE_BACKOFF_SECONDS.length - 1, Math.max(0, failureCount - 1));
  return (USAGE_BACKOFF_SECONDS[index] ?? 300) * 1000;
}

/* ------------------------------------------------------------------------------------------
 * Texts
 * ---------------------------------------------------------------------------------------- */

export const PaymentErrorCode = z.enum([
  'card_declined',
  'insufficient_funds',
  'payment_method_required',
  'authentication_required',
  'expired_card',
]);
export type PaymentErrorCode = z.infer<typeof PaymentErrorCode>;

export const paymentErrorMessages: Record<PaymentErrorCode, string> = {
  card_declined: 'Your card was declined. Please update your payment method and try again.',
  insufficient_funds: 'Your card has insufficient funds. Please try a different payment method.',
  payment_method_required: 'No payment method on file. Please add a payment method first.',
  authentication_required: 'Your bank requires authentication. Please try again and complete the verification.',
  expired_card: 'Your card has expired. Please update your payment method.',
};

export const UPGRADE_FAILED_MESSAGE = 'Failed to process upgrade. Please try again.';

export function paymentErrorMessage(code: string | null | undefined): string {
  const parsed = PaymentErrorCode.safeParse(code);
  return parsed.success ? paymentErrorMessages[parsed.data] : UPGRADE_FAILED_MESSAGE;
}

export const SUBSCRIPTION_UPDATED_MESSAGE = 'Your subscription has been updated successfully.';
export const SUBSCRIPTION_CONTINUES_MESSAGE = 'Your subscription will continue without interruption.';
export const UPGRADE_PENDING_MESSAGE =
  "We couldn't confirm the upgrade automatically. Please contact support if your plan does not update shortly.";

/** 'April 1, 2026' (UTC), or null for a missing date. */
export function formatBillingDate(date: Date | string | null | undefined): string | null {
  if (!date) return null;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    value,
  );
}

/** A plan change asked for the wrong way: by price, a cheaper plan waits for the renewal date and a dearer one starts now. */
export const PLAN_CHANGE_IS_DOWNGRADE_MESSAGE =
  'This plan costs less than your current one, so it starts at the end of your billing period: schedule the downgrade instead.';
export const PLAN_CHANGE_IS_UPGRADE_MESSAGE =
  'This plan costs more than your current one, so it starts now with prorated credits: upgrade instead.';
/** A plan change asked of a subscription cancelled at the period end. */
export const PLAN_ENDING_MESSAGE =
  'Your plan is cancelled and ends with this billing period. Resubscribe first, then change plans.';
/** An upgrade confirmed for a plan that has changed since: nothing is charged. */
export const PLAN_CHANGED_SINCE_UPGRADE_MESSAGE =
  'Your plan changed after this upgrade was confirmed, so nothing was charged. Choose the new plan again.';

export function downgradeScheduledMessage(planName: string, date: Date | string | null | undefined): string {
  return `Your plan will change to ${planName} on ${formatBillingDate(date) ?? 'the end of your current billing period'}.`;
}

export function downgradeCanceledMessage(planName: string): string {
  return `You will remain on ${planName}.`;
}

export function cancellationScheduledMessage(planName: string, date: Date | string | null | undefined): string {
  return `Your subscription (${planName}) will end on ${formatBillingDate(date) ?? 'the close of the current billing period'}.`;
}

export function promoSuccessMessage(amount: number | null | undefined): string {
  return isNumber(amount) && amount > 0
    ? `Added ${formatMeterNumber(amount)} credits to your balance.`
    : 'Bonus credits applied successfully.';
}

/* ------------------------------------------------------------------------------------------
 * Wire schemas of the billing calls (docs/product/billing-and-credits.md#routes)
 * ---------------------------------------------------------------------------------------- */

/** GET /api/pricing/plans: plans keyed by lowercase plan name. */
export const PricingPlanEntry = z.object({
  billingInterval: BillingInterval,
  /** Major units (79, 568.8). */
  price: z.number(),
  priceCents: z.number().int(),
  stripePriceId: z.string().nullable(),
  tierCode: z.string(),
  creditLimit: z.number(),
});
export type PricingPlanEntry = z.infer<typeof PricingPlanEntry>;

export const PricingOffer = z.object({
  key: z.string(),
  name: z.string(),
  mode: CheckoutMode,
  /** The catalogue (anchor) price, before the offer's own discount. */
  price: z.number(),
  priceCents: z.number().int(),
  /** What the checkout charges, after the offer's own discount (the price to show). */
  amountDueCents: z.number().int(),
  discountPercent: z.number().nullable(),
  stripePriceId: z.string().nullable(),
  credits: z.number(),
  bonusCredits: z.number(),
});
export type PricingOffer = z.infer<typeof PricingOffer>;

/** A landing-page promotion (`/?promo=<id>`) and what its checkout charges. */
export const PricingPromotion = z.object({
  id: z.string(),
  /** Sent to checkout as couponId (and carried through sign-in). */
  couponId: z.string(),
  tierCode: z.string(),
  billingInterval: BillingInterval,
  stripePriceId: z.string().nullable(),
  priceCents: z.number().int(),
  amountDueCents: z.number().int(),
  discountPercent: z.number(),
  periodNote: z.string(),
});
export type PricingPromotion = z.infer<typeof PricingPromotion>;

export const PricingPlansReply = z.object({
  plans: z.record(z.string(), z.array(PricingPlanEntry)),
  offers: z.array(PricingOffer),
  promotions: z.array(PricingPromotion),
});
export type PricingPlansReply = z.infer<typeof PricingPlansReply>;

const Url = z.string().min(1);

export const CreateCheckoutBody = z.object({
  priceId: z.string().trim().min(1, { error: 'Invalid plan selection - missing price ID. Please try again.' }),
  successUrl: Url.optional(),
  cancelUrl: Url.optional(),
  mode: CheckoutMode.default('subscription'),
  email: z.string().trim().toLowerCase().optional(),
  couponId: z.string().trim().min(1).optional(),
  referralId: z.string().trim().min(1).optional(),
  promoCode: z.string().trim().min(1).optional(),
});
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBody>;

export const CreateCheckoutReply = z.object({
  url: z.string().optional(),
  sessionId: z.string().optional(),
  useUpgradeFlow: z.boolean().optional(),
  newPriceId: z.string().optional(),
  redirectToPortal: z.boolean().optional(),
  hasActiveSubscription: z.boolean().optional(),
  shouldSignIn: z.boolean().optional(),
  error: z.string().optional(),
});
export type CreateCheckoutReply = z.infer<typeof CreateCheckoutReply>;

export const CheckoutCallbackQuery = z.object({
  priceId: z.string().min(1),
  mode: CheckoutMode.default('subscription'),
  couponId: z.string().min(1).optional(),
  returnUrl: z.string().optional(),
});
export type CheckoutCallbackQuery = z.infer<typeof CheckoutCallbackQuery>;

export const CreatePortalBody = z.object({ returnUrl: Url.optional() });
export type CreatePortalBody = z.infer<typeof CreatePortalBody>;
export const UrlReply = z.object({ url: z.string() });
export type UrlReply = z.infer<typeof UrlReply>;

export const GetPriceBody = z.object({ priceId: z.string().min(1) });
export type GetPriceBody = z.infer<typeof GetPriceBody>;
export const GetPriceReply = z.object({
  priceId: z.string(),
  unitAmount: z.number().nullable(),
  currency: z.string().nullable(),
  interval: z.string().nullable(),
});
export type GetPriceReply = z.infer<typeof GetPriceReply>;

export const PlanSummary = z.object({
  displayName: z.string(),
  creditLimit: z.number(),
  priceId: z.string().nullable(),
  tierCode: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

export const PreviewUpgradeBody = z.object({ newPriceId: z.string().min(1), renewCycle: z.boolean().optional() });
export type PreviewUpgradeBody = z.infer<typeof PreviewUpgradeBody>;

export const PreviewUpgradeReply = z.object({
  proration: ProrationAmounts.extend({ currency: z.string() }),
  nextBillingDate: IsoDate.nullable(),
  billingCycleReset: z.boolean(),
  currentPlan: PlanSummary,
  targetPlan: PlanSummary,
  /** Plan credits the upgrade adds now (allowance difference x remaining fraction of the period). */
  creditsGranted: z.number(),
  prorationDate: IsoDate,
});
export type PreviewUpgradeReply = z.infer<typeof PreviewUpgradeReply>;

export const SubscriptionDetailsReply = z.object({
  hasSubscription: z.boolean(),
  subscription: z
    .object({
      id: z.string(),
      /** Unit amount of the current price, minor units. */
      amount: z.number().nullable(),
      currency: z.string().nullable(),
      status: z.string(),
      interval: PriceInterval.nullable(),
      currentPeriodEnd: IsoDate.nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  priceId: z.string().nullable(),
});
export type SubscriptionDetailsReply = z.infer<typeof SubscriptionDetailsReply>;

export const CreateUpgradeCheckoutBody = z.object({ newPriceId: z.string().min(1), returnUrl: Url.optional() });
export type CreateUpgradeCheckoutBody = z.infer<typeof CreateUpgradeCheckoutBody>;
export const CreateUpgradeCheckoutReply = z.object({ url: z.string().nullable(), error: z.string().nullable() });
export type CreateUpgradeCheckoutReply = z.infer<typeof CreateUpgradeCheckoutReply>;

export const FinalizeUpgradeBody = z.object({ sessionId: z.string().min(1) });
export type FinalizeUpgradeBody = z.infer<typeof FinalizeUpgradeBody>;
export const FinalizeUpgradeReply = z.object({
  success: z.boolean(),
  /** upgraded: the new plan is active; pending: paid but not confirmed yet ('Upgrade confirmation pending'). */
  status: z.enum(['upgraded', 'pending']),
  currentPlan: PlanSummary,
  message: z.string(),
});
export type FinalizeUpgradeReply = z.infer<typeof FinalizeUpgradeReply>;

export const ScheduleDowngradeBody = z.object({ newPriceId: z.string().min(1) });
export type ScheduleDowngradeBody = z.infer<typeof ScheduleDowngradeBody>;
export const ScheduleDowngradeReply = z.object({
  scheduledPlan: PlanSummary,
  effectiveDate: IsoDate.nullable(),
  message: z.string(),
  error: z.string().nullable(),
});
export type ScheduleDowngradeReply = z.infer<typeof ScheduleDowngradeReply>;

export const CancelScheduledDowngradeReply = z.object({
  currentPlan: PlanSummary,
  message: z.string(),
  error: z.string().nullable(),
});
export type CancelScheduledDowngradeReply = z.infer<typeof CancelScheduledDowngradeReply>;

export const CancelSubscriptionBody = z.object({ cancelAtPeriodEnd: z.literal(true).default(true) });
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionBody>;
export const CancelSubscriptionReply = z.object({
  currentPlan: PlanSummary,
  cancelDate: IsoDate.nullable(),
  message: z.string(),
  error: z.string().nullable(),
});
export type CancelSubscriptionReply = z.infer<typeof CancelSubscriptionReply>;

export const ResubscribeReply = z.object({
  currentPlan: PlanSummary,
  message: z.string(),
  /** Set when the subscription had already ended: a new checkout to complete. */
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type ResubscribeReply = z.infer<typeof ResubscribeReply>;

export const RedeemPromoBody = z.object({
  code: z.string({ error: 'Promo code is required' }).trim().min(1, { error: 'Promo code is required' }).max(64),
});
export type RedeemPromoBody = z.infer<typeof RedeemPromoBody>;
export const RedeemPromoReply = z.object({
  error: z.string().nullable(),
  reason: z.string().nullable(),
  balance: BillingBalance.nullable(),
  amount: z.number(),
});
export type RedeemPromoReply = z.infer<typeof RedeemPromoReply>;

/** Why a promo code was refused (in the error body as `reason`). */
export const PromoRefusalReason = z.enum(['not_found', 'expired', 'exhausted', 'already_redeemed']);
export type PromoRefusalReason = z.infer<typeof PromoRefusalReason>;

export const LockableSubaccount = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  agentCount: z.number().int().nonnegative(),
  createdAt: IsoDate,
  isLocked: z.boolean(),
});
export type LockableSubaccount = z.infer<typeof LockableSubaccount>;

/** GET /api/billing/subaccount-lock */
export const SubaccountLockReply = z.object({
  mustChoose: z.boolean(),
  /** How many sub accounts the plan keeps active (null: unlimited). */
  allowedActive: z.number().int().nullable(),
  subaccounts: z.array(LockableSubaccount),
});
export type SubaccountLockReply = z.infer<typeof SubaccountLockReply>;

export const SelectSubaccountLockBody = z
  .object({
    subaccountId: z.string().min(1, { error: 'Please select a subaccount' }).optional(),
    /** The sub accounts to keep active, up to the plan's allowance (with one, the same as subaccountId). */
    subaccountIds: z.array(z.string().min(1)).max(100).optional(),
  })
  .refine((body) => Boolean(body.subaccountId) || (body.subaccountIds?.length ?? 0) > 0, {
    error: 'Please select a subaccount',
  });

/** The sub accounts a lock choice keeps active (each once). */
export function keptSubaccountIds(body: SelectSubaccountLockBody): string[] {
  return [...new Set(body.subaccountIds?.length ? body.subaccountIds : body.subaccountId ? [body.subaccountId] : [])];
}

/** More sub accounts chosen than the plan keeps active. */
export function tooManyKeptMessage(allowed: number): string {
  return `Your plan keeps ${allowed} sub ${allowed === 1 ? 'account' : 'accounts'} active: choose at most ${allowed}.`;
}
export type SelectSubaccountLockBody = z.infer<typeof SelectSubaccountLockBody>;

export const CapabilitiesReply = z.object({
  capabilities: PlanCapabilities,
  planFamily: PlanFamily.nullable(),
  tierCode: z.string().nullable(),
});
export type CapabilitiesReply = z.infer<typeof CapabilitiesReply>;

export const AdvanceClockBody = z.object({ days: z.number().positive().max(3660) });
export type AdvanceClockBody = z.infer<typeof AdvanceClockBody>;
export const AdvanceClockReply = z.object({ now: IsoDate, offsetDays: z.number() });
export type AdvanceClockReply = z.infer<typeof AdvanceClockReply>;

/** The local provider's TEST MODE payment tools: a payment, refunded or disputed as Stripe's would be. */
export const LocalChargeReply = z.object({
  id: z.string(),
  customerId: z.string(),
  amountCents: z.number().int(),
  amountRefundedCents: z.number().int(),
  invoiceId: z.string().nullable(),
  checkoutSessionId: z.string().nullable(),
  disputeId: z.string().nullable(),
  createdAt: IsoDate,
});
export type LocalChargeReply = z.infer<typeof LocalChargeReply>;
export const LocalChargeListReply = z.object({ charges: z.array(LocalChargeReply) });
export type LocalChargeListReply = z.infer<typeof LocalChargeListReply>;
/** Omitted: everything left to refund. */
export const LocalRefundBody = z.object({ amountCents: z.number().int().positive().optional() });
export type LocalRefundBody = z.infer<typeof LocalRefundBody>;
export const LocalDisputeReply = z.object({
  id: z.string(),
  chargeId: z.string(),
  status: z.enum(['open', 'won', 'lost']),
  createdAt: IsoDate,
});
export type LocalDisputeReply = z.infer<typeof LocalDisputeReply>;
export const CloseLocalDisputeBody = z.object({ outcome: z.enum(['won', 'lost']) });
export type CloseLocalDisputeBody = z.infer<typeof CloseLocalDisputeBody>;
