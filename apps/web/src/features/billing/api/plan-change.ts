import type {
  CancelScheduledDowngradeReply,
  CancelSubscriptionReply,
  FinalizeUpgradeReply,
  PreviewUpgradeReply,
  ResubscribeReply,
  ScheduleDowngradeReply,
  SubscriptionDetailsReply,
} from '@agentry/core/billing';
import { ApiError, apiRequest } from '@/lib/api';

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, texts of the plan change. */
export const planChangeMessages = {
  failed: 'Unable to update plan. Please try again.',
  prorationFailed: 'Unable to calculate proration. Please try again.',
  invalidSelection: 'Invalid plan selection - missing price ID. Please try again.',
  noRedirect: 'Failed to start upgrade checkout. No redirect URL returned.',
  upgradeCheckoutFailed: 'Failed to start upgrade checkout',
  upgradeFailed: 'Failed to upgrade subscription',
  cancelDowngradeFailed: 'Failed to cancel scheduled downgrade.',
  cancellationFailed: 'Failed to schedule cancellation.',
  resumeFailed: 'Failed to resume subscription.',
} as const;

type Reply<T> = Partial<T> & { error?: string | null };

/** A 2xx answer that still carries `error` is a failure. */
function failOnError<T extends { error?: string | null }>(reply: T, status = 400): T {
  if (typeof reply.error === 'string' && reply.error.trim()) {
    throw new ApiError({ status, body: reply, message: reply.error, kind: 'other' });
  }
  return reply;
}

/** POST /stripe/get-price {priceId} -> {unitAmount} (minor units; null when unknown). */
export async function getPriceUnitAmount(priceId: string, signal?: AbortSignal): Promise<number | null> {
  const reply = await apiRequest<{ unitAmount?: number | null }>('/stripe/get-price', {
    method: 'POST',
    body: { priceId },
    signal,
  });
  return typeof reply.unitAmount === 'number' ? reply.unitAmount : null;
}

/** GET /stripe/subscription-details: hasSubscription, subscription.amount, priceId. */
export function getSubscriptionDetails(signal?: AbortSignal) {
  return apiRequest<Reply<SubscriptionDetailsReply>>('/stripe/subscription-details', { signal });
}

/** POST /stripe/preview-upgrade {newPriceId, renewCycle: true}. */
export function previewUpgrade(newPriceId: string, signal?: AbortSignal) {
  return apiRequest<PreviewUpgradeReply>('/stripe/preview-upgrade', {
    method: 'POST',
    body: { newPriceId, renewCycle: true },
    signal,
    fallbackMessage: planChangeMessages.prorationFailed,
  });
}

/**
 * Starts the upgrade's payment: POST /stripe/create-upgrade-checkout (plan-change modal) or
 * /api/stripe/create-upgrade-checkout (upgrade dialog) {newPriceId, returnUrl} -> {url}.
 */
export async function createUpgradeCheckout(options: {
  newPriceId: string;
  returnUrl: string;
  path?: '/stripe/create-upgrade-checkout' | '/api/stripe/create-upgrade-checkout';
}) {
  const reply = await apiRequest<{ url?: string | null; error?: string | null }>(
    options.path ?? '/stripe/create-upgrade-checkout',
    {
      method: 'POST',
      body: { newPriceId: options.newPriceId, returnUrl: options.returnUrl },
      fallbackMessage: planChangeMessages.upgradeCheckoutFailed,
    },
  );
  failOnError(reply);
  if (!reply.url) throw new Error(planChangeMessages.noRedirect);
  return reply.url;
}

/** POST /stripe/finalize-upgrade {sessionId}. */
export function finalizeUpgrade(sessionId: string) {
  return apiRequest<Reply<FinalizeUpgradeReply>>('/stripe/finalize-upgrade', {
    method: 'POST',
    body: { sessionId },
    fallbackMessage: planChangeMessages.upgradeFailed,
  });
}

/** POST /stripe/schedule-downgrade {newPriceId}. */
export async function scheduleDowngrade(newPriceId: string) {
  return failOnError(
    await apiRequest<Reply<ScheduleDowngradeReply>>('/stripe/schedule-downgrade', {
      method: 'POST',
      body: { newPriceId },
      fallbackMessage: planChangeMessages.failed,
    }),
  );
}

/** POST /stripe/cancel-scheduled-downgrade {}. */
export async function cancelScheduledDowngrade() {
  return failOnError(
    await apiRequest<Reply<CancelScheduledDowngradeReply>>('/stripe/cancel-scheduled-downgrade', {
      method: 'POST',
      body: {},
      fallbackMessage: planChangeMessages.cancelDowngradeFailed,
    }),
  );
}

/** POST /stripe/cancel-subscription {cancelAtPeriodEnd: true}. */
export async function cancelSubscription() {
  return failOnError(
    await apiRequest<Reply<CancelSubscriptionReply>>('/stripe/cancel-subscription', {
      method: 'POST',
      body: { cancelAtPeriodEnd: true },
      fallbackMessage: planChangeMessages.cancellationFailed,
    }),
  );
}

/** POST /stripe/resubscribe {}; after the end it answers a new checkout's url. */
export async function resubscribe() {
  return failOnError(
    await apiRequest<Reply<ResubscribeReply>>('/stripe/resubscribe', {
      method: 'POST',
      body: {},
      fallbackMessage: planChangeMessages.resumeFailed,
    }),
  );
}
