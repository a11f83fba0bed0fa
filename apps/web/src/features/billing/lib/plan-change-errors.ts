import { errorCatalogue } from '@agentry/core/errors';
import { cardErrorMessages, isCardErrorCode, type CardErrorCode } from '@agentry/core/error-messages';
import { ApiError } from '@/lib/api';

/** What the server says when there is no active subscription to change (docs/product/billing-and-credits.md#checkout-and-plan-changes). */
export const SUBSCRIPTION_NOT_FOUND_MESSAGE = errorCatalogue.SUBSCRIPTION_NOT_FOUND.message;

export const SUBSCRIPTION_ATTENTION_TITLE = 'Subscription needs attention';
export const SUBSCRIPTION_ATTENTION_TEXT =
  "We couldn't find an active subscription for this customer. If you've recently canceled, resubscribe first or contact support to continue. If you recently tried upgrading and this message persists, contact support so we can refresh your subscription.";

export type PlanChangeError = {
  message: string;
  /** A card or payment error code (docs/product/README.md#errors, 'Card and payment errors'). */
  cardCode?: CardErrorCode;
  /** The 409 'no active subscription' case: also raise the 'Subscription needs attention' banner. */
  needsAttention: boolean;
};

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The card error code wherever the server put it: error.code, error.decline_code, error.details.code, code. */
export function readCardErrorCode(body: unknown): CardErrorCode | undefined {
  const record = readRecord(body);
  const error = readRecord(record?.error);
  const details = readRecord(error?.details) ?? readRecord(record?.details);
  const candidates = [
    error?.code,
    error?.decline_code,
    error?.declineCode,
    error?.paymentErrorCode,
    details?.code,
    details?.decline_code,
    record?.code,
    record?.decline_code,
    record?.paymentErrorCode,
    record?.error,
  ];
  return candidates.find(isCardErrorCode);
}

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, 'Plan change': the 409 text, a card error's text, the server's message, or the fallback. */
export function describePlanChangeError(
  error: unknown,
  fallback = 'Unable to update plan. Please try again.',
): PlanChangeError {
  const message = error instanceof Error ? error.message.trim() : typeof error === 'string' ? error.trim() : '';
  const status = error instanceof ApiError ? error.status : undefined;
  const code = error instanceof ApiError ? error.code : undefined;
  // A 409 means no active subscription, except our own 'this plan is already active' conflict.
  const isMissingSubscription =
    code === 'SUBSCRIPTION_NOT_FOUND' ||
    message === SUBSCRIPTION_NOT_FOUND_MESSAGE ||
    (status === 409 && code !== 'CONFLICT');
  if (isMissingSubscription) {
    return { message: SUBSCRIPTION_ATTENTION_TEXT, needsAttention: true };
  }
  const cardCode = error instanceof ApiError ? readCardErrorCode(error.body) : undefined;
  if (cardCode) return { message: cardErrorMessages[cardCode], cardCode, needsAttention: false };
  return { message: message || fallback, needsAttention: false };
}
