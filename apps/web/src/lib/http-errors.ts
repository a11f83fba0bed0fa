import { isCancelledError } from '@tanstack/react-query';
import { describeHttpFailure, SIGN_IN_REQUIRED_MESSAGE } from '@agentry/core/error-messages';
import { formatSupportReference } from '@agentry/core/errors';
import { toast } from 'sonner';
import { ApiError } from './api';

/** docs/product/README.md#errors: the toast when nothing better is known. */
export const GENERIC_ERROR_TOAST = 'something went wrong...';

const TEMPLATE_NOT_FOUND = 'Template not found';

function isAbortError(error: unknown) {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/**
 * The toast text for a failed request (docs/product/README.md#errors, Generic HTTP), or null when
 * the failure is silent: cancelled requests and 'Template not found'.
 */
export function describeErrorToast(error: unknown): string | null {
  if (isCancelledError(error) || isAbortError(error)) return null;

  if (error instanceof ApiError) {
    if (error.code === 'TEMPLATE_NOT_FOUND' || error.message === TEMPLATE_NOT_FOUND) return null;
    // The sign-in event itself was raised by apiRequest; only the toast is left to do.
    if (error.status === 401) return SIGN_IN_REQUIRED_MESSAGE;
    return describeHttpFailure({ status: error.status, body: error.body, fallback: GENERIC_ERROR_TOAST }).message;
  }

  const message = error instanceof Error ? error.message.trim() : typeof error === 'string' ? error.trim() : '';
  if (message === TEMPLATE_NOT_FOUND) return null;
  return message || GENERIC_ERROR_TOAST;
}

/** 'Reference: 3F2A…' for a failure the server logged under a support id, so support can find it; else undefined. */
export function describeErrorReference(error: unknown): string | undefined {
  return error instanceof ApiError && error.supportId
    ? `Reference: ${formatSupportReference(error.supportId)}`
    : undefined;
}

/**
 * A failure toast for a request the screen knows about: its own title, the server's human
 * message, and the reference code.
 */
export function toastRequestError(title: string, error: unknown) {
  const message = describeErrorToast(error);
  if (message === null) return;
  const reference = describeErrorReference(error);
  const description = [message === title ? null : message, reference].filter(Boolean).join(' · ');
  toast.error(title, { description: description || undefined });
}

/** The one global handler of failed requests: toasts per docs/product/README.md#errors, unless the failure is silent. */
export function handleApiError(error: unknown) {
  const message = describeErrorToast(error);
  if (message !== null) toast.error(message, { description: describeErrorReference(error) });
}
