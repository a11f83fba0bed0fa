import {
  describeProration,
  paymentErrorMessage,
  UPGRADE_FAILED_MESSAGE,
  type PreviewUpgradeReply,
} from '@agentry/core/billing';
import { PLAN_REQUIRED_MESSAGE } from '@agentry/core/error-messages';
import { formatCredits, formatMoney, type BillingInterval } from '@agentry/core/plans';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheckBig, Lock } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { onUpgradeDialogRequested, type UpgradeDialogRequest } from '@/lib/upgrade-events';
import { billingQueryKeys } from '../api/billing-query-keys';
import { createUpgradeCheckout, getSubscriptionDetails, planChangeMessages, previewUpgrade } from '../api/plan-change';
import { useCheckout } from '../hooks/use-checkout';
import { usePricingPlans } from '../hooks/use-pricing-plans';
import { useUpgradeReturn } from '../hooks/use-upgrade-return';
import { useUsage } from '../hooks/use-usage';
import { readCardErrorCode } from '../lib/plan-change-errors';
import { buildPlanOptions, findTierByPriceId, upgradeOfferOf, type PlanOptionTier } from '../lib/plan-options';
import { formatYearlyPerMonth } from '../lib/price-format';
import type { StatusBannerData } from './status-banner';
import { assignLocation } from '../lib/browser-navigation';

export const UPGRADE_DIALOG_TITLE = 'Upgrade to Unlock';
/** docs/product/billing-and-credits.md#checkout-and-plan-changes: the success view closes after 2 seconds. */
export const SUCCESS_VIEW_CLOSE_MS = 2000;
/** docs/product/billing-and-credits.md#checkout-and-plan-changes: a failed preview falls back to an estimated credit of 99 % of the current amount. */
export const ESTIMATED_CREDIT_SHARE = 0.99;

type View =
  | { kind: 'plans' }
  | { kind: 'confirm'; tier: PlanOptionTier; planName: string }
  | { kind: 'result'; banner: StatusBannerData };

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, 'Proration': the estimate when the preview fails; null when the current amount is unknown too. */
export function estimateUpgradeCredit(currentAmountMinor: number | null | undefined): number | null {
  if (typeof currentAmountMinor !== 'number' || !Number.isFinite(currentAmountMinor) || currentAmountMinor <= 0)
    return null;
  return Math.round(currentAmountMinor * ESTIMATED_CREDIT_SHARE) / 100;
}

/**
 * The app-wide 'Upgrade to Unlock' dialog (docs/product/billing-and-credits.md#checkout-and-plan-changes). Mount once in the root layout;
 * opens on `openUpgradeDialog()` and shows the success view after an upgrade returns here.
 */
export function UpgradeDialogHost() {
  const [request, setRequest] = useState<UpgradeDialogRequest | null>(null);
  const [view, setView] = useState<View>({ kind: 'plans' });
  const { pathname } = useLocation();

  useEffect(
    () =>
      onUpgradeDialogRequested((next) => {
        setView({ kind: 'plans' });
        setRequest(next);
      }),
    [],
  );

  // The usage page reports its own returns with a banner.
  const showResult = useCallback((banner: StatusBannerData) => {
    setView({ kind: 'result', banner });
    setRequest((current) => current ?? {});
  }, []);
  useUpgradeReturn({ enabled: pathname !== '/usage', onOutcome: showResult });

  useEffect(() => {
    if (view.kind !== 'result' || view.banner.type !== 'success') return;
    const timer = setTimeout(() => setRequest(null), SUCCESS_VIEW_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [view]);

  return (
    <Dialog open={request !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setRequest(null))}>
      {request ? (
        <DialogContent className="max-w-3xl">
          <UpgradeDialogBody request={request} view={view} onViewChange={setView} onClose={() => setRequest(null)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type BodyProps = { request: UpgradeDialogRequest; view: View; onViewChange: (view: View) => void; onClose: () => void };

function UpgradeDialogBody({ request, view, onViewChange, onClose }: BodyProps) {
  if (view.kind === 'result') {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="upgrade-result">
        <span
          className={
            view.banner.type === 'success'
              ? 'flex size-14 items-center justify-center rounded-full bg-green-500/10 text-green-600 dark:text-green-400'
              : 'flex size-14 items-center justify-center rounded-full bg-amber-500/10 text-amber-600'
          }
        >
          <CircleCheckBig className="size-7" aria-hidden />
        </span>
        <DialogTitle>{view.banner.title}</DialogTitle>
        <DialogDescription>{view.banner.description}</DialogDescription>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }
  return view.kind === 'confirm' ? (
    <UpgradeConfirm
      tier={view.tier}
      planName={view.planName}
      returnUrl={request.returnUrl}
      onBack={() => onViewChange({ kind: 'plans' })}
    />
  ) : (
    <UpgradePlans
      reason={request.reason}
      returnUrl={request.returnUrl}
      onChoose={(tier, planName) => onViewChange({ kind: 'confirm', tier, planName })}
    />
  );
}

type UpgradePlansProps = {
  reason?: string;
  returnUrl?: string;
  onChoose: (tier: PlanOptionTier, planName: string) => void;
};

function UpgradePlans({ reason, returnUrl, onChoose }: UpgradePlansProps) {
  const location = useLocation();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const pricing = usePricingPlans();
  const { data: session } = useSession();
  const details = useQuery({
    queryKey: billingQueryKeys.subscriptionDetails,
    queryFn: ({ signal }) => getSubscriptionDetails(signal),
    enabled: Boolean(session),
    retry: false,
  });
  const { balance } = useUsage({ enabled: Boolean(session) });
  const { state: checkout, startCheckout } = useCheckout({
    returnUrl: returnUrl ?? `${location.pathname}${location.search}${location.hash}`,
    onUpgradeFlow: () => undefined,
  });
  const hasSubscription = details.data?.hasSubscription === true;
  const options = buildPlanOptions({ live: pricing.data, interval }).filter((option) => !option.isSalesLed);
  const currentPriceId = balance?.currentPriceId ?? details.data?.priceId ?? null;
  const currentTier = findTierByPriceId(pricing.data, currentPriceId);
  const subscriber = hasSubscription
    ? {
        current: {
          priceId: currentPriceId,
          unitAmount: currentTier?.priceCents ?? details.data?.subscription?.amount ?? null,
          configuredLimit: currentTier?.credits ?? balance?.configuredLimit ?? 0,
        },
        family: currentTier?.family ?? null,
      }
    : null;

  return (
    <>
      <DialogHeader>
        <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Lock className="size-5" aria-hidden />
        </span>
        <DialogTitle>{UPGRADE_DIALOG_TITLE}</DialogTitle>
        <DialogDescription>{reason ?? PLAN_REQUIRED_MESSAGE}</DialogDescription>
      </DialogHeader>
      <div className="flex justify-center">
        <ToggleGroup
          type="single"
          value={interval}
          onValueChange={(value) => (value === 'month' || value === 'year' ? setBillingInterval(value) : undefined)}
          aria-label="Billing period"
        >
          <ToggleGroupItem value="month">Monthly</ToggleGroupItem>
          <ToggleGroupItem value="year">Yearly</ToggleGroupItem>
        </ToggleGroup>
      </div>
      {pricing.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-44 rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          {options.map((option) => {
            const offer = upgradeOfferOf(option, subscriber);
            if (!offer) return null;
            const { tier } = offer;
            const isCurrent = offer.kind === 'current';
            const isBelow = offer.kind === 'below';
            const key = `${option.family}-${interval}`;
            const message = checkout.status === 'message' && checkout.key === key ? checkout.text : null;
            return (
              <article
                key={key}
                aria-label={option.name}
                className="flex flex-col rounded-[var(--radius-card)] border border-border p-4"
              >
                <h3 className="font-semibold">{option.name}</h3>
                <p className="mt-1 text-2xl font-semibold tracking-tight">
                  {interval === 'year' ? formatYearlyPerMonth(tier.priceCents) : formatMoney(tier.priceCents)}
                  <span className="ml-1 text-xs font-medium text-muted-foreground">/ month</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {interval === 'year' ? 'Billed yearly' : 'Billed monthly'}
                </p>
                <p className="mt-2 text-sm">{formatCredits(tier.credits)} credits / month</p>
                <ul className="mt-2 grid gap-1 text-xs text-muted-foreground">
                  {option.highlightedBenefits.map((benefit) => (
                    <li key={benefit}>{benefit}</li>
                  ))}
                </ul>
                <div className="mt-auto pt-4">
                  <Button
                    className="w-full"
                    disabled={
                      isCurrent ||
                      isBelow ||
                      !tier.priceId ||
                      details.isLoading ||
                      (checkout.status === 'loading' && checkout.key === key)
                    }
                    onClick={() => {
                      if (!tier.priceId) return;
                      if (hasSubscription) onChoose(tier, option.name);
                      else void startCheckout({ key, priceId: tier.priceId, mode: 'subscription' });
                    }}
                  >
                    {checkout.status === 'loading' && checkout.key === key ? <Spinner /> : null}
                    {isCurrent
                      ? 'Current Plan'
                      : isBelow
                        ? 'Below your plan'
                        : !tier.priceId
                          ? 'Coming Soon'
                          : `Choose ${option.name}`}
                  </Button>
                  {message ? (
                    <p
                      role={checkout.status === 'message' && checkout.kind === 'error' ? 'alert' : 'status'}
                      className="mt-2 text-xs text-muted-foreground"
                    >
                      {message}
                    </p>
                  ) : null}
                </div>
              </article>
            );
          })}
        </div>
      )}
    </>
  );
}

type ConfirmProps = { tier: PlanOptionTier; planName: string; returnUrl?: string; onBack: () => void };

/** docs/product/billing-and-credits.md#checkout-and-plan-changes: calculating, confirming, processing, then the checkout (or an error). */
function UpgradeConfirm({ tier, planName, returnUrl, onBack }: ConfirmProps) {
  const location = useLocation();
  const priceId = tier.priceId ?? '';
  const preview = useQuery({
    queryKey: billingQueryKeys.preview(priceId),
    queryFn: ({ signal }) => previewUpgrade(priceId, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const details = useQuery({
    queryKey: billingQueryKeys.subscriptionDetails,
    queryFn: ({ signal }) => getSubscriptionDetails(signal),
    retry: false,
  });
  const upgrade = useMutation({
    meta: { silentError: true },
    mutationFn: () =>
      createUpgradeCheckout({
        newPriceId: priceId,
        returnUrl: new URL(returnUrl ?? `${location.pathname}${location.search}`, window.location.origin).toString(),
        path: '/api/stripe/create-upgrade-checkout',
      }),
    onSuccess: (url) => assignLocation(url),
  });
  const upgradeError = upgrade.error
    ? upgrade.error instanceof ApiError
      ? paymentErrorMessage(readCardErrorCode(upgrade.error.body))
      : upgrade.error.message === planChangeMessages.noRedirect
        ? planChangeMessages.noRedirect
        : UPGRADE_FAILED_MESSAGE
    : null;
  const estimate = preview.isError ? estimateUpgradeCredit(details.data?.subscription?.amount) : null;
  const isCalculating = preview.isLoading;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{UPGRADE_DIALOG_TITLE}</DialogTitle>
        <DialogDescription>
          Upgrade to {planName} · {formatCredits(tier.credits)} credits / month. Upgrades bill immediately with prorated
          credits.
        </DialogDescription>
      </DialogHeader>
      <section
        aria-label="Proration"
        aria-busy={isCalculating}
        className="rounded-[var(--radius-card)] border border-border p-4 text-sm"
      >
        {isCalculating ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Calculating…
          </p>
        ) : preview.data ? (
          <PreviewLines preview={preview.data} />
        ) : estimate !== null ? (
          <p>
            Estimated credit for your current plan:{' '}
            <span className="font-semibold">{formatMoney(Math.round(estimate * 100))}</span> (estimate). The exact
            amount is shown at checkout.
          </p>
        ) : (
          <p role="alert" className="text-destructive">
            {planChangeMessages.prorationFailed}
          </p>
        )}
      </section>
      {upgradeError ? (
        <p
          role="alert"
          className="rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {upgradeError}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={upgrade.isPending}>
          ← Back
        </Button>
        <Button
          onClick={() => upgrade.mutate()}
          disabled={isCalculating || upgrade.isPending || !priceId}
          aria-busy={upgrade.isPending}
        >
          {upgrade.isPending ? <Spinner /> : null}
          {upgrade.isPending ? 'Processing…' : 'Confirm upgrade'}
        </Button>
      </DialogFooter>
    </>
  );
}

function PreviewLines({ preview }: { preview: PreviewUpgradeReply }) {
  const proration = describeProration(preview.proration);
  const money = (amount: number) =>
    `${formatMoney(Math.round(amount * 100), proration.currency)} ${proration.currency}`;
  return (
    <dl className="grid gap-1.5">
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Credit for unused time</dt>
        <dd className="tabular-nums">-{money(proration.creditAmount)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted-foreground">Days remaining</dt>
        <dd className="tabular-nums">{proration.daysRemaining}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-border pt-1.5 font-semibold">
        <dt>Total due now</dt>
        <dd className="tabular-nums">{money(proration.totalDueNow)}</dd>
      </div>
    </dl>
  );
}
