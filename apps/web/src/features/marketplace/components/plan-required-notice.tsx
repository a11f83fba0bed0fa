import { PLAN_REQUIRED_MESSAGE } from '@agentry/core/error-messages';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { openUpgradeDialog } from '@/lib/upgrade-events';

/**
 * docs/product/marketplace.md#access, docs/product/README.md#errors: posting and replying need a plan with marketplace access. Opens the
 * 'Upgrade to Unlock' dialog; the inline message and its link to /usage stay as the fallback.
 */
export function requestMarketplacePlan(returnUrl?: string) {
  openUpgradeDialog({ reason: PLAN_REQUIRED_MESSAGE, returnUrl });
}

type PlanRequiredNoticeProps = { returnUrl?: string; className?: string; detail?: string };

export function PlanRequiredNotice({ returnUrl, className, detail }: PlanRequiredNoticeProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-[var(--radius-control)] border border-warning/40 bg-warning/10 p-3 text-sm sm:flex-row sm:items-center',
        className,
      )}
    >
      <Lock className="size-4 shrink-0 text-warning" aria-hidden />
      <div className="grid flex-1 gap-0.5">
        <p className="font-medium text-foreground">{PLAN_REQUIRED_MESSAGE}</p>
        {detail ? <p className="text-muted-foreground">{detail}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => requestMarketplacePlan(returnUrl)}>
          Upgrade
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to="/usage">See plans</Link>
        </Button>
      </div>
    </div>
  );
}
