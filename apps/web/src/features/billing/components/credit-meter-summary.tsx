import { formatMeterNumber, type CreditMeter } from '@agentry/core/billing';
import { cn } from '@/lib/cn';

export const NO_PLAN_TEXT = 'No plan yet';

/** 'remaining / plan limit', with the fallbacks of docs/product/billing-and-credits.md#credit-meter-and-usage (unknown numbers read as 0). */
export function formatMeterFraction(meter: CreditMeter) {
  return `${formatMeterNumber(meter.remaining ?? 0)} / ${formatMeterNumber(meter.limit ?? 0)}`;
}

function usedText(meter: CreditMeter) {
  if (meter.limit === null || meter.limit <= 0) return NO_PLAN_TEXT;
  return meter.usedPercent === null ? 'Usage not known yet' : `${formatMeterNumber(meter.usedPercent)}% used`;
}

type CreditMeterSummaryProps = { meter: CreditMeter; size?: 'compact' | 'large'; className?: string };

/** docs/product/billing-and-credits.md#credit-meter-and-usage, credit meter: remaining / plan limit, a bar of the used share (2 % when unknown) and its text. */
export function CreditMeterSummary({ meter, size = 'compact', className }: CreditMeterSummaryProps) {
  const isLarge = size === 'large';
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <span className={cn('text-muted-foreground', isLarge ? 'text-sm' : 'text-xs')}>Credits remaining</span>
        <span
          className={cn('font-medium tabular-nums', isLarge ? 'text-2xl font-semibold tracking-tight' : 'text-xs')}
          data-testid="credits"
        >
          {formatMeterFraction(meter)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Credits used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={meter.usedPercent === null ? undefined : Math.round(meter.usedPercent)}
        className={cn('mt-2 overflow-hidden rounded-full bg-muted', isLarge ? 'h-2.5' : 'h-1.5')}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200"
          style={{ width: `${meter.barWidthPercent}%` }}
        />
      </div>
      <p className={cn('mt-1.5 text-muted-foreground', isLarge ? 'text-sm' : 'text-xs')} data-testid="credits-used">
        {usedText(meter)}
      </p>
    </div>
  );
}
