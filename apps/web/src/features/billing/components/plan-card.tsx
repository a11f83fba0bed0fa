import { FEATURED_PLAN_BADGE, formatMoney, type BillingInterval } from '@agentry/core/plans';
import { Check, ExternalLink, Sparkles, Tag } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { CheckoutState } from '../hooks/use-checkout';
import {
  COMING_SOON_LABEL,
  PERIOD_LABEL,
  type CreditTier,
  type DisplayPlan,
  type PlanPricing,
  type PricingVariant,
} from '../lib/pricing-plans';
import { formatMonthlyAnchor, formatPricePerCredit, formatYearlyPerMonth } from '../lib/price-format';
import { CreditTierSelect } from './credit-tier-select';

export type PlanCheckoutChoice = {
  plan: DisplayPlan;
  pricing: PlanPricing;
  tier: CreditTier | undefined;
  priceId: string;
};

type PlanCardProps = {
  plan: DisplayPlan;
  interval: BillingInterval;
  variant: PricingVariant;
  /** Live price ids are still loading: the button waits instead of saying 'Coming Soon'. */
  isPricingLoading?: boolean;
  checkout: CheckoutState;
  onCheckout: (choice: PlanCheckoutChoice) => void;
};

function checkoutLabel(plan: DisplayPlan, variant: PricingVariant) {
  if (variant === 'secretModal' && plan.buttonText) return plan.buttonText;
  return `Choose ${plan.name}`;
}

/** One pricing card (docs/product/billing-and-credits.md#plans, 'Pricing screen'); drawn for the dark marketing surface. */
export function PlanCard({ plan, interval, variant, isPricingLoading = false, checkout, onCheckout }: PlanCardProps) {
  const headingId = useId();
  const isYearly = interval === 'year' && plan.yearly !== null;
  const pricing = isYearly ? plan.yearly : plan.monthly;
  const tiers = pricing?.creditPacks ?? [];
  const defaultTierId = tiers.find((tier) => tier.isDefault)?.id ?? tiers[0]?.id;
  const [tierId, setTierId] = useState(defaultTierId);
  // The tiers change with the interval; keep the same pack position.
  const tier =
    tiers.find((entry) => entry.id === tierId) ??
    tiers.find((entry) => entry.tierCode !== null && tierId?.startsWith(entry.tierCode)) ??
    tiers[0];
  // A promotion or offer shows its own price; a plan shows the chosen pack's.
  const priceCents = pricing ? (plan.discountPercent || !tier ? pricing.priceCents : tier.priceCents) : undefined;
  const anchorCents = pricing
    ? plan.discountPercent || !tier
      ? pricing.originalPriceCents
      : tier.originalPriceCents
    : null;
  const priceId = tier?.priceId ?? pricing?.priceId ?? null;
  const isLoading = checkout.status === 'loading' && checkout.key === plan.key;
  const message = checkout.status === 'message' && checkout.key === plan.key ? checkout : null;
  const isFeatured = plan.isFeatured && variant === 'default';

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border p-6 transition-colors duration-150',
        isFeatured || plan.discountPercent
          ? 'border-accent/60 bg-gradient-to-b from-brand/25 via-white/[0.04] to-white/[0.02] shadow-[0_0_0_1px_rgb(67_192_184/0.25),0_24px_60px_-24px_rgb(67_192_184/0.45)]'
          : 'border-white/10 bg-white/[0.03] hover:border-white/20',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-white">
          {plan.name}
        </h3>
        {isFeatured ? (
          <Badge className="border-transparent bg-accent text-ink">
            <Sparkles aria-hidden />
            {FEATURED_PLAN_BADGE}
          </Badge>
        ) : null}
        {plan.discountPercent ? (
          <Badge className="border-transparent bg-amber-300 text-ink" data-testid="promo-badge">
            <Tag aria-hidden />
            {plan.discountPercent}% OFF
          </Badge>
        ) : null}
      </div>
      <p className="mt-2 text-sm leading-relaxed text-white/60 md:min-h-[4.25rem]">{plan.description}</p>

      <div className="mt-6">
        {pricing && priceCents !== undefined ? (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              {!isYearly && anchorCents ? (
                <s className="text-lg text-white/40">
                  <span className="sr-only">Regular price </span>
                  {formatMoney(anchorCents)}
                </s>
              ) : null}
              <span className="text-4xl font-semibold tracking-tight text-white xl:text-[2rem]">
                {isYearly ? formatYearlyPerMonth(priceCents) : formatMoney(priceCents)}
              </span>
              <span className="text-xs font-semibold tracking-wider text-white/50">
                <span aria-hidden>/ </span>
                <span className="sr-only">per </span>
                {plan.customPeriodLabel ?? PERIOD_LABEL}
              </span>
            </p>
            <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm text-white/55">
              {isYearly ? (
                <>
                  {anchorCents ? (
                    <s className="text-white/40">
                      <span className="sr-only">Regular price </span>
                      {formatMonthlyAnchor(anchorCents / 12)}
                    </s>
                  ) : null}
                  <span className="font-medium text-accent">Billed yearly</span>
                  {plan.yearlySaveLabel ? (
                    <span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-ink">
                      {plan.yearlySaveLabel}
                    </span>
                  ) : null}
                </>
              ) : plan.highlight ? (
                <span className="font-medium text-amber-200">{plan.highlight}</span>
              ) : (
                <span>{plan.mode === 'payment' ? 'Paid once' : 'Billed monthly'}</span>
              )}
            </p>
            {isYearly ? <p className="mt-1 text-xs text-white/45">{formatMoney(priceCents)} per year</p> : null}
          </>
        ) : (
          <>
            <p className="text-4xl font-semibold tracking-tight text-white xl:text-[2rem]">{plan.customPriceLabel}</p>
            <p className="mt-2 text-sm text-white/55">Custom volume and terms</p>
            <p className="mt-1 text-xs text-white/45">Tailored to your agency</p>
          </>
        )}
      </div>

      <div className="mt-5">
        {tier ? (
          <>
            <CreditTierSelect
              tiers={tiers}
              value={tier.id}
              onValueChange={setTierId}
              interval={isYearly ? 'year' : 'month'}
              label={`${plan.name} credits per month`}
              triggerClassName="border-white/15 bg-white/5 text-white"
              contentClassName="dark"
            />
            {tier.pricePerCredit > 0 ? (
              <p className="mt-2 text-xs text-white/45">
                {formatPricePerCredit(tier.pricePerCredit)} per credit
                {tier.savings > 0 ? ` · save ${tier.savings}%` : ''}
              </p>
            ) : null}
          </>
        ) : plan.isSalesLed ? (
          <div className="flex h-11 items-center rounded-[var(--radius-control)] border border-dashed border-white/15 px-3 text-sm text-white/60">
            Custom credit volume
          </div>
        ) : null}
      </div>

      <ul className="mt-6 grid gap-3 text-sm text-white/80">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-8">
        {priceId && pricing ? (
          <Button
            size="lg"
            aria-busy={isLoading}
            disabled={isLoading}
            className={cn(
              'w-full text-sm',
              isFeatured || plan.discountPercent
                ? 'bg-accent text-ink hover:bg-accent/90'
                : 'bg-white/10 text-white hover:bg-white/15',
            )}
            onClick={() => onCheckout({ plan, pricing, tier, priceId })}
          >
            {isLoading ? <Spinner /> : null}
            {checkoutLabel(plan, variant)}
          </Button>
        ) : isPricingLoading && !plan.isSalesLed ? (
          <Button size="lg" disabled className="w-full bg-white/10 text-sm text-white">
            <Spinner />
            {checkoutLabel(plan, variant)}
          </Button>
        ) : plan.cta ? (
          <a
            href={plan.cta.href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              buttonVariants({ size: 'lg' }),
              'w-full border border-white/15 bg-transparent text-sm text-white hover:bg-white/10',
            )}
          >
            {plan.cta.label}
            <ExternalLink aria-hidden />
          </a>
        ) : (
          <Button size="lg" disabled className="w-full bg-white/10 text-sm text-white">
            {COMING_SOON_LABEL}
          </Button>
        )}
        {message ? (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            data-kind={message.kind}
            className={cn(
              'mt-3 rounded-[var(--radius-control)] px-3 py-2 text-sm',
              message.kind === 'error' ? 'bg-red-500/15 text-red-200' : 'bg-amber-400/10 text-amber-100',
            )}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </article>
  );
}
