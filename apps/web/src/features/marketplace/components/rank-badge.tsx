import { Award } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { useUserRank } from '../hooks/use-user-rank';

/** The signed-in user's marketplace rank (docs/product/marketplace.md#rank); nothing when it cannot be had. */
export function RankBadge() {
  const { rank, isLoading } = useUserRank();
  if (isLoading) return <Skeleton className="h-8 w-32 rounded-full" />;
  if (!rank) return null;
  const hint =
    rank.nextTier && rank.pointsToNext !== null
      ? `${rank.pointsToNext} points to ${rank.nextTier}`
      : 'Top rank reached';
  return (
    <Tooltip
      content={`${rank.score} points. ${hint}. Points come from projects posted, replies sent, agents built and evaluations run.`}
    >
      <button
        type="button"
        className="inline-flex h-8 items-center gap-1.5 rounded-full border border-amber-500/30 bg-amber-500/10 px-3 text-sm font-medium text-amber-800 dark:text-amber-200"
        aria-label={`Your rank: ${rank.rank}, ${rank.score} points. ${hint}.`}
      >
        <Award className="size-4" aria-hidden />
        {rank.rank}
        <span className="text-xs font-normal opacity-80">· {rank.score} pts</span>
      </button>
    </Tooltip>
  );
}
