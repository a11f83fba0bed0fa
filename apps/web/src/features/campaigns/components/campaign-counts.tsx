import type { CampaignCounts } from '@agentry/core/campaigns';
import { cn } from '@/lib/cn';
import { countLabels, progressPercent } from '../lib/campaign-format';

export function CampaignProgress({ counts, className }: { counts: CampaignCounts; className?: string }) {
  const percent = progressPercent(counts);
  return (
    <div className={cn('grid gap-1', className)}>
      <div
        role="progressbar"
        aria-label="Campaign progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground">
        {counts.total - counts.queued} of {counts.total} handled ({percent}%)
      </span>
    </div>
  );
}

/** The six counts as tiles (detail) or a compact line (list). */
export function CampaignCountTiles({ counts, compact = false }: { counts: CampaignCounts; compact?: boolean }) {
  if (compact)
    return (
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {countLabels.map(({ key, label }) => (
          <div key={key} className="flex gap-1">
            <dt>{label}</dt>
            <dd className="font-medium tabular-nums text-foreground">{counts[key]}</dd>
          </div>
        ))}
      </dl>
    );
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      {countLabels.map(({ key, label }) => (
        <div key={key} className="rounded-[var(--radius-card)] border border-border bg-card px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-count={key}>
            {counts[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
