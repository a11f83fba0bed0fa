import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import type { EvaluationConversationDetail, EvaluationVerdict } from '@agentry/core/evaluation';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { conversationQuery, evaluationKeys, evaluationQuery, overrideVerdict } from '../api/evaluation-api';
import { evaluationToast } from '../lib/evaluation-toast';
import { formatDateTime, formatUsd } from '../lib/format';
import { VerdictBadge, verdictLabels } from './verdict-badge';

type TranscriptSheetProps = {
  runId: string;
  conversationId: string | null;
  onClose: () => void;
};

/** A conversation's transcript with the judged answer highlighted, the judge's reasoning and the manual override. */
export function TranscriptSheet({ runId, conversationId, onClose }: TranscriptSheetProps) {
  return (
    <Sheet open={conversationId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-[min(44rem,100vw)] max-w-full gap-5 p-4 sm:p-6">
        {conversationId ? <TranscriptBody runId={runId} conversationId={conversationId} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function TranscriptBody({ runId, conversationId }: { runId: string; conversationId: string }) {
  const conversation = useQuery(conversationQuery(runId, conversationId));
  if (conversation.isLoading) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading the transcript">
        <SheetHeader>
          <SheetTitle>Transcript</SheetTitle>
          <SheetDescription>Loading…</SheetDescription>
        </SheetHeader>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className={cn('h-16 w-4/5 rounded-2xl', index % 2 === 1 && 'ml-auto')} />
        ))}
      </div>
    );
  }
  if (conversation.isError || !conversation.data) {
    return (
      <>
        <SheetHeader>
          <SheetTitle>Transcript</SheetTitle>
          <SheetDescription>The conversation could not be loaded.</SheetDescription>
        </SheetHeader>
        <ErrorState
          message={conversation.error?.message ?? 'Failed to load the conversation'}
          onRetry={() => void conversation.refetch()}
          isRetrying={conversation.isFetching}
        />
      </>
    );
  }
  return <Transcript runId={runId} detail={conversation.data} />;
}

function Transcript({ runId, detail }: { runId: string; detail: EvaluationConversationDetail }) {
  return (
    <>
      <SheetHeader>
        <SheetTitle>Transcript</SheetTitle>
        <SheetDescription>
          “{detail.questionText}” · variation {detail.variation} · asked at user turn {detail.whenToAsk}
        </SheetDescription>
      </SheetHeader>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <VerdictBadge verdict={detail.verdict} isOverride={detail.override !== null} />
        {detail.score !== null ? <span className="text-muted-foreground">Score {detail.score}/100</span> : null}
        <span className="text-muted-foreground">· {formatUsd(detail.usage.total.costUsd)}</span>
        {detail.offline ? (
          <span className="text-muted-foreground">· offline stand-ins (no AI provider configured)</span>
        ) : null}
      </div>
      {detail.error ? (
        <p
          role="alert"
          className="rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {detail.error}
        </p>
      ) : null}
      <TranscriptTurns transcript={detail.transcript} />
      <section
        aria-labelledby="judge-heading"
        className="grid gap-2 rounded-[var(--radius-card)] border border-border p-4"
      >
        <h3 id="judge-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Gavel className="size-4" aria-hidden />
          Judge
        </h3>
        <p className="text-sm">
          Verdict:{' '}
          <span className="font-medium">{detail.judgeVerdict ? verdictLabels[detail.judgeVerdict] : 'not judged'}</span>
          {detail.score !== null ? ` · score ${detail.score}/100` : ''}
        </p>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Success criteria</p>
        <p className="text-sm text-muted-foreground">{detail.successCriteria || '—'}</p>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Reasoning</p>
        <p className="whitespace-pre-wrap text-sm">{detail.judgeReasoning ?? 'The judge has not answered yet.'}</p>
      </section>
      <OverrideForm runId={runId} detail={detail} />
    </>
  );
}

function OverrideForm({ runId, detail }: { runId: string; detail: EvaluationConversationDetail }) {
  const queryClient = useQueryClient();
  const [verdict, setVerdict] = useState<EvaluationVerdict | ''>(detail.override?.verdict ?? '');
  const [note, setNote] = useState(detail.override?.note ?? '');
  const save = useMutation({
    mutationFn: (next: EvaluationVerdict | null) =>
      overrideVerdict({
        runId,
        conversationId: detail.id,
        body: { verdict: next, note: next && note.trim() ? note.trim() : undefined },
      }),
    meta: { silentError: true },
    onError: (error) => evaluationToast.requestError(error),
    onSuccess: async (_reply, next) => {
      evaluationToast.success(next === null ? 'Override removed' : 'Verdict overridden');
      if (next === null) {
        setVerdict('');
        setNote('');
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evaluationKeys.conversation(runId, detail.id) }),
        queryClient.invalidateQueries({ queryKey: evaluationQuery(runId).queryKey }),
        queryClient.invalidateQueries({ queryKey: evaluationKeys.comparison(runId) }),
        queryClient.invalidateQueries({ queryKey: evaluationKeys.runs, exact: true }),
      ]);
    },
  });
  return (
    <section
      aria-labelledby="override-heading"
      className="grid gap-3 rounded-[var(--radius-card)] border border-border p-4"
    >
      <h3 id="override-heading" className="text-sm font-semibold">
        Manual verdict
      </h3>
      {detail.override ? (
        <p className="text-sm text-muted-foreground">
          Overridden to <span className="font-medium text-foreground">{verdictLabels[detail.override.verdict]}</span> on{' '}
          {formatDateTime(detail.override.at)}; the judge said{' '}
          <span className="font-medium text-foreground">
            {detail.judgeVerdict ? verdictLabels[detail.judgeVerdict] : 'nothing'}
          </span>
          .
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Disagree with the judge? Your verdict counts instead; the judge&apos;s stays on record.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="grid gap-2">
          <Label htmlFor="override-verdict">Verdict</Label>
          <Select value={verdict} onValueChange={(value) => setVerdict(value as EvaluationVerdict)}>
            <SelectTrigger id="override-verdict">
              <SelectValue placeholder="Choose a verdict" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="pass">Pass</SelectItem>
              <SelectItem value="fail">Fail</SelectItem>
              <SelectItem value="unclear">Unclear</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="override-note">Note (optional)</Label>
          <Textarea
            id="override-note"
            value={note}
            maxLength={2000}
            onChange={(event) => setNote(event.target.value)}
            className="min-h-10"
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={verdict === '' || save.isPending}
          onClick={() => verdict !== '' && save.mutate(verdict)}
        >
          {save.isPending ? <Spinner /> : null}
          Save verdict
        </Button>
        {detail.override ? (
          <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Remove override
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** A transcript's turns as chat bubbles, the judged answer ringed. */
export function TranscriptTurns({
  transcript,
  label = 'Conversation',
}: {
  transcript: EvaluationConversationDetail['transcript'];
  label?: string;
}) {
  return (
    <ol aria-label={label} className="grid min-w-0 gap-3">
      {transcript.map((turn, index) => (
        <li
          key={index}
          aria-current={turn.isJudged ? 'true' : undefined}
          className={cn(
            'grid max-w-[85%] gap-1 rounded-2xl px-4 py-2.5 text-sm',
            turn.role === 'user' ? 'ml-auto rounded-br-md bg-primary/10' : 'rounded-bl-md bg-muted',
            turn.isJudged && 'ring-2 ring-amber-500 ring-offset-2 ring-offset-card',
          )}
        >
          <span className="text-xs font-medium text-muted-foreground">
            {turn.role === 'user' ? `Simulated user · turn ${turn.turn}` : 'Assistant'}
            {turn.isQuestion ? ' · the question' : ''}
            {turn.isJudged ? ' · judged answer' : ''}
          </span>
          <span className="whitespace-pre-wrap break-words">{turn.content}</span>
        </li>
      ))}
    </ol>
  );
}
