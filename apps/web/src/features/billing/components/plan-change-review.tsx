import {
  describeProration,
  formatBillingDate,
  isDowngradeExceedingLimit,
  type PreviewUpgradeReply,
} from '@agentry/core/billing';
import { formatCredits, getPlanFamily, type PlanCapabilities } from '@agentry/core/plans';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMeterNumber } from '@agentry/core/billing';
import type { PlanOption, PlanOptionTier } from '../lib/plan-options';

export type PlanChangeAction = 'none' | 'upgrade' | 'downgrade' | 'switch';

export type CurrentPlanSummary = { name: string; creditLimit: number; capabilities: PlanCapabilities | null };

function formatAmount(amount: number, currency: string) {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

function intervalLabel(tier: PlanOptionTier) {
  return tier.interval === 'year' ? 'billed yearly' : 'billed monthly';
}

/** 'Plan Change Summary': the current plan against the new one, with their allowances. */
export function PlanChangeSummary({
  current,
  target,
  option,
  timing,
}: {
  current: CurrentPlanSummary;
  target: PlanOptionTier;
  option: PlanOption;
  /** When the change applies and when its credits arrive. */
  timing?: string;
}) {
  return (
    <section aria-labelledby="plan-change-summary" className="rounded-[var(--radius-card)] border border-border p-4">
      <h3 id="plan-change-summary" className="text-sm font-semibold">
        Plan Change Summary
      </h3>
      <div className="mt-3 grid items-center gap-3 sm:grid-cols-[1fr_auto_1fr]">
        <div className="rounded-[var(--radius-control)] bg-muted p-3">
          <p className="text-xs text-muted-foreground">Current plan</p>
          <p className="font-medium">{current.name}</p>
          <p className="text-sm text-muted-foreground">{formatCredits(current.creditLimit)} credits / month</p>
        </div>
        <ArrowRight className="mx-auto size-4 rotate-90 text-muted-foreground sm:rotate-0" aria-hidden />
        <div className="rounded-[var(--radius-control)] bg-secondary p-3 text-secondary-foreground">
          <p className="text-xs opacity-80">New plan</p>
          <p className="font-medium">{option.name}</p>
          <p className="text-sm opacity-80">
            {formatCredits(target.credits)} credits / month · {intervalLabel(target)}
          </p>
        </div>
      </div>
      {timing ? (
        <p className="mt-3 text-sm font-medium" data-testid="plan-change-when">
          {timing}
        </p>
      ) : null}
    </section>
  );
}

type ProrationSummaryProps = {
  preview: PreviewUpgradeReply | undefined;
  isLoading: boolean;
  errorMessage: string | null;
};

/** 'Proration summary' of an upgrade or switch: amounts / 100, currency upper-cased, days remaining. */
export function ProrationSummary({ preview, isLoading, errorMessage }: ProrationSummaryProps) {
  return (
    <section
      aria-labelledby="proration-summary"
      aria-busy={isLoading}
      className="rounded-[var(--radius-card)] border border-border p-4"
    >
      <h3 id="proration-summary" className="text-sm font-semibold">
        Proration summary
      </h3>
      {isLoading ? (
        <div className="mt-3 grid gap-2" data-testid="proration-loading">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : errorMessage ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage}
        </p>
      ) : preview ? (
        <ProrationLines preview={preview} />
      ) : null}
    </section>
  );
}

function ProrationLines({ preview }: { preview: PreviewUpgradeReply }) {
  const proration = describeProration(preview.proration);
  const nextBilling = formatBillingDate(preview.nextBillingDate);
  return (
    <>
      <dl className="mt-3 grid gap-1.5 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Credit for unused time on {preview.currentPlan.displayName}</dt>
          <dd className="tabular-nums">-{formatAmount(proration.creditAmount, proration.currency)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{preview.targetPlan.displayName} for the remaining period</dt>
          <dd className="tabular-nums">{formatAmount(proration.chargeAmount, proration.currency)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Days remaining</dt>
          <dd className="tabular-nums" data-testid="days-remaining">
            {proration.daysRemaining}
          </dd>
        </div>
        {typeof preview.creditsGranted === 'number' ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Credits added now</dt>
            <dd className="tabular-nums">+{formatMeterNumber(preview.creditsGranted)}</dd>
          </div>
        ) : null}
        <div className="mt-1 flex justify-between gap-3 border-t border-border pt-2 font-semibold">
          <dt>Total due now</dt>
          <dd className="tabular-nums" data-testid="total-due">
            {formatAmount(proration.totalDueNow, proration.currency)} {proration.currency}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {preview.billingCycleReset
          ? `Your billing cycle restarts today${nextBilling ? `; the next bill is on ${nextBilling}` : ''}.`
          : nextBilling
            ? `Your billing date stays the same: next bill on ${nextBilling}.`
            : 'Your billing date stays the same.'}
      </p>
    </>
  );
}

type DowngradeChangesProps = {
  current: CurrentPlanSummary;
  target: PlanOptionTier;
  option: PlanOption;
  effectiveDate: string | null | undefined;
  usageUsed: number | null | undefined;
};

function lostCapabilities(current: PlanCapabilities | null, next: PlanCapabilities): string[] {
  if (!current) return [];
  const lines: string[] = [];
  const before = current.limits.subaccounts;
  const after = next.limits.subaccounts;
  if (after !== null && (before === null || before > after)) {
    lines.push(
      after === 1
        ? 'Only one sub account stays active; the others are locked (not deleted) until you upgrade.'
        : `Up to ${after} sub accounts stay active; the others are locked (not deleted) until you upgrade.`,
    );
  }
  if (current.features.marketplace && !next.features.marketplace) lines.push('Marketplace access ends.');
  if (current.demos.whitelabel && !next.demos.whitelabel) lines.push('Whitelabel demos are no longer available.');
  if (current.demos.advanced && !next.demos.advanced) lines.push('Advanced demos are no longer available.');
  if (current.features.whitelabel_subaccounts && !next.features.whitelabel_subaccounts)
    lines.push('White label sub accounts are turned off.');
  if (current.features.priority_support && !next.features.priority_support) lines.push('Priority support ends.');
  return lines;
}

/** 'What changes after the downgrade'. */
export function DowngradeChanges({ current, target, option, effectiveDate, usageUsed }: DowngradeChangesProps) {
  const date = formatBillingDate(effectiveDate) ?? 'the end of your current billing period';
  const isExceeding = isDowngradeExceedingLimit({ usageUsed, targetCreditLimit: target.credits });
  const capabilities = option.capabilities ?? getPlanFamily(target.family).capabilities;
  return (
    <section aria-labelledby="downgrade-changes" className="rounded-[var(--radius-card)] border border-border p-4">
      <h3 id="downgrade-changes" className="text-sm font-semibold">
        What changes after the downgrade
      </h3>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm">
        <li>
          Your plan changes to {option.name} on {date}. Until then you keep {current.name} and its credits.
        </li>
        <li>
          Your monthly allowance becomes {formatCredits(target.credits)} credits (from{' '}
          {formatCredits(current.creditLimit)}).
        </li>
        {lostCapabilities(current.capabilities, capabilities).map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>Nothing is charged today.</li>
      </ul>
      {isExceeding ? (
        <p
          role="alert"
          className="mt-3 flex gap-2 rounded-[var(--radius-control)] bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          You have used {formatMeterNumber(usageUsed ?? 0)} credits this period, more than the{' '}
          {formatCredits(target.credits)} credits of the new plan.
        </p>
      ) : null}
    </section>
  );
}
