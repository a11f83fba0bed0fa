import { ANNUAL_DISCOUNT_BADGE, describePlanAction, formatCredits, type BillingInterval } from '@agentry/core/plans';
import { downgradeScheduledMessage, formatBillingDate } from '@agentry/core/billing';
import { PAYMENT_METHOD_SETTINGS_PATH } from '@agentry/core/error-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { billingQueryKeys } from '../api/billing-query-keys';
import { CATALOGUE_LOAD_FAILED } from '../api/pricing';
import {
  createUpgradeCheckout,
  getPriceUnitAmount,
  planChangeMessages,
  previewUpgrade,
  scheduleDowngrade,
} from '../api/plan-change';
import { usePlanCatalogue, usePricingPlans } from '../hooks/use-pricing-plans';
import { useUsage } from '../hooks/use-usage';
import { describePlanChangeError, SUBSCRIPTION_ATTENTION_TITLE, type PlanChangeError } from '../lib/plan-change-errors';
import {
  buildPlanOptions,
  familyName,
  findFamily,
  findTierByPriceId,
  type PlanOption,
  type PlanOptionTier,
} from '../lib/plan-options';
import { DEFAULT_RETURN_PATH } from '../lib/checkout-urls';
import { PlanChangeCard } from './plan-change-card';
import {
  DowngradeChanges,
  PlanChangeSummary,
  ProrationSummary,
  type CurrentPlanSummary,
  type PlanChangeAction,
} from './plan-change-review';
import type { StatusBannerData } from './status-banner';
import { assignLocation } from '../lib/browser-navigation';

export const PLAN_CHANGE_SUBTITLE =
  'Upgrades bill immediately with prorated credits. Downgrades take effect at the end of your current billing period.';
export const PLAN_CHANGE_FOOTER_HINT = 'Select a plan to continue and view billing details';
export const PLAN_ALREADY_ACTIVE = 'This plan is already active.';
export const NO_PLANS_AVAILABLE = 'No plans available.';

const confirmLabels: Record<Exclude<PlanChangeAction, 'none'>, string> = {
  downgrade: 'Schedule downgrade',
  switch: 'Switch plan',
  upgrade: 'Confirm change',
};

type PlanChangeModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselects a price (the pricing screen's useUpgradeFlow): the modal opens on the review. */
  initialPriceId?: string | null;
  /** Where an upgrade's payment returns (default /usage). */
  returnUrl?: string;
  /** Success and warning banners ('Downgrade scheduled', 'Subscription needs attention'). */
  onOutcome?: (banner: StatusBannerData) => void;
};

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, 'Plan-change modal' ('Manage your plan'): choose a plan, then review and confirm. */
export function PlanChangeModal({ open, onOpenChange, initialPriceId, returnUrl, onOutcome }: PlanChangeModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Radix unmounts the content when closed: opening again starts from a fresh selection. */}
      <DialogContent className="max-w-6xl gap-5 p-5 sm:p-6" aria-describedby="plan-change-subtitle">
        <PlanChangeFlow
          initialPriceId={initialPriceId ?? null}
          returnUrl={returnUrl}
          onOutcome={onOutcome}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

type Selection = { tier: PlanOptionTier; option: PlanOption };
type Decision = { tierId: string; action: PlanChangeAction };

type PlanChangeFlowProps = {
  initialPriceId: string | null;
  returnUrl?: string;
  onOutcome?: (banner: StatusBannerData) => void;
  onClose: () => void;
};

function PlanChangeFlow({ initialPriceId, returnUrl = DEFAULT_RETURN_PATH, onOutcome, onClose }: PlanChangeFlowProps) {
  const queryClient = useQueryClient();
  const { balance, refresh, replaceBalance } = useUsage();
  const pricing = usePricingPlans();
  const catalogue = usePlanCatalogue();
  const [interval, setBillingInterval] = useState<BillingInterval>(() =>
    balance?.billingInterval === 'year' ? 'year' : 'month',
  );
  const [step, setStep] = useState<1 | 2>(1);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [decidingTierId, setDecidingTierId] = useState<string | null>(null);
  const [isActiveNoteShown, setIsActiveNoteShown] = useState(false);
  const [failure, setFailure] = useState<PlanChangeError | null>(null);

  const currentPriceId = balance?.currentPriceId ?? null;
  const currentTier = findTierByPriceId(pricing.data, currentPriceId);
  const currentCreditLimit = balance?.configuredLimit ?? balance?.planCreditLimit ?? currentTier?.credits ?? 0;
  const currentFamily = balance?.planCode ?? currentTier?.family ?? null;
  const current: CurrentPlanSummary = {
    name: familyName(currentFamily) ?? 'Current plan',
    creditLimit: currentCreditLimit,
    capabilities: findFamily(currentFamily)?.capabilities ?? null,
  };
  const options = buildPlanOptions({ live: pricing.data, catalogue: catalogue.data, interval });
  const action: PlanChangeAction | null = selection && decision?.tierId === selection.tier.id ? decision.action : null;
  const isImmediate = action === 'upgrade' || action === 'switch';

  // Upgrade or switch: selecting triggers a proration preview.
  const preview = useQuery({
    queryKey: billingQueryKeys.preview(selection?.tier.priceId ?? ''),
    queryFn: ({ signal }) => previewUpgrade(selection?.tier.priceId ?? '', signal),
    enabled: Boolean(selection?.tier.priceId) && isImmediate,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const previewError = preview.error
    ? describePlanChangeError(preview.error, planChangeMessages.prorationFailed)
    : null;
  const raisedAttention = useRef(false);
  useEffect(() => {
    if (previewError?.needsAttention && !raisedAttention.current) {
      raisedAttention.current = true;
      onOutcome?.({ type: 'warning', title: SUBSCRIPTION_ATTENTION_TITLE, description: previewError.message });
    }
  }, [previewError?.needsAttention, previewError?.message, onOutcome]);

  const confirm = useMutation({
    meta: { silentError: true },
    mutationFn: async ({ tier, change }: { tier: PlanOptionTier; change: PlanChangeAction }) => {
      const priceId = tier.priceId ?? '';
      if (change === 'downgrade') return { kind: 'downgrade' as const, reply: await scheduleDowngrade(priceId) };
      const absoluteReturnUrl = new URL(returnUrl, window.location.origin).toString();
      return {
        kind: 'upgrade' as const,
        url: await createUpgradeCheckout({ newPriceId: priceId, returnUrl: absoluteReturnUrl }),
      };
    },
    onSuccess: (result) => {
      if (result.kind === 'upgrade') {
        onClose();
        assignLocation(result.url);
        return;
      }
      const planName = result.reply.scheduledPlan?.displayName ?? selection?.option.name ?? 'your new plan';
      // The plan card shows the scheduled change at once; the refresh below confirms it.
      if (balance && selection?.tier.priceId)
        replaceBalance({
          ...balance,
          scheduledPriceId: selection.tier.priceId,
          scheduledChangeDate: result.reply.effectiveDate ?? balance.currentPeriodEnd ?? null,
        });
      onOutcome?.({
        type: 'success',
        title: 'Downgrade scheduled',
        description: result.reply.message || downgradeScheduledMessage(planName, result.reply.effectiveDate),
      });
      void queryClient.invalidateQueries({ queryKey: billingQueryKeys.all });
      void refresh({ force: true });
      onClose();
    },
    onError: (error) => {
      const described = describePlanChangeError(error, planChangeMessages.failed);
      setFailure(described);
      if (described.needsAttention)
        onOutcome?.({ type: 'warning', title: SUBSCRIPTION_ATTENTION_TITLE, description: described.message });
    },
  });
  const isProcessing = confirm.isPending;

  async function decideAction(tier: PlanOptionTier): Promise<PlanChangeAction> {
    if (tier.priceId && tier.priceId === currentPriceId) return 'none';
    let currentAmount: number | null = null;
    let targetAmount: number | null = null;
    if (currentPriceId && tier.priceId) {
      const lookup = (priceId: string) =>
        queryClient.fetchQuery({
          queryKey: billingQueryKeys.price(priceId),
          queryFn: ({ signal }) => getPriceUnitAmount(priceId, signal),
          staleTime: 5 * 60_000,
        });
      try {
        [currentAmount, targetAmount] = await Promise.all([lookup(currentPriceId), lookup(tier.priceId)]);
      } catch {
        // docs/product/billing-and-credits.md#checkout-and-plan-changes: a failed price lookup falls back to the credit limits.
        currentAmount = null;
        targetAmount = null;
      }
    }
    const decided = describePlanAction(
      { priceId: currentPriceId, unitAmount: currentAmount, configuredLimit: currentCreditLimit },
      { priceId: tier.priceId, unitAmount: targetAmount, creditLimit: tier.credits },
    );
    // The same allowance billed differently (monthly to yearly) is a switch, made at once like an upgrade.
    return decided === 'upgrade' && tier.credits === currentCreditLimit ? 'switch' : decided;
  }

  async function handleSelect(tier: PlanOptionTier, option: PlanOption) {
    setSelection({ tier, option });
    setFailure(null);
    setIsActiveNoteShown(false);
    setDecidingTierId(tier.id);
    const decided = await decideAction(tier);
    setDecidingTierId(null);
    setDecision({ tierId: tier.id, action: decided });
    // Step 1 advances by itself once the selection has an action.
    if (decided === 'none') setIsActiveNoteShown(true);
    else setStep(2);
  }

  // useUpgradeFlow: the pricing screen chose a price already.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !initialPriceId || !pricing.data) return;
    preselected.current = true;
    const tier = findTierByPriceId(pricing.data, initialPriceId);
    if (!tier) return;
    const option = buildPlanOptions({ live: pricing.data, catalogue: catalogue.data, interval: tier.interval }).find(
      (entry) => entry.family === tier.family,
    );
    if (!option) return;
    setBillingInterval(tier.interval);
    void handleSelect(tier, option);
    // handleSelect reads the latest state; this runs once, when the prices arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialPriceId, pricing.data]);

  function handleConfirm() {
    if (!selection || action === null) return;
    if (action === 'none') {
      onClose();
      return;
    }
    if (!selection.tier.priceId) {
      setFailure({ message: planChangeMessages.invalidSelection, needsAttention: false });
      return;
    }
    setFailure(null);
    confirm.mutate({ tier: selection.tier, change: action });
  }

  function handleBack() {
    setStep(1);
    setFailure(null);
  }

  const isConfirmDisabled =
    isProcessing || !selection || action === null || action === 'none' || (isImmediate && preview.isLoading);

  return (
    <>
      <DialogHeader>
        <p className="text-xs font-semibold uppercase tracking-wider text-primary">
          {step === 1 ? 'Step 1 of 2' : 'Step 2 of 2'}
        </p>
        <DialogTitle className="text-xl">Manage your plan</DialogTitle>
        <DialogDescription id="plan-change-subtitle">{PLAN_CHANGE_SUBTITLE}</DialogDescription>
      </DialogHeader>

      {step === 1 ? (
        <>
          <div className="flex justify-center">
            <ToggleGroup
              type="single"
              value={interval}
              onValueChange={(value) => (value === 'month' || value === 'year' ? setBillingInterval(value) : undefined)}
              aria-label="Billing period"
            >
              <ToggleGroupItem value="month" disabled={isProcessing}>
                Monthly
              </ToggleGroupItem>
              <ToggleGroupItem value="year" disabled={isProcessing}>
                Annually
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  {ANNUAL_DISCOUNT_BADGE}
                </span>
              </ToggleGroupItem>
            </ToggleGroup>
          </div>

          {pricing.isPending ? (
            <div
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
              data-testid="plan-grid-loading"
            >
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} data-testid="plan-skeleton" className="h-96 rounded-[var(--radius-card)]" />
              ))}
            </div>
          ) : pricing.isError ? (
            <ErrorState
              message={CATALOGUE_LOAD_FAILED}
              onRetry={() => void pricing.refetch()}
              isRetrying={pricing.isFetching}
            />
          ) : options.length === 0 ? (
            <p className="rounded-[var(--radius-card)] border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
              {NO_PLANS_AVAILABLE}
            </p>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {options.map((option) => (
                <PlanChangeCard
                  key={`${option.family}-${interval}`}
                  option={option}
                  interval={interval}
                  currentPriceId={currentPriceId}
                  currentCreditLimit={currentCreditLimit}
                  currentPriceCents={currentTier?.priceCents ?? null}
                  renewalDate={formatBillingDate(balance?.currentPeriodEnd)}
                  isProcessing={isProcessing}
                  decidingTierId={decidingTierId}
                  onSelect={(tier, picked) => void handleSelect(tier, picked)}
                  onTierPicked={(tier) =>
                    setIsActiveNoteShown(Boolean(tier.priceId && tier.priceId === currentPriceId))
                  }
                />
              ))}
            </div>
          )}

          <p role="status" className="text-center text-sm text-muted-foreground">
            {isActiveNoteShown ? PLAN_ALREADY_ACTIVE : PLAN_CHANGE_FOOTER_HINT}
          </p>
        </>
      ) : selection && action ? (
        <div className="grid gap-4">
          <PlanChangeSummary
            current={current}
            target={selection.tier}
            option={selection.option}
            timing={
              action === 'downgrade'
                ? `Starts ${formatBillingDate(balance?.currentPeriodEnd) ?? 'at the end of your current billing period'}. The new allowance of ${formatCredits(selection.tier.credits)} credits arrives that day; nothing is charged today.`
                : `Starts now. The new credits are added as soon as the payment goes through.`
            }
          />
          {isImmediate ? (
            <ProrationSummary
              preview={preview.data}
              isLoading={preview.isLoading}
              errorMessage={previewError?.message ?? null}
            />
          ) : action === 'downgrade' ? (
            <DowngradeChanges
              current={current}
              target={selection.tier}
              option={selection.option}
              effectiveDate={balance?.currentPeriodEnd}
              usageUsed={balance?.usageUsed}
            />
          ) : null}
          {failure ? (
            <p
              role="alert"
              className="rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
            >
              {failure.message}
              {failure.cardCode === 'payment_method_required' ? (
                <>
                  {' '}
                  <Link
                    to={PAYMENT_METHOD_SETTINGS_PATH}
                    onClick={onClose}
                    className="font-medium underline underline-offset-2"
                  >
                    Go to settings
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <DialogFooter className="sm:justify-between">
            <Button variant="outline" onClick={handleBack} disabled={isConfirmDisabled}>
              ← Back to Plans
            </Button>
            {action !== 'none' ? (
              <Button onClick={handleConfirm} disabled={isConfirmDisabled} aria-busy={isProcessing}>
                {isProcessing ? <Spinner /> : null}
                {confirmLabels[action]}
              </Button>
            ) : null}
          </DialogFooter>
        </div>
      ) : null}
    </>
  );
}
