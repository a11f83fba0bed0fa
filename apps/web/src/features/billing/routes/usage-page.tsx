import { formatMeterNumber, hasScheduledDowngrade } from '@agentry/core/billing';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { USAGE_LOAD_FAILED_TITLE, type LooseBalance } from '../api/usage';
import { CreditMeterSummary } from '../components/credit-meter-summary';
import { PlanChangeModal } from '../components/plan-change-modal';
import { PlanStatusCard } from '../components/plan-status-card';
import { PromoCodeForm } from '../components/promo-code-form';
import { StatusBanner, type StatusBannerData } from '../components/status-banner';
import { UsageLogTable } from '../components/usage-log-table';
import { useResubscribeReturn } from '../hooks/use-resubscribe-return';
import { useUpgradeReturn } from '../hooks/use-upgrade-return';
import { useUsage } from '../hooks/use-usage';
import { toastOutcome } from '../lib/outcome-toast';
import { aggregateUsageLogs, buildUsageChartData } from '../lib/usage-series';

// recharts is large: the chart loads on its own so the page (and its skeleton) show at once.
const UsageChart = lazy(() => import('../components/usage-chart').then((module) => ({ default: module.UsageChart })));

type Banner = StatusBannerData & { id: number };

/** Outcomes whose standing state the plan card shows itself (with its action): not repeated above it. */
function standingStates(balance: LooseBalance | null): string[] {
  const states: string[] = [];
  if (hasScheduledDowngrade(balance)) states.push('Downgrade scheduled');
  if (balance?.cancelAtPeriodEnd) states.push('Cancellation scheduled');
  return states;
}

/** `/usage`: the credit meter, plan and status, usage by day and model, the usage log and promo codes. */
export function UsagePage() {
  const usage = useUsage();
  // One status area: the latest outcome replaces the one before (a toast says it too).
  const [outcome, setOutcome] = useState<Banner | null>(null);
  const [isPlanModalOpen, setIsPlanModalOpen] = useState(false);
  const [preselectedPriceId, setPreselectedPriceId] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const upgradePriceId = searchParams.get('upgradePriceId');

  const addBanner = useCallback((banner: StatusBannerData) => {
    setOutcome({ ...banner, id: Date.now() + Math.random() });
    toastOutcome(banner);
  }, []);
  const shownOutcome = outcome && !standingStates(usage.balance).includes(outcome.title) ? outcome : null;
  useUpgradeReturn({ onOutcome: addBanner });
  useResubscribeReturn({ onOutcome: addBanner });

  // A subscriber who checked out another plan after signing in lands here with ?upgradePriceId=:
  // the plan change continues in the modal.
  useEffect(() => {
    if (!upgradePriceId) return;
    setPreselectedPriceId(upgradePriceId);
    setIsPlanModalOpen(true);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('upgradePriceId');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [upgradePriceId, setSearchParams]);

  const openPlanModal = useCallback((open: boolean) => {
    setIsPlanModalOpen(open);
    if (!open) setPreselectedPriceId(null);
  }, []);

  const chartData = useMemo(() => {
    const snapshot = usage.usage;
    if (!snapshot) return buildUsageChartData([]);
    return buildUsageChartData(
      snapshot.usageByDay.length > 0 ? snapshot.usageByDay : aggregateUsageLogs(snapshot.usageLogs),
    );
  }, [usage.usage]);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Usage &amp; billing</h2>
          <p className="mt-1 text-sm text-muted-foreground">Your credits, your plan and what your agents used.</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void usage.refresh({ force: true })}
          disabled={usage.isFetching}
          aria-busy={usage.isFetching}
        >
          <RefreshCw className={cn(usage.isFetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </div>

      <div aria-live="polite" aria-label="Latest billing status" role="region" className="empty:hidden">
        {shownOutcome ? (
          <StatusBanner key={shownOutcome.id} {...shownOutcome} onDismiss={() => setOutcome(null)} />
        ) : null}
      </div>

      {usage.isLoading ? (
        <UsageSkeleton />
      ) : !usage.usage && usage.errorMessage ? (
        <ErrorState
          title={USAGE_LOAD_FAILED_TITLE}
          message={usage.errorMessage}
          onRetry={() => void usage.refresh({ force: true })}
          isRetrying={usage.isFetching}
        />
      ) : (
        <>
          {usage.usage?.error ? (
            <StatusBanner type="warning" title={USAGE_LOAD_FAILED_TITLE} description={usage.usage.error} />
          ) : null}
          {usage.usage && usage.errorMessage ? (
            <StatusBanner type="warning" title={USAGE_LOAD_FAILED_TITLE} description={usage.errorMessage} />
          ) : null}
          <div className="grid gap-6 lg:grid-cols-[1.1fr_1fr]">
            <section
              aria-labelledby="credits-heading"
              className="rounded-[var(--radius-card)] border border-border bg-card p-5"
            >
              <h2 id="credits-heading" className="text-base font-semibold">
                Credits
              </h2>
              <CreditMeterSummary meter={usage.meter} size="large" className="mt-3" />
              <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
                <MeterFigure label="Plan credits left" value={usage.meter.planRemaining} />
                <MeterFigure label="Bonus credits" value={usage.meter.bonusRemaining} hint="Never expire" />
                <MeterFigure label="Used this period" value={usage.meter.used} />
              </dl>
            </section>
            <PlanStatusCard balance={usage.balance} onOutcome={addBanner} onManagePlan={() => openPlanModal(true)} />
          </div>

          <section
            aria-labelledby="chart-heading"
            className="rounded-[var(--radius-card)] border border-border bg-card p-5"
          >
            <h2 id="chart-heading" className="text-base font-semibold">
              Credits by day and model
            </h2>
            <div className="mt-4">
              <Suspense fallback={<Skeleton className="h-72 rounded-[var(--radius-card)]" />}>
                <UsageChart data={chartData} />
              </Suspense>
            </div>
          </section>

          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="log-heading" className="grid content-start gap-3">
              <h2 id="log-heading" className="text-base font-semibold">
                Usage log
              </h2>
              <UsageLogTable logs={usage.usage?.usageLogs ?? []} />
            </section>
            <section
              aria-labelledby="promo-heading"
              className="h-fit rounded-[var(--radius-card)] border border-border bg-card p-5"
            >
              <h2 id="promo-heading" className="text-base font-semibold">
                Redeem a promo code
              </h2>
              <p className="mb-3 mt-1 text-sm text-muted-foreground">
                Promo codes add bonus credits that never expire.
              </p>
              <PromoCodeForm onOutcome={addBanner} />
            </section>
          </div>
        </>
      )}

      <PlanChangeModal
        open={isPlanModalOpen}
        onOpenChange={openPlanModal}
        initialPriceId={preselectedPriceId}
        onOutcome={addBanner}
      />
    </div>
  );
}

function MeterFigure({ label, value, hint }: { label: string; value: number | null; hint?: string }) {
  return (
    <div className="rounded-[var(--radius-control)] bg-muted/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{value === null ? '—' : formatMeterNumber(value)}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function UsageSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading usage">
      <div className="grid gap-6 lg:grid-cols-[1.1fr_1fr]">
        <Skeleton className="h-52 rounded-[var(--radius-card)]" />
        <Skeleton className="h-52 rounded-[var(--radius-card)]" />
      </div>
      <Skeleton className="h-80 rounded-[var(--radius-card)]" />
      <Skeleton className="h-64 rounded-[var(--radius-card)]" />
    </div>
  );
}
