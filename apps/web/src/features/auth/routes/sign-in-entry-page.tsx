import { toSafeReturnPath } from '@agentry/core/return-url';
import { Navigate, useSearchParams } from 'react-router';

/**
 * `/auth/signin` (the sign-in entry point links and the evaluation area use): the landing page
 * with the sign-in modal open, returning to a same-site `callbackUrl` afterwards.
 */
export function SignInEntryPage() {
  const [searchParams] = useSearchParams();
  const callbackUrl = toSafeReturnPath(searchParams.get('callbackUrl')) ?? '/agents/create';
  return <Navigate to={`/?signin=1&callbackUrl=${encodeURIComponent(callbackUrl)}`} replace />;
}
