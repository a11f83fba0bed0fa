import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EvaluationRunListItem, EvaluationSummary } from '@agentry/core/evaluation';
import { whyNotOptimizable } from '@agentry/core/optimize';
import { apiRequest, ApiError } from '@/lib/api';

/** What the page needs of a run: a list item, or the summary of a run older than the list. */
export type OptimizeRun = Pick<
  EvaluationRunListItem,
  'id' | 'name' | 'status' | 'agent' | 'totals' | 'createdAt' | 'finishedAt'
>;

const requestedRunQuery = (runId: string) =>
  queryOptions({
    queryKey: ['optimize', 'run', runId] as const,
    queryFn: ({ signal }) =>
      apiRequest<EvaluationSummary>(`/api/evaluations/${encodeURIComponent(runId)}`, {
        signal,
        fallbackMessage: 'Failed to load the evaluation run',
      }),
  });

export type RequestedRun =
  /** No ?runId=, or the page is still loading the list. */
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'optimizable'; run: OptimizeRun }
  /** The page shows why, names the run when it exists, and opens no other run in its place. */
  | { state: 'unavailable'; run: OptimizeRun | null; reason: string };

/**
 * The run asked for by ?runId=. The list holds only the sub account's latest runs, so a run not
 * in it is loaded on its own: an older finished run still opens.
 */
export function useRequestedRun(runId: string | null, listed: readonly OptimizeRun[] | undefined): RequestedRun {
  const fromList = runId && listed ? (listed.find((run) => run.id === runId) ?? null) : null;
  const mustLoad = runId !== null && listed !== undefined && fromList === null;
  const loaded = useQuery({ ...requestedRunQuery(runId ?? ''), enabled: mustLoad });

  if (!runId || !listed) return { state: 'none' };
  const run = fromList ?? loaded.data ?? null;
  if (run) {
    const reason = whyNotOptimizable(run);
    return reason ? { state: 'unavailable', run, reason } : { state: 'optimizable', run };
  }
  if (loaded.isError) {
    const isMissing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return {
      state: 'unavailable',
      run: null,
      reason: isMissing
        ? 'The evaluation run you opened was not found in this sub account. It may belong to another sub account, or have been deleted.'
        : `The evaluation run you opened could not be loaded: ${loaded.error.message}`,
    };
  }
  return { state: 'loading' };
}
