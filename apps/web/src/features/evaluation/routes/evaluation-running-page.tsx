import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LoaderCircle, Square, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { isEvaluationRunOver, type EvaluationRunStatus } from '@agentry/core/evaluation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { cancelEvaluation, evaluationKeys, evaluationQuery } from '../api/evaluation-api';
import { EvaluationPage } from '../components/evaluation-page';
import { StatTile } from '../components/stat-tile';
import { useRunProgress } from '../hooks/use-run-progress';
import { evaluationToast } from '../lib/evaluation-toast';
import { resultsPath } from '../lib/evaluation-type';
import { runStatusLabels, runStatusVariants } from '../lib/format';

/** `/new-evaluation/running?runId=`: live progress pushed by the server (SSE). */
export function EvaluationRunningPage() {
  const [searchParams] = useSearchParams();
  const runId = searchParams.get('runId');
  if (!runId) {
    return (
      <EvaluationPage>
        <EmptyState
          icon={LoaderCircle}
          title="No evaluation running"
          description="An evaluation you start shows its progress here, conversation by conversation, until the results are ready."
          action={
            <Button asChild>
              <Link to="/new-evaluation">New evaluation</Link>
            </Button>
          }
        />
      </EvaluationPage>
    );
  }
  return <RunProgress key={runId} runId={runId} />;
}

function RunProgress({ runId }: { runId: string }) {
  const queryClient = useQueryClient();
  const summary = useQuery(evaluationQuery(runId));
  const { progress, connection } = useRunProgress(runId);
  const cancel = useMutation({
    mutationFn: () => cancelEvaluation(runId),
    meta: { silentError: true },
    onError: (error) => evaluationToast.requestError(error),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: evaluationKeys.runs }),
  });

  const status = progress?.status ?? summary.data?.status ?? 'queued';
  const done = progress?.done ?? summary.data?.totals.done ?? 0;
  const total = progress?.total ?? summary.data?.totals.total ?? 0;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const isOver = isEvaluationRunOver(status);
  const name = summary.data?.name;

  if (summary.isError && !progress) {
    return (
      <EvaluationPage className="max-w-3xl">
        <ErrorState
          title="Failed to load the evaluation"
          message={summary.error.message}
          onRetry={() => void summary.refetch()}
          isRetrying={summary.isFetching}
        >
          <Button variant="link" asChild>
            <Link to="/dashboard">All evaluations</Link>
          </Button>
        </ErrorState>
      </EvaluationPage>
    );
  }

  return (
    <EvaluationPage className="grid max-w-3xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">{runHeading(status)}</h2>
          {name ? (
            <p className="text-sm text-muted-foreground">{name}</p>
          ) : summary.isLoading ? (
            <Skeleton className="h-4 w-48" />
          ) : null}
        </div>
        <Badge variant={runStatusVariants[status]}>{runStatusLabels[status]}</Badge>
      </div>

      <section
        aria-label="Progress"
        className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-5"
      >
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-sm font-medium" aria-live="polite">
            {progress || summary.data ? `${done} of ${total} conversations done` : 'Connecting…'}
          </p>
          <span className="text-sm tabular-nums text-muted-foreground">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Conversations done"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${total} conversations done`}
          className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
        {!isOver ? (
          <p className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground">
            {connection === 'reconnecting' ? (
              'Reconnecting to the live progress…'
            ) : progress?.current ? (
              <>
                <Spinner />
                <span className="min-w-0 truncate">
                  Now: “{progress.current.questionText}” · variation {progress.current.variation}
                </span>
              </>
            ) : (
              'Waiting for the next conversation…'
            )}
          </p>
        ) : null}
      </section>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile label="Passes" value={progress?.passes ?? summary.data?.totals.passes ?? 0} tone="pass" />
        <StatTile label="Failures" value={progress?.failures ?? summary.data?.totals.failures ?? 0} tone="fail" />
        <StatTile label="Unclear" value={progress?.unclear ?? summary.data?.totals.unclear ?? 0} tone="unclear" />
        <StatTile label="Errors" value={progress?.errors ?? summary.data?.totals.errors ?? 0} tone="error" />
      </dl>

      {isOver ? (
        <div
          className={cn(
            'flex flex-col items-start gap-3 rounded-[var(--radius-card)] border p-4 sm:flex-row sm:items-center sm:justify-between',
            status === 'failed' ? 'border-destructive/30 bg-destructive/5' : 'border-primary/40 bg-primary/5',
          )}
          role="status"
        >
          <p className="flex items-center gap-2 text-sm font-medium">
            {status === 'finished' ? (
              <CheckCircle2 className="size-5 text-primary" aria-hidden />
            ) : status === 'cancelled' ? (
              <Square className="size-5 text-muted-foreground" aria-hidden />
            ) : (
              <XCircle className="size-5 text-destructive" aria-hidden />
            )}
            {status === 'finished'
              ? 'Every conversation has been judged.'
              : status === 'cancelled'
                ? 'The run was cancelled; the finished conversations are kept.'
                : 'The run failed. The results say why, and you can retry from there.'}
          </p>
          <Button asChild>
            <Link to={resultsPath(runId)}>View results</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="ghost" asChild>
            <Link to="/dashboard">All evaluations</Link>
          </Button>
          <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? <Spinner /> : <Square aria-hidden />}
            Cancel run
          </Button>
        </div>
      )}
    </EvaluationPage>
  );
}

function runHeading(status: EvaluationRunStatus) {
  if (status === 'cancelled') return 'Evaluation cancelled';
  if (status === 'failed') return 'Evaluation failed';
  return status === 'finished' ? 'Evaluation complete' : 'Running evaluation';
}
