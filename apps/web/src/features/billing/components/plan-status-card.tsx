import {
  cancellationScheduledMessage,
  downgradeCanceledMessage,
  downgradeScheduledMessage,
  formatBillingDate,
  hasScheduledDowngrade,
  SUBSCRIPTION_CONTINUES_MESSAGE,
} from '@agentry/core/billing';
import { formatCredits } from '@agentry/core/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CreditCard, Layers } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { billingQueryKeys } from '../api/billing-query-keys';
import { createPortalSession } from '../api/checkout';
import { cancelScheduledDowngrade, cancelSubscription, planChangeMessages, resubscribe } from '../api/plan-change';
import type { LooseBalance } from '../api/usage';
import { usePricingPlans } from '../hooks/use-pricing-plans';
import { useUsage } from '../hooks/use-usage';
import { describePlanChangeError, SUBSCRIPTION_ATTENTION_TITLE } from '../lib/plan-change-errors';
import { familyName, findTierByPriceId } from '../lib/plan-options';
import { StatusBanner, type StatusBannerData } from './status-banner';
import { assignLocation } from '../lib/browser-navigation';

const statusLabels: Record<string, { label: string; variant: 'active' | 'pending' | 'error' | 'inactive' }> = {
  active: { label: 'Active', variant: 'active' },
  trialing: { label: 'Trial', variant: 'active' },
  past_due: { label: 'Past due', variant: 'error' },
  unpaid: { label: 'Unpaid', variant: 'error' },
  incomplete: { label: 'Incomplete', variant: 'pending' },
  canceled: { label: 'Canceled', variant: 'inactive' },
};

type PlanStatusCardProps = {
  balance: LooseBalance | null;
  onOutcome: (banner: StatusBannerData) => void;
  onManagePlan: () => void;
};

/** The plan and its status on /usage: scheduled downgrade, cancellation at period end, and the plan actions. */
export function PlanStatusCard({ balance, onOutcome, onManagePlan }: PlanStatusCardProps) {
  const queryClient = useQueryClient();
  const { refresh, replaceBalance } = useUsage();
  const pricing = usePricingPlans();
  const [isCancelOpen, setIsCancelOpen] = useState(false);

  const planName =
    familyName(balance?.planCode) ?? familyName(findTierByPriceId(pricing.data, balance?.currentPriceId)?.family);
  const hasPlan = Boolean(balance?.currentPriceId || balance?.planCode);
  const scheduledTier = findTierByPriceId(pricing.data, balance?.scheduledPriceId);
  const scheduledName = scheduledTier
    ? `${familyName(scheduledTier.family) ?? scheduledTier.family} (${formatCredits(scheduledTier.credits)} credits)`
    : 'your new plan';
  const status = statusLabels[balance?.subscriptionStatus ?? ''];
  const periodEnd = formatBillingDate(balance?.currentPeriodEnd);
  const displayName = planName ?? 'Your plan';

  // The card shows the new state at once (the refresh below confirms it), so it never
  // contradicts the outcome just reported.
  const patchBalance = (patch: LooseBalance) => {
    if (balance) replaceBalance({ ...balance, ...patch });
  };
  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: billingQueryKeys.all });
    void refresh({ force: true });
  };
  const reportFailure = (error: unknown, fallback: string) => {
    const described = describePlanChangeError(error, fallback);
    onOutcome(
      described.needsAttention
        ? { type: 'warning', title: SUBSCRIPTION_ATTENTION_TITLE, description: described.message }
        : { type: 'error', title: 'Plan update failed', description: described.message },
    );
  };

  const cancelDowngrade = useMutation({
    mutationFn: cancelScheduledDowngrade,
    meta: { silentError: true },
    onSuccess: (reply) => {
      patchBalance({ scheduledPriceId: null, scheduledChangeDate: null });
      onOutcome({
        type: 'success',
        title: 'Downgrade canceled',
        description: reply.message || downgradeCanceledMessage(reply.currentPlan?.displayName ?? displayName),
      });
      afterChange();
    },
    onError: (error) => reportFailure(error, planChangeMessages.cancelDowngradeFailed),
  });
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    meta: { silentError: true },
    onSuccess: (reply) => {
      setIsCancelOpen(false);
      patchBalance({ cancelAtPeriodEnd: true });
      onOutcome({
        type: 'info',
        title: 'Cancellation scheduled',
        description:
          reply.message ||
          cancellationScheduledMessage(reply.currentPlan?.displayName ?? displayName, reply.cancelDate),
      });
      afterChange();
    },
    onError: (error) => {
      setIsCancelOpen(false);
      reportFailure(error, planChangeMessages.cancellationFailed);
    },
  });
  const restore = useMutation({
    mutationFn: resubscribe,
    meta: { silentError: true },
    onSuccess: (reply) => {
      if (reply.url) {
        assignLocation(reply.url);
        return;
      }
      patchBalance({ cancelAtPeriodEnd: false });
      onOutcome({
        type: 'success',
        title: 'Subscription restored',
        description: reply.message || SUBSCRIPTION_CONTINUES_MESSAGE,
      });
      afterChange();
    },
    onError: (error) => reportFailure(error, planChangeMessages.resumeFailed),
  });
  const portal = useMutation({
    mutationFn: () => createPortalSession(`${window.location.origin}/usage`),
    meta: { silentError: true },
    onSuccess: (url) => assignLocation(url),
    onError: (error) => onOutcome({ type: 'error', title: 'Billing portal unavailable', description: error.message }),
  });
  const isBusy = cancelDowngrade.isPending || cancel.isPending || restore.isPending;

  if (!hasPlan) {
    return (
      <section aria-labelledby="plan-heading" className="rounded-[var(--radius-card)] border border-border bg-card p-5">
        <div className="flex items-center gap-2">
          <Layers className="size-5 text-muted-foreground" aria-hidden />
          <h2 id="plan-heading" className="text-base font-semibold">
            No plan yet
          </h2>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Pick a plan to get a monthly credit allowance for your agents.
        </p>
        <Link to="/?scrollToPricing=true" className={cn(buttonVariants(), 'mt-4')}>
          See plans
        </Link>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="plan-heading"
      className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Current plan</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h2 id="plan-heading" className="text-xl font-semibold tracking-tight">
              {displayName}
            </h2>
            {status ? <Badge variant={status.variant}>{status.label}</Badge> : null}
            {balance?.cancelAtPeriodEnd ? <Badge variant="warning">Ends {periodEnd ?? 'at period end'}</Badge> : null}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {formatCredits(balance?.configuredLimit ?? balance?.planCreditLimit ?? 0)} credits / month
            {balance?.billingInterval === 'year'
              ? ' · billed yearly'
              : balance?.billingInterval === 'month'
                ? ' · billed monthly'
                : ''}
            {periodEnd && !balance?.cancelAtPeriodEnd ? ` · renews ${periodEnd}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onManagePlan} disabled={isBusy}>
            Manage plan
          </Button>
          <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? <Spinner /> : <CreditCard aria-hidden />}
            Billing portal
          </Button>
        </div>
      </div>

      {hasScheduledDowngrade(balance) ? (
        <StatusBanner
          type="info"
          title="Downgrade scheduled"
          description={downgradeScheduledMessage(scheduledName, balance?.scheduledChangeDate)}
          action={
            <Button size="sm" variant="outline" onClick={() => cancelDowngrade.mutate()} disabled={isBusy}>
              {cancelDowngrade.isPending ? <Spinner /> : <CalendarClock aria-hidden />}
              Cancel downgrade
            </Button>
          }
        />
      ) : null}

      {balance?.cancelAtPeriodEnd ? (
        <StatusBanner
          type="warning"
          title="Cancellation scheduled"
          description={cancellationScheduledMessage(displayName, balance.currentPeriodEnd)}
          action={
            <Button size="sm" onClick={() => restore.mutate()} disabled={isBusy}>
              {restore.isPending ? <Spinner /> : null}
              Resubscribe
            </Button>
          }
        />
      ) : (
        <div>
          <Button
            variant="link"
            className="h-auto px-0 text-muted-foreground"
            onClick={() => setIsCancelOpen(true)}
            disabled={isBusy}
          >
            Cancel subscription
          </Button>
        </div>
      )}

      <Dialog open={isCancelOpen} onOpenChange={(open) => (cancel.isPending ? undefined : setIsCancelOpen(open))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Cancel your subscription?</DialogTitle>
            <DialogDescription>
              {displayName} stays active until {periodEnd ?? 'the close of the current billing period'}; after that no
              more credits are granted. You can resubscribe until then.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIsCancelOpen(false)} disabled={cancel.isPending}>
              Keep my plan
            </Button>
            <Button
              variant="destructive"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              aria-busy={cancel.isPending}
            >
              {cancel.isPending ? <Spinner /> : null}
              Cancel at period end
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
