import type { CheckoutMode } from '@agentry/core/billing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { requestSignIn } from '@/lib/sign-in-events';
import { createCheckout, createPortalSession } from '../api/checkout';
import {
  buildCheckoutCallbackPath,
  buildSuccessUrl,
  DEFAULT_RETURN_PATH,
  storeCheckoutReturnUrl,
} from '../lib/checkout-urls';
import { assignLocation, openInNewTab } from '../lib/browser-navigation';

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, checkout texts. */
export const checkoutMessages = {
  payment: 'Your subscription payment failed. Please update your payment method to continue.',
  subscription: 'You already have an active subscription!',
  signin: 'This email already has an active subscription. Please sign in to manage it.',
  failed: 'Failed to create checkout. Please try again.',
  /** A success answer that carries no checkout address to open. */
  noUrl: 'Failed to create checkout session - no URL returned',
} as const;

export const PORTAL_REDIRECT_DELAY_MS = 3000;
export const DASHBOARD_REDIRECT_DELAY_MS = 2000;
export const SIGN_IN_REDIRECT_DELAY_MS = 2000;

export type CheckoutRequest = {
  /** Which card asked (its message shows there). */
  key: string;
  priceId: string;
  mode: CheckoutMode;
  couponId?: string;
  promoCode?: string;
};

export type CheckoutState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'message'; key: string; kind: 'payment' | 'subscription' | 'signin' | 'error'; text: string };

type UseCheckoutOptions = {
  /** Where the customer lands after a successful checkout (through /success). */
  returnUrl?: string;
  /** useUpgradeFlow: the customer already subscribes; the plan-change modal takes over. */
  onUpgradeFlow: (newPriceId: string) => void;
};

/**
 * docs/product/billing-and-credits.md#checkout-and-plan-changes, 'Checkout (pricing button)': idle -> loading -> the checkout opens in a new tab, or
 * a message of the answer's flags (payment, subscription or signin kind) or the error.
 */
export function useCheckout({ returnUrl = DEFAULT_RETURN_PATH, onUpgradeFlow }: UseCheckoutOptions) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = useCallback((delay: number, action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, delay);
  }, []);

  const startCheckout = useCallback(
    async (request: CheckoutRequest) => {
      if (!session) {
        // Stored, and carried by the sign-in callback: after the link the checkout starts from there.
        storeCheckoutReturnUrl(here);
        requestSignIn({
          reason: 'user',
          callbackUrl: buildCheckoutCallbackPath({
            priceId: request.priceId,
            mode: request.mode,
            couponId: request.couponId,
            returnUrl,
          }),
        });
        return;
      }
      clearTimeout(timer.current);
      setState({ status: 'loading', key: request.key });
      const email = session.user.email;
      let reply;
      try {
        reply = await createCheckout({
          priceId: request.priceId,
          mode: request.mode,
          email,
          successUrl: buildSuccessUrl({ email, returnUrl }),
          cancelUrl: `${window.location.origin}${here}`,
          ...(request.couponId ? { couponId: request.couponId } : {}),
          ...(request.promoCode ? { promoCode: request.promoCode } : {}),
        });
      } catch (error) {
        setState({
          status: 'message',
          key: request.key,
          kind: 'error',
          text: error instanceof Error && error.message ? error.message : checkoutMessages.failed,
        });
        return;
      }

      // Flags first: a payment-failed answer also carries the portal's url.
      if (reply.redirectToPortal) {
        const portalUrl = reply.url;
        setState({ status: 'message', key: request.key, kind: 'payment', text: checkoutMessages.payment });
        later(PORTAL_REDIRECT_DELAY_MS, () => {
          if (portalUrl) {
            assignLocation(portalUrl);
            return;
          }
          createPortalSession(`${window.location.origin}${here}`).then(
            (url) => assignLocation(url),
            (error: unknown) =>
              setState({
                status: 'message',
                key: request.key,
                kind: 'error',
                text: error instanceof Error ? error.message : checkoutMessages.failed,
              }),
          );
        });
      } else if (reply.hasActiveSubscription) {
        setState({ status: 'message', key: request.key, kind: 'subscription', text: checkoutMessages.subscription });
        later(DASHBOARD_REDIRECT_DELAY_MS, () => void navigate('/dashboard'));
      } else if (reply.shouldSignIn) {
        setState({ status: 'message', key: request.key, kind: 'signin', text: checkoutMessages.signin });
        later(SIGN_IN_REDIRECT_DELAY_MS, () => requestSignIn({ reason: 'user', callbackUrl: here }));
      } else if (reply.useUpgradeFlow) {
        setState({ status: 'idle' });
        onUpgradeFlow(reply.newPriceId ?? request.priceId);
      } else if (reply.url) {
        openInNewTab(reply.url);
        setState({ status: 'idle' });
      } else {
        setState({ status: 'message', key: request.key, kind: 'error', text: reply.error ?? checkoutMessages.noUrl });
      }
    },
    [session, returnUrl, onUpgradeFlow, later, navigate, here],
  );

  return { state, startCheckout };
}
