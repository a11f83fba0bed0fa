import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  Columns2,
  Download,
  FileSearch,
  MessagesSquare,
  RotateCcw,
  Search,
  WandSparkles,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  evaluationGroupLabels,
  isEvaluationRunOver,
  type EvaluationComparisonReply,
  type EvaluationSummary,
} from '@agentry/core/evaluation';
import { whyNotOptimizable } from '@agentry/core/optimize';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { comparisonQuery, evaluationQuery, exportPath, rerunEvaluation } from '../api/evaluation-api';
import { evaluationToast } from '../lib/evaluation-toast';
import { EvaluationPage } from '../components/evaluation-page';
import { ComparisonTranscriptsSheet, type ComparedQuestion } from '../components/comparison-transcripts-sheet';
import { StatTile } from '../components/stat-tile';
import { TranscriptSheet } from '../components/transcript-sheet';
import { VerdictBadge } from '../components/verdict-badge';
import {
  conversationSortLabels,
  defaultConversationView,
  viewConversations,
  type ConversationSort,
  type ConversationView,
} from '../lib/conversation-view';
import { runningPath } from '../lib/evaluation-type';
import {
  formatCredits,
  formatDateTime,
  formatPassRate,
  formatTokens,
  formatUsd,
  runStatusLabels,
  runStatusVariants,
} from '../lib/format';

const roleLabels = {
  simulatedUser: 'Simulated user',
  assistant: 'Assistant under test',
  judge: 'Judge',
  total: 'Total',
} as const;

/** Optimize works on a finished or stopped run of an agent with failed answers (whyNotOptimizable). */
function canOptimize(run: EvaluationSummary): boolean {
  return whyNotOptimizable(run) === null;
}

/** Starts a new run with the settings this one kept, and opens its progress. */
function RunAgainButton({ runId, isRetry }: { runId: string; isRetry: boolean }) {
  const navigate = useNavigate();
  const rerun = useMutation({
    mutationFn: () => rerunEvaluation(runId),
    onSuccess: (started) => void navigate(runningPath(started.runId)),
    onError: (error) => evaluationToast.requestError(error),
  });
  return (
    <Button
      size="sm"
      variant={isRetry ? 'default' : 'outline'}
      onClick={() => rerun.mutate()}
      disabled={rerun.isPending}
    >
      <RotateCcw aria-hidden />
      {isRetry ? 'Retry' : 'Run again with the same settings'}
    </Button>
  );
}

/** `/new-evaluation/results/:runId`: pass rates, transcripts, overrides, export, comparison, cost. */
export function EvaluationResultsPage() {
  const { runId = '' } = useParams();
  const [openConversation, setOpenConversation] = useState<string | null>(null);
  const summary = useQuery({
    ...evaluationQuery(runId),
    // A run still going keeps its numbers fresh here too.
    refetchInterval: (query) => (query.state.data && !isEvaluationRunOver(query.state.data.status) ? 3000 : false),
  });

  if (summary.isLoading) return <ResultsSkeleton />;
  if (summary.isError || !summary.data) {
    return (
      <EvaluationPage>
        <ErrorState
          title="Failed to load the evaluation"
          message={summary.error?.message ?? 'Failed to load the evaluation'}
          onRetry={() => void summary.refetch()}
          isRetrying={summary.isFetching}
        />
      </EvaluationPage>
    );
  }
  const run = summary.data;
  return (
    // One column that never grows past the screen: a long question or name truncates (or wraps)
    // instead of widening the page on a phone.
    <EvaluationPage className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 className="min-w-0 max-w-full break-words text-xl font-semibold">{run.name}</h2>
            <Badge variant={runStatusVariants[run.status]}>{runStatusLabels[run.status]}</Badge>
          </div>
          <p className="break-words text-sm text-muted-foreground">
            {run.agent ? run.agent.aiName : run.model} · judged by {run.testingModel} · {formatDateTime(run.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isEvaluationRunOver(run.status) ? <RunAgainButton runId={run.id} isRetry={run.status === 'failed'} /> : null}
          {canOptimize(run) && run.agent ? (
            <Button size="sm" asChild>
              <Link
                to={`/optimize?agentId=${encodeURIComponent(run.agent.buildId)}&runId=${encodeURIComponent(run.id)}`}
              >
                <WandSparkles aria-hidden />
                Improve with Optimize
              </Link>
            </Button>
          ) : null}
          <Button variant="outline" size="sm" asChild>
            <a href={exportPath(run.id, 'csv')} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={exportPath(run.id, 'json')} download>
              <Download aria-hidden />
              Export JSON
            </a>
          </Button>
        </div>
      </header>

      {!isEvaluationRunOver(run.status) ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-control)] border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          <span>
            Still running: {run.totals.done} of {run.totals.total} conversations done.
          </span>
          <Button size="sm" variant="outline" asChild>
            <Link to={runningPath(run.id)}>Watch progress</Link>
          </Button>
        </div>
      ) : null}
      {run.error ? (
        <p
          role="alert"
          className="rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
        >
          {run.error}
        </p>
      ) : run.totals.errors > 0 ? (
        <p
          role="status"
          className="rounded-[var(--radius-control)] border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm"
        >
          {run.totals.errors} of {run.totals.total} conversation{run.totals.total === 1 ? '' : 's'} errored and{' '}
          {run.totals.errors === 1 ? 'is' : 'are'} left out of the pass rate. Open them below to see why.
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatTile
          label="Pass rate"
          value={formatPassRate(run.passRate.overall)}
          detail={
            run.overrides > 0 ? `${run.overrides} manual verdict${run.overrides === 1 ? '' : 's'} counted` : undefined
          }
        />
        <StatTile label="Passes" value={run.totals.passes} tone="pass" />
        <StatTile label="Failures" value={run.totals.failures} tone="fail" />
        <StatTile label="Unclear" value={run.totals.unclear} tone="unclear" />
        <StatTile label="Errors" value={run.totals.errors} tone="error" />
      </dl>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PassRateByGroup run={run} />
        <CostByRole run={run} />
      </div>
      <PassRateByQuestion run={run} />
      <Comparison run={run} />
      <Conversations run={run} onOpen={setOpenConversation} />
      <TranscriptSheet runId={run.id} conversationId={openConversation} onClose={() => setOpenConversation(null)} />
    </EvaluationPage>
  );
}

function Section({ title, children, id }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-5"
    >
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function PassRateByGroup({ run }: { run: EvaluationSummary }) {
  return (
    <Section title="Pass rate by group" id="results-groups">
      {run.passRate.byGroup.length === 0 ? (
        <p className="text-sm text-muted-foreground">No conversation has been judged yet.</p>
      ) : (
        <ul className="grid gap-3">
          {run.passRate.byGroup.map((group) => (
            <li key={group.group} className="grid gap-1.5">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{evaluationGroupLabels[group.group]}</span>
                <span className="tabular-nums text-muted-foreground">
                  {formatPassRate(group.passRate)} · {group.passes}/{group.total}
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${Math.round((group.passRate ?? 0) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function CostByRole({ run }: { run: EvaluationSummary }) {
  const roles = ['simulatedUser', 'assistant', 'judge', 'total'] as const;
  return (
    <Section title="Cost and tokens" id="results-cost">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
              <th scope="col" className="pb-2 font-medium">
                Role
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                Calls
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                Tokens <span className="whitespace-nowrap">in / out</span>
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => {
              const usage = run.usage[role];
              return (
                <tr key={role} className={role === 'total' ? 'border-t border-border font-medium' : undefined}>
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {roleLabels[role]}
                  </th>
                  <td className="py-1.5 pl-3 text-right tabular-nums">{usage.calls}</td>
                  <td className="py-1.5 pl-3 text-right tabular-nums">
                    {formatTokens(usage.inputTokens)} / {formatTokens(usage.outputTokens)}
                  </td>
                  <td className="py-1.5 pl-3 text-right tabular-nums">{formatUsd(usage.costUsd)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Charged to credits: {formatCredits(run.usage.total.millicredits)}.
      </p>
    </Section>
  );
}

function PassRateByQuestion({ run }: { run: EvaluationSummary }) {
  return (
    <Section title="Pass rate by question" id="results-questions">
      {run.passRate.byQuestion.length === 0 ? (
        <p className="text-sm text-muted-foreground">No question has been judged yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">
                  Question
                </th>
                <th scope="col" className="hidden pb-2 font-medium sm:table-cell">
                  Group
                </th>
                <th scope="col" className="pb-2 pl-3 text-right font-medium">
                  Pass
                </th>
                <th scope="col" className="pb-2 pl-3 text-right font-medium">
                  Fail
                </th>
                <th scope="col" className="hidden pb-2 pl-3 text-right font-medium sm:table-cell">
                  Unclear / error
                </th>
                <th scope="col" className="whitespace-nowrap pb-2 pl-3 text-right font-medium">
                  Pass rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {run.passRate.byQuestion.map((question) => (
                <tr key={`${question.group}-${question.questionId}`}>
                  <th scope="row" className="max-w-md py-2 pr-3 text-left font-normal break-words">
                    {question.questionText}
                  </th>
                  <td className="hidden whitespace-nowrap py-2 pr-3 text-muted-foreground sm:table-cell">
                    {evaluationGroupLabels[question.group]}
                  </td>
                  <td className="py-2 pl-3 text-right tabular-nums">{question.passes}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{question.failures}</td>
                  <td className="hidden py-2 pl-3 text-right tabular-nums sm:table-cell">
                    {question.unclear} / {question.errors}
                  </td>
                  <td className="py-2 pl-3 text-right font-medium tabular-nums">{formatPassRate(question.passRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

const DEFAULT_BASELINE = '__default__';

function Comparison({ run }: { run: EvaluationSummary }) {
  const [baseline, setBaseline] = useState<string | undefined>(undefined);
  const comparison = useQuery({ ...comparisonQuery(run.id, baseline), placeholderData: keepPreviousData });
  const candidates = comparison.data?.candidates ?? [];
  return (
    <Section title="Compared with another run" id="results-comparison">
      {comparison.data && (candidates.length > 0 || baseline) ? (
        <div className="grid gap-2 sm:max-w-md">
          <Label htmlFor="comparison-baseline">Compare with</Label>
          <Select
            value={baseline ?? DEFAULT_BASELINE}
            onValueChange={(value) => setBaseline(value === DEFAULT_BASELINE ? undefined : value)}
          >
            <SelectTrigger id="comparison-baseline" className="min-w-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={DEFAULT_BASELINE}>The previous run of this {run.agent ? 'agent' : 'model'}</SelectItem>
              {candidates.map((candidate) => (
                <SelectItem key={candidate.id} value={candidate.id}>
                  {candidate.name} · {formatDateTime(candidate.createdAt)}
                  {candidate.status === 'cancelled' ? ' (cancelled)' : candidate.status === 'failed' ? ' (failed)' : ''}
                  {candidate.isSameTarget ? '' : ` · another ${run.agent ? 'agent' : 'model'}`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {comparison.isLoading ? (
        <Skeleton className="h-16" />
      ) : comparison.isError || !comparison.data ? (
        <ErrorState
          message={comparison.error?.message ?? 'Failed to load the comparison'}
          onRetry={() => void comparison.refetch()}
          isRetrying={comparison.isFetching}
        />
      ) : (
        <ComparisonBody run={run} comparison={comparison.data} />
      )}
    </Section>
  );
}

function ComparisonBody({ run, comparison }: { run: EvaluationSummary; comparison: EvaluationComparisonReply }) {
  const [openQuestion, setOpenQuestion] = useState<ComparedQuestion | null>(null);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const baseline = comparison.previousRun;
  if (!baseline)
    return (
      <p className="text-sm text-muted-foreground">
        There is no earlier run of this {run.agent ? 'agent' : 'model'} with judged conversations to compare with yet.
        {comparison.candidates.length > 0 ? ' Pick another run above.' : ''}
      </p>
    );
  const ordered = [...comparison.questions].sort((a, b) => Number(b.changed) - Number(a.changed));
  const shown = isShowingAll ? ordered : ordered.filter((question) => question.changed);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Against <span className="font-medium text-foreground">{baseline.name}</span> of{' '}
        {formatDateTime(baseline.createdAt)} (pass rate {formatPassRate(baseline.passRate)}):{' '}
        {comparison.changedCount === 0
          ? 'no question changed its verdict.'
          : `${comparison.changedCount} question${comparison.changedCount === 1 ? '' : 's'} changed verdict.`}
      </p>
      {shown.length > 0 ? (
        <ul className="grid gap-2" aria-label="Questions compared">
          {shown.map((question) => (
            <li
              key={`${question.group}-${question.questionText}`}
              className="grid gap-2 rounded-[var(--radius-control)] border border-border px-3 py-2 text-sm sm:flex sm:flex-wrap sm:items-center"
            >
              <span className="min-w-0 break-words sm:flex-1">{question.questionText}</span>
              <span className="flex flex-wrap items-center gap-2">
                <VerdictBadge verdict={question.previous} />
                <ArrowRight className="size-4 text-muted-foreground" aria-label="became" />
                <VerdictBadge verdict={question.current} />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!question.currentConversationId && !question.previousConversationId}
                  onClick={() => setOpenQuestion(question)}
                  aria-label={`Compare transcripts: ${question.questionText}`}
                >
                  <Columns2 aria-hidden />
                  Side by side
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {comparison.questions.length > comparison.changedCount ? (
        <Button
          variant="link"
          size="sm"
          className="justify-self-start px-0"
          onClick={() => setIsShowingAll(!isShowingAll)}
        >
          {isShowingAll ? 'Show only the changed questions' : `Show all ${comparison.questions.length} questions`}
        </Button>
      ) : null}
      <ComparisonTranscriptsSheet
        runId={run.id}
        runName={`${run.name} · ${formatDateTime(run.createdAt)}`}
        baseline={baseline}
        question={openQuestion}
        onClose={() => setOpenQuestion(null)}
      />
    </div>
  );
}

function Conversations({ run, onOpen }: { run: EvaluationSummary; onOpen: (id: string) => void }) {
  const [view, setView] = useState<ConversationView>(defaultConversationView);
  const shown = viewConversations(run.conversations, view);
  const total = run.conversations.length;
  return (
    <Section title={`Conversations (${total})`} id="results-conversations">
      {total === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="No conversations"
          description="This run has no conversations yet."
          className="border-none py-6"
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
            <div className="grid gap-2">
              <Label htmlFor="conversation-search">Search</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  id="conversation-search"
                  type="search"
                  value={view.search}
                  onChange={(event) => setView({ ...view, search: event.target.value })}
                  placeholder="Question, rewording or error"
                  className="pl-9"
                />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="conversation-sort">Sort by</Label>
              <Select value={view.sort} onValueChange={(sort) => setView({ ...view, sort: sort as ConversationSort })}>
                <SelectTrigger id="conversation-sort" className="sm:w-56">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(Object.keys(conversationSortLabels) as ConversationSort[]).map((sort) => (
                    <SelectItem key={sort} value={sort}>
                      {conversationSortLabels[sort]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium">
              <Switch
                checked={view.isFailuresOnly}
                onCheckedChange={(checked) => setView({ ...view, isFailuresOnly: checked })}
                aria-label="Failures only"
              />
              Failures only
            </label>
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {shown.length === total
              ? `All ${total} conversations`
              : `Showing ${shown.length} of ${total} conversations`}
          </p>
          {shown.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">
              No conversation matches.{' '}
              <Button variant="link" size="sm" className="px-0" onClick={() => setView(defaultConversationView)}>
                Show all
              </Button>
            </p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Conversations">
              {shown.map((conversation) => (
                <li key={conversation.id} className="flex items-center gap-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {conversation.askedText ?? conversation.questionText}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {evaluationGroupLabels[conversation.group]} · variation {conversation.variation} ·{' '}
                      {formatUsd(conversation.costUsd)}
                      {conversation.score !== null ? ` · score ${conversation.score}` : ''}
                      {conversation.override && conversation.judgeVerdict
                        ? ` · judge said ${conversation.judgeVerdict}`
                        : ''}
                    </p>
                    {conversation.error ? (
                      <p className="truncate text-xs text-destructive">{conversation.error}</p>
                    ) : null}
                  </div>
                  <VerdictBadge
                    verdict={conversation.status === 'error' ? 'error' : conversation.verdict}
                    isOverride={conversation.override !== null}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onOpen(conversation.id)}
                    aria-label={`Open transcript: ${conversation.askedText ?? conversation.questionText} (variation ${conversation.variation})`}
                  >
                    <FileSearch aria-hidden />
                    <span className="hidden sm:inline">Transcript</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}

function ResultsSkeleton() {
  return (
    <EvaluationPage className="grid gap-6">
      <div aria-busy="true" aria-label="Loading the results" className="grid gap-6">
        <Skeleton className="h-8 w-64" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} className="h-20 rounded-[var(--radius-card)]" />
          ))}
        </div>
        <Skeleton className="h-48 rounded-[var(--radius-card)]" />
        <Skeleton className="h-64 rounded-[var(--radius-card)]" />
      </div>
    </EvaluationPage>
  );
}
