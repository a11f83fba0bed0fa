import { useSession } from '@/lib/session';

/**
 * Signed-in state for marketing pages. Only the first probe shows a placeholder: once it has
 * failed (API down, retrying), visitors see the signed-out actions rather than a skeleton.
 */
export function useIsSignedIn() {
  const session = useSession();
  return {
    isSignedIn: Boolean(session.data),
    isChecking: session.isPending && session.fetchStatus !== 'idle' && session.failureCount === 0,
  };
}
