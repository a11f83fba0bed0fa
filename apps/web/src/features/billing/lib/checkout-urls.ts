import type { CheckoutMode } from '@agentry/core/billing';
import { toSafeReturnPath } from '@agentry/core/return-url';

export const CHECKOUT_RETURN_STORAGE_KEY = 'agentry:checkout-return-url';
export const DEFAULT_RETURN_PATH = '/usage';

/** Only same-site paths are followed, so a query cannot send the user elsewhere (the shared return-url check). */
export function toSameSitePath(url: string | null | undefined, fallback = DEFAULT_RETURN_PATH): string {
  return toSafeReturnPath(url, { allowedOrigins: [window.location.origin] }) ?? fallback;
}

/** docs/product/billing-and-credits.md#checkout-and-plan-changes: a signed-out checkout stores where to come back to before it asks for sign-in. */
export function storeCheckoutReturnUrl(returnUrl: string) {
  try {
    localStorage.setItem(CHECKOUT_RETURN_STORAGE_KEY, returnUrl);
  } catch {
    // Private mode: the sign-in callback still carries the return url.
  }
}

export function readCheckoutReturnUrl(): string | null {
  try {
    return localStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearCheckoutReturnUrl() {
  try {
    localStorage.removeItem(CHECKOUT_RETURN_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** /success?email=&returnUrl= on this site. */
export function buildSuccessUrl(options: { email?: string; returnUrl: string }) {
  const query = new URLSearchParams();
  if (options.email) query.set('email', options.email);
  query.set('returnUrl', options.returnUrl);
  return `${window.location.origin}/success?${query.toString()}`;
}

/** /api/auth/callback/checkout: after sign-in the server starts the checkout for this price. */
export function buildCheckoutCallbackPath(options: {
  priceId: string;
  mode: CheckoutMode;
  couponId?: string;
  returnUrl: string;
}) {
  const query = new URLSearchParams({ priceId: options.priceId, mode: options.mode });
  if (options.couponId) query.set('couponId', options.couponId);
  query.set('returnUrl', options.returnUrl);
  return `/api/auth/callback/checkout?${query.toString()}`;
}
