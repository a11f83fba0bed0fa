import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { marketplaceAccessQuery } from '../api/marketplace-api';

/**
 * Who is looking and whether their plan includes the marketplace (docs/product/marketplace.md#access: posting and
 * contacting need a plan with marketplace access; everyone may browse). When the plan check
 * fails the server stays the judge: `hasAccess` is then true and a 403 opens the upgrade prompt.
 */
export function useMarketplaceAccess() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const access = useQuery({ ...marketplaceAccessQuery(user?.id ?? ''), enabled: user !== null });
  return {
    user,
    isSignedIn: user !== null,
    isSessionPending: session.isPending,
    hasAccess: user !== null && (access.isError || access.data === true),
    isCheckingAccess: user !== null && access.isPending,
  };
}
