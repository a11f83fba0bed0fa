import { useQuery } from '@tanstack/react-query';
import { FlaskConical, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { isEvaluationRunOver } from '@agentry/core/evaluation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { evaluationsQuery } from '../api/evaluation-api';
import { EvaluationPage } from '../components/evaluation-page';
import { resultsPath, runningPath } from '../lib/evaluation-type';
import { formatDateTime, formatPassRate, runStatusLabels, runStatusVariants } from '../lib/format';

/** `/dashboard` (header 'Bulk Tester'): past evaluation runs and the way to start one. */
export function EvaluationRunsPage() {
  const runs = useQuery({
    ...evaluationsQuery(),
    refetchInterval: (query) =>
      query.state.data?.evaluations.some((run) => !isEvaluationRunOver(run.status)) ? 5000 : false,
  });
  const newButton = (
    <Button asChild>
      <Link to="/new-evaluation">
        <Plus aria-hidden />
        New evaluation
      </Link>
    </Button>
  );
  return (
    <EvaluationPage className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">Evaluations</h2>
          <p className="text-sm text-muted-foreground">Every run of this sub account, newest first.</p>
        </div>
        {runs.data && runs.data.evaluations.length > 0 ? newButton : null}
      </div>
      {runs.isLoading ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading evaluations">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-16 rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : runs.isError ? (
        <ErrorState
          title="Failed to load evaluations"
          message={runs.error.message}
          onRetry={() => void runs.refetch()}
          isRetrying={runs.isFetching}
        />
      ) : !runs.data || runs.data.evaluations.length === 0 ? (
        <EmptyState
          icon={FlaskConical}
          title="No evaluations yet"
          description="Test an AI assistant with custom, compliance and prompt-hacking questions and score its answers against your success criteria. Finished evaluations appear here."
          action={newButton}
        />
      ) : (
        <ul aria-label="Evaluations" className="grid gap-2">
          {runs.data.evaluations.map((run) => {
            const isOver = isEvaluationRunOver(run.status);
            return (
              <li key={run.id}>
                <Link
                  to={isOver ? resultsPath(run.id) : runningPath(run.id)}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 rounded-[var(--radius-card)] border border-border bg-card px-4 py-3 transition-colors duration-150 hover:border-primary/60 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:grid-cols-[minmax(0,1fr)_auto_auto_auto]"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{run.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {run.agent ? run.agent.aiName : run.model} · {formatDateTime(run.createdAt)}
                    </span>
                  </span>
                  <Badge variant={runStatusVariants[run.status]} className="justify-self-end">
                    {runStatusLabels[run.status]}
                  </Badge>
                  <span className="text-sm tabular-nums text-muted-foreground sm:text-right">
                    {run.totals.done}/{run.totals.total} conversations
                  </span>
                  <span className="justify-self-end text-right">
                    <span className="block text-lg font-semibold tabular-nums">{formatPassRate(run.passRate)}</span>
                    <span className="sr-only"> pass rate</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </EvaluationPage>
  );
}
