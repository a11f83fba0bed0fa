import { useQuery } from '@tanstack/react-query';
import { RANK_REFETCH_THROTTLE_MS, type UserRankReply } from '@agentry/core/marketplace';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { getUserRank, marketplaceKeys } from '../api/marketplace-api';

export type UserRankState = { rank: UserRankReply | null; error: string | null };

/**
 * docs/product/marketplace.md#rank: the rank is fetched once the session is signed in and not again while the
 * last fetch is under 60 s old. A failure is kept as an error string (docs/product/marketplace.md#rank) and is throttled
 * the same way, so a failing endpoint is not hammered.
 */
export function useUserRank() {
  const session = useSession();
  const userId = session.data?.user.id;
  const query = useQuery({
    queryKey: marketplaceKeys.rank(userId ?? ''),
    queryFn: async ({ signal }): Promise<UserRankState> => {
      try {
        return { rank: await getUserRank(signal), error: null };
      } catch (error) {
        if (signal.aborted) throw error;
        return {
          rank: null,
          error: error instanceof ApiError || error instanceof Error ? error.message : 'Failed to load your rank',
        };
      }
    },
    enabled: userId !== undefined,
    staleTime: RANK_REFETCH_THROTTLE_MS,
    gcTime: Math.max(5 * 60_000, RANK_REFETCH_THROTTLE_MS),
    retry: false,
  });
  return {
    rank: query.data?.rank ?? null,
    error: query.data?.error ?? null,
    isLoading: userId !== undefined && query.isPending,
  };
}
