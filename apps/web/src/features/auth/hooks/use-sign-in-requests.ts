import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { sanitizeCallbackUrl } from '../api/sign-in';

/**
 * Opens the sign-in dialog on the global sign-in event and on `?signin=1` (the server's
 * /api/auth/signin entry point redirects there, optionally with `callbackUrl`). The query
 * parameters are removed once read, so closing the dialog does not reopen it.
 */
export function useSignInRequests() {
  const [request, setRequest] = useState<SignInRequest | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const isRequestedByUrl = searchParams.get('signin') === '1';
  const urlCallback = searchParams.get('callbackUrl');

  useEffect(
    () => onSignInRequested((next) => setRequest({ ...next, callbackUrl: sanitizeCallbackUrl(next.callbackUrl) })),
    [],
  );

  useEffect(() => {
    if (!isRequestedByUrl) return;
    setRequest({ reason: 'user', callbackUrl: sanitizeCallbackUrl(urlCallback) });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('signin');
        next.delete('callbackUrl');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [isRequestedByUrl, urlCallback, setSearchParams]);

  const close = useCallback(() => setRequest(null), []);
  return { request, close };
}
