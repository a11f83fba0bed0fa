import { cn } from '@/lib/cn';

const tones = {
  pass: 'text-green-700 dark:text-green-300',
  fail: 'text-red-700 dark:text-red-300',
  unclear: 'text-amber-700 dark:text-amber-300',
  error: 'text-slate-700 dark:text-slate-300',
  neutral: 'text-foreground',
} as const;

/** One number with its label (passes, failures, cost…). */
export function StatTile({
  label,
  value,
  tone = 'neutral',
  detail,
}: {
  label: string;
  value: string | number;
  tone?: keyof typeof tones;
  detail?: string;
}) {
  return (
    <div className="rounded-[var(--radius-card)] border border-border bg-card px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', tones[tone])}>{value}</dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}
