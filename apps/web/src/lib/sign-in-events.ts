/**
 * The global "sign-in required" event (a 401 raises it; the sign-in modal listens).
 * Anything may ask for sign-in without importing the modal.
 */
export const SIGN_IN_REQUIRED_EVENT = 'agentry:sign-in-required';

export type SignInRequest = {
  /** Where to land after the magic link is followed. */
  callbackUrl?: string;
  /** 'expired' when an API call answered 401. */
  reason?: 'expired' | 'user';
  /** 'import' when the sign-in carries something the visitor is bringing in (the marketplace's pending project). */
  flow?: 'import';
};

export function requestSignIn(detail: SignInRequest = {}) {
  window.dispatchEvent(new CustomEvent<SignInRequest>(SIGN_IN_REQUIRED_EVENT, { detail }));
}

export function onSignInRequested(handler: (request: SignInRequest) => void) {
  const listener = (event: Event) => handler((event as CustomEvent<SignInRequest>).detail ?? {});
  window.addEventListener(SIGN_IN_REQUIRED_EVENT, listener);
  return () => window.removeEventListener(SIGN_IN_REQUIRED_EVENT, listener);
}
