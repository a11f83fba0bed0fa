import { useQuery } from '@tanstack/react-query';
import type { EvaluationRunListItem } from '@agentry/core/evaluation';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { conversationQuery } from '../api/evaluation-api';
import { formatDateTime, formatUsd } from '../lib/format';
import { TranscriptTurns } from './transcript-sheet';
import { VerdictBadge } from './verdict-badge';

export type ComparedQuestion = {
  questionText: string;
  currentConversationId: string | null;
  previousConversationId: string | null;
};

type ComparisonTranscriptsSheetProps = {
  runId: string;
  runName: string;
  baseline: EvaluationRunListItem;
  question: ComparedQuestion | null;
  onClose: () => void;
};

/** One question's transcript in this run and in the baseline, side by side (stacked on a phone). */
export function ComparisonTranscriptsSheet({
  runId,
  runName,
  baseline,
  question,
  onClose,
}: ComparisonTranscriptsSheetProps) {
  return (
    <Sheet open={question !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-[min(80rem,100vw)] max-w-full gap-5 p-4 sm:p-6">
        {question ? (
          <>
            <SheetHeader>
              <SheetTitle>Transcripts side by side</SheetTitle>
              <SheetDescription>“{question.questionText}”</SheetDescription>
            </SheetHeader>
            <div className="grid min-w-0 gap-5 lg:grid-cols-2">
              <TranscriptColumn
                title="Baseline"
                runName={`${baseline.name} · ${formatDateTime(baseline.createdAt)}`}
                runId={baseline.id}
                conversationId={question.previousConversationId}
              />
              <TranscriptColumn
                title="This run"
                runName={runName}
                runId={runId}
                conversationId={question.currentConversationId}
              />
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function TranscriptColumn(props: { title: string; runName: string; runId: string; conversationId: string | null }) {
  const labelId = `compare-${props.title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={labelId}
      className="grid min-w-0 content-start gap-3 rounded-[var(--radius-card)] border border-border p-3 sm:p-4"
    >
      <div className="grid gap-0.5">
        <h3 id={labelId} className="text-sm font-semibold">
          {props.title}
        </h3>
        <p className="truncate text-xs text-muted-foreground">{props.runName}</p>
      </div>
      {props.conversationId ? (
        <ColumnBody runId={props.runId} conversationId={props.conversationId} title={props.title} />
      ) : (
        <p className="text-sm text-muted-foreground">This run did not ask this question.</p>
      )}
    </section>
  );
}

function ColumnBody({ runId, conversationId, title }: { runId: string; conversationId: string; title: string }) {
  const conversation = useQuery(conversationQuery(runId, conversationId));
  if (conversation.isLoading)
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={`Loading the ${title.toLowerCase()} transcript`}>
        <Skeleton className="h-14 w-4/5 rounded-2xl" />
        <Skeleton className="ml-auto h-14 w-4/5 rounded-2xl" />
      </div>
    );
  if (conversation.isError || !conversation.data)
    return (
      <ErrorState
        message={conversation.error?.message ?? 'Failed to load the conversation'}
        onRetry={() => void conversation.refetch()}
        isRetrying={conversation.isFetching}
      />
    );
  const detail = conversation.data;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <VerdictBadge
          verdict={detail.status === 'error' ? 'error' : detail.verdict}
          isOverride={detail.override !== null}
        />
        {detail.score !== null ? <span className="text-muted-foreground">Score {detail.score}/100</span> : null}
        <span className="text-muted-foreground">· {formatUsd(detail.usage.total.costUsd)}</span>
      </div>
      {detail.error ? <p className="text-sm text-destructive">{detail.error}</p> : null}
      <TranscriptTurns transcript={detail.transcript} label={`${title} conversation`} />
      {detail.judgeReasoning ? (
        <p className="text-sm">
          <span className="font-medium">Judge: </span>
          <span className="text-muted-foreground">{detail.judgeReasoning}</span>
        </p>
      ) : null}
    </>
  );
}
