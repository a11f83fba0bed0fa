import { ANNUAL_DISCOUNT_BADGE, type BillingInterval } from '@agentry/core/plans';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/cn';
import { useCheckout } from '../hooks/use-checkout';
import { usePricingPlans } from '../hooks/use-pricing-plans';
import {
  buildDefaultPlans,
  buildLegacyPlans,
  buildPromotionalPlans,
  buildSecretOffers,
  defaultCheckoutMode,
  hasYearlyPricing,
  type DisplayPlan,
  type PricingVariant,
  type Promotion,
} from '../lib/pricing-plans';
import { toastOutcome } from '../lib/outcome-toast';
import { PlanCard, type PlanCheckoutChoice } from './plan-card';

// Only a subscriber changing plans sees it: its chunk (and its libraries) loads on first use,
// not with the landing page.
const PlanChangeModal = lazy(() => import('./plan-change-modal').then((m) => ({ default: m.PlanChangeModal })));

export const PRICING_HEADING = 'Simple, transparent pricing';

function plansFor(
  variant: PricingVariant,
  live: Parameters<typeof buildDefaultPlans>[0],
  promotion: Promotion | undefined,
): DisplayPlan[] {
  if (variant === 'promotional' && promotion) return buildPromotionalPlans(live, promotion);
  if (variant === 'secret' || variant === 'secretModal') return buildSecretOffers(live);
  return buildDefaultPlans(live);
}

type PricingPlansProps = {
  variant?: PricingVariant;
  promotion?: Promotion;
  /** Card grid classes (the modal variant is narrower). */
  className?: string;
};

/**
 * The plan cards of every pricing variant with the Monthly/Annually toggle, the checkout flow and
 * (for a customer who already subscribes) the plan-change modal. Drawn for a dark surface.
 */
export function PricingPlans({ variant = 'default', promotion, className }: PricingPlansProps) {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [upgradePriceId, setUpgradePriceId] = useState<string | null>(null);
  // Mounted from the first opening on, so closing it animates like any dialog.
  const [hasOpenedPlanChange, setHasOpenedPlanChange] = useState(false);
  const live = usePricingPlans();
  const plans = plansFor(variant, live.data, promotion);
  // Legacy plans appear only in non-default variants; the promotion shows Growth alone.
  const legacy = variant === 'secret' || variant === 'secretModal' ? buildLegacyPlans(live.data) : [];
  // The secret offers are monthly only.
  const showToggle = hasYearlyPricing(plans) && variant !== 'secret' && variant !== 'secretModal';
  const shownInterval = showToggle ? interval : 'month';
  const onUpgradeFlow = useCallback((priceId: string) => {
    setHasOpenedPlanChange(true);
    setUpgradePriceId(priceId);
  }, []);
  const { state, startCheckout } = useCheckout({ onUpgradeFlow });

  function handleCheckout({ plan, pricing, priceId }: PlanCheckoutChoice) {
    void startCheckout({
      key: plan.key,
      priceId,
      mode: plan.mode ?? defaultCheckoutMode(plans),
      couponId: pricing.couponId,
      promoCode: plan.promoCode,
    });
  }

  const renderCards = (entries: DisplayPlan[]) =>
    entries.map((plan) => (
      <PlanCard
        key={`${plan.key}-${shownInterval}`}
        plan={plan}
        interval={shownInterval}
        variant={variant}
        isPricingLoading={live.isPending}
        checkout={state}
        onCheckout={handleCheckout}
      />
    ));

  return (
    <>
      {showToggle ? (
        <div className="flex justify-center">
          <ToggleGroup
            type="single"
            value={interval}
            onValueChange={(value) => (value === 'month' || value === 'year' ? setBillingInterval(value) : undefined)}
            aria-label="Billing period"
            className="border-white/10 bg-white/5"
          >
            <ToggleGroupItem
              value="month"
              className="text-white/65 hover:text-white data-[state=on]:bg-white data-[state=on]:text-ink"
            >
              Monthly
            </ToggleGroupItem>
            <ToggleGroupItem
              value="year"
              className="text-white/65 hover:text-white data-[state=on]:bg-white data-[state=on]:text-ink"
            >
              Annually
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-ink">
                {ANNUAL_DISCOUNT_BADGE}
              </span>
            </ToggleGroupItem>
          </ToggleGroup>
        </div>
      ) : null}

      <div
        className={cn(
          'mt-10 grid gap-5',
          plans.length === 1
            ? 'mx-auto max-w-sm'
            : plans.length === 3
              ? 'md:grid-cols-2 lg:grid-cols-3'
              : 'md:grid-cols-2 xl:grid-cols-4',
          className,
        )}
      >
        {renderCards(plans)}
      </div>

      {legacy.length > 0 ? (
        <div className="mt-12">
          <h3 className="text-center text-sm font-semibold uppercase tracking-[0.14em] text-white/50">Legacy plans</h3>
          <div className="mx-auto mt-5 grid max-w-3xl gap-5 md:grid-cols-2">{renderCards(legacy)}</div>
        </div>
      ) : null}

      {hasOpenedPlanChange ? (
        <Suspense fallback={null}>
          <PlanChangeModal
            open={upgradePriceId !== null}
            onOpenChange={(open) => (open ? undefined : setUpgradePriceId(null))}
            initialPriceId={upgradePriceId}
            onOutcome={toastOutcome}
          />
        </Suspense>
      ) : null}
    </>
  );
}

type PricingSectionProps = { variant?: Exclude<PricingVariant, 'secretModal'>; promotion?: Promotion };

/** The landing page's #pricing (docs/product/billing-and-credits.md#plans, 'Pricing screen'), default or promotional. */
export function PricingSection({ variant = 'default', promotion }: PricingSectionProps) {
  return (
    <section
      id="pricing"
      tabIndex={-1}
      aria-labelledby="pricing-heading"
      className="scroll-mt-20 py-16 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent">
            {variant === 'promotional' ? 'Limited offer' : variant === 'secret' ? 'Private offers' : 'Pricing'}
          </p>
          <h2 id="pricing-heading" className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
            {PRICING_HEADING}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-white/65 sm:text-lg">
            Every plan includes a monthly credit allowance. Pick the credit pack that fits, and move up or down as your
            agency grows.
          </p>
        </div>

        <PricingPlans variant={variant} promotion={promotion} />

        <p className="mt-8 text-center text-sm text-white/50">
          Prices in USD. Upgrades bill immediately with prorated credits; downgrades take effect at the end of your
          billing period.
        </p>
      </div>
    </section>
  );
}
