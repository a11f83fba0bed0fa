import type { CheckoutMode, CreateCheckoutReply } from '@agentry/core/billing';
import { ApiError, apiRequest } from '@/lib/api';

export type CreateCheckoutInput = {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  mode: CheckoutMode;
  email?: string;
  couponId?: string;
  referralId?: string;
  promoCode?: string;
};

const flagNames = ['useUpgradeFlow', 'redirectToPortal', 'hasActiveSubscription', 'shouldSignIn'] as const;

/** The flags and url of a create-checkout answer, whether it came as a 2xx or as an error body. */
export function readCheckoutReply(body: unknown): CreateCheckoutReply {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const reply: CreateCheckoutReply = {};
  if (typeof record.url === 'string' && record.url) reply.url = record.url;
  if (typeof record.sessionId === 'string') reply.sessionId = record.sessionId;
  if (typeof record.newPriceId === 'string') reply.newPriceId = record.newPriceId;
  for (const flag of flagNames) if (record[flag] === true) reply[flag] = true;
  const error = record.error;
  if (typeof error === 'string' && error.trim()) reply.error = error;
  else if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    reply.error = (error as { message: string }).message;
  }
  return reply;
}

/** POST /api/stripe/create-checkout. A refusal with flags (409 and the like) is answered, not thrown. */
export async function createCheckout(input: CreateCheckoutInput): Promise<CreateCheckoutReply> {
  try {
    return readCheckoutReply(await apiRequest<unknown>('/api/stripe/create-checkout', { method: 'POST', body: input }));
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) {
      const reply = readCheckoutReply(error.body);
      return { ...reply, error: reply.error ?? error.message };
    }
    throw error;
  }
}

/** POST /api/stripe/create-portal {returnUrl} -> {url}. */
export async function createPortalSession(returnUrl: string): Promise<string> {
  const reply = await apiRequest<{ url?: string }>('/api/stripe/create-portal', {
    method: 'POST',
    body: { returnUrl },
  });
  if (!reply.url) throw new Error('The billing portal is not available right now.');
  return reply.url;
}

/** POST /api/billing/sync-checkout {sessionId}: applies a completed checkout now instead of waiting for the webhook. */
export async function syncCheckout(sessionId: string) {
  const reply = await apiRequest<{ balance?: unknown } | null>('/api/billing/sync-checkout', {
    method: 'POST',
    body: { sessionId },
  });
  return reply?.balance ?? null;
}
