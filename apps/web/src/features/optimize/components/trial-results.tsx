import { ArrowRight } from 'lucide-react';
import type { ProposalTrial, TrialSide } from '@agentry/core/optimize';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatPassRate, formatUsd } from '../lib/format';
import { VerdictBadge } from './verdict-badge';

function SideTile({ label, side, tone }: { label: string; side: TrialSide | null; tone: 'current' | 'candidate' }) {
  return (
    <div
      className={cn(
        'rounded-[var(--radius-card)] border px-4 py-3',
        tone === 'candidate' ? 'border-primary/40 bg-primary/5' : 'border-border bg-card',
      )}
    >
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{side ? formatPassRate(side.passRate) : '…'}</dd>
      <dd className="text-xs text-muted-foreground">
        {side ? `${side.passes} of ${side.judged} passed · ${formatUsd(side.costUsd)}` : 'Running…'}
      </dd>
    </div>
  );
}

/** The current version against the candidate on the same questions: pass rates, cost, verdict changes. */
export function TrialResults({ trial }: { trial: ProposalTrial }) {
  return (
    <section aria-label="Try it results" className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3">
        <SideTile label="Current version" side={trial.current} tone="current" />
        <SideTile label="With this change" side={trial.candidate} tone="candidate" />
      </dl>
      {trial.status === 'running' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> Re-running {trial.questions.length} questions against the draft version…
        </p>
      ) : null}
      {trial.status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          The re-run did not finish. Try it again.
        </p>
      ) : null}
      <ul className="grid gap-2" aria-label="Verdicts per question">
        {trial.questions.map((question, index) => {
          const isChanged = trial.status === 'completed' && question.candidateVerdict !== question.currentVerdict;
          return (
            <li
              key={index}
              className="grid gap-2 rounded-[var(--radius-control)] border border-border px-3 py-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <span className="min-w-0 break-words">
                {question.questionText}
                {question.wasFailure ? null : (
                  <span className="ml-2 text-xs text-muted-foreground">(passed before: regression check)</span>
                )}
              </span>
              <span className="flex items-center gap-2" aria-label={isChanged ? 'Verdict changed' : undefined}>
                <VerdictBadge verdict={question.currentVerdict} />
                <ArrowRight className="size-3.5 text-muted-foreground" aria-label="then" />
                {trial.status === 'running' && question.candidateVerdict === null ? (
                  <Spinner className="size-4" />
                ) : (
                  <VerdictBadge verdict={question.candidateVerdict} />
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
