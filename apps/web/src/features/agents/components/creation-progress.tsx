import { Check, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { AgentCreationPhase } from '../lib/agent-creation-state';

const steps = [
  { title: 'Sending your idea', detail: 'Reserving a new agent in this sub account' },
  { title: 'Writing the first configuration', detail: 'Name, instructions, first message and suggested replies' },
  { title: 'Opening your agent', detail: 'You can edit every field and test it in the chat' },
] as const;

function activeStepIndex(phase: AgentCreationPhase) {
  if (phase === 'requesting') return 0;
  if (phase === 'hydrating') return 1;
  return 2;
}

function useElapsedSeconds(startedAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}

type CreationProgressProps = { phase: AgentCreationPhase; idea: string; startedAt: number | null };

/** What the user sees while the builder job runs (docs/product/agents.md#creating-from-an-idea, requesting / hydrating / ready). */
export function CreationProgress({ phase, idea, startedAt }: CreationProgressProps) {
  const active = activeStepIndex(phase);
  const elapsed = useElapsedSeconds(startedAt);
  const current = steps[active] ?? steps[0];
  return (
    <section
      aria-labelledby="creation-progress-heading"
      className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm"
    >
      <div className="relative flex items-center gap-4 border-b border-border bg-secondary/40 px-5 py-5 sm:px-6">
        <span className="relative flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          {phase === 'ready' ? null : (
            <span
              aria-hidden
              className="absolute -inset-1 animate-spin rounded-full border-2 border-primary/20 border-t-primary motion-reduce:hidden"
            />
          )}
          {phase === 'ready' ? (
            <Check className="relative size-6" aria-hidden />
          ) : (
            <Sparkles className="relative size-6" aria-hidden />
          )}
        </span>
        <div className="min-w-0">
          <h2 id="creation-progress-heading" className="text-lg font-semibold tracking-tight">
            {phase === 'ready' ? 'Your agent is ready' : 'Building your agent…'}
          </h2>
          <p className="text-sm text-muted-foreground">
            {phase === 'ready'
              ? 'Opening it now.'
              : `${elapsed} s · This usually takes a few seconds. You can leave this page; the build keeps going.`}
          </p>
        </div>
      </div>

      <div className="grid gap-5 px-5 py-5 sm:px-6">
        <blockquote className="rounded-[var(--radius-control)] border-l-4 border-primary bg-muted px-4 py-3 text-sm italic text-muted-foreground">
          {idea}
        </blockquote>
        <p role="status" aria-live="polite" className="sr-only">
          {current.title}
        </p>
        <ol className="grid gap-4" aria-label="Progress">
          {steps.map((step, index) => {
            const isDone = index < active || phase === 'ready';
            const isActive = index === active && phase !== 'ready';
            return (
              <li key={step.title} className="flex items-start gap-3" aria-current={isActive ? 'step' : undefined}>
                <span
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold transition-colors duration-200',
                    isDone && 'border-primary bg-primary text-primary-foreground',
                    isActive && 'border-primary text-primary',
                    !isDone && !isActive && 'border-border text-muted-foreground',
                  )}
                >
                  {isDone ? (
                    <Check className="size-4" aria-hidden />
                  ) : isActive ? (
                    <Spinner className="size-4" />
                  ) : (
                    index + 1
                  )}
                </span>
                <span className="grid gap-0.5">
                  <span className={cn('text-sm font-medium', !isDone && !isActive && 'text-muted-foreground')}>
                    {step.title}
                    {isDone ? <span className="sr-only"> (done)</span> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{step.detail}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
