import { formatCredits, formatMoney, planChangeCardLabel, type BillingInterval } from '@agentry/core/plans';
import { Check, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { PlanOption, PlanOptionTier } from '../lib/plan-options';
import { SALES_FORM_URL } from '../lib/pricing-plans';
import { formatYearlyPerMonth } from '../lib/price-format';
import { CreditTierSelect } from './credit-tier-select';

export const CONTACT_SALES_LABEL = 'Contact Sales';
export const CURRENT_PLAN_LABEL = 'Current Plan';

type PlanChangeCardProps = {
  option: PlanOption;
  interval: BillingInterval;
  currentPriceId: string | null;
  /** The current plan's credit limit: cards label Upgrade / Downgrade / Switch Plan against it. */
  currentCreditLimit: number;
  /** What the current price costs per bill (null when unknown): with it the label follows what confirming does. */
  currentPriceCents: number | null;
  /** When a change scheduled for the renewal applies ('December 22, 2026'), when known. */
  renewalDate: string | null;
  isProcessing: boolean;
  /** The tier whose plan action is being decided (its button spins). */
  decidingTierId: string | null;
  onSelect: (tier: PlanOptionTier, option: PlanOption) => void;
  /** A pack was picked in the selector (the footer says when it is the active plan). */
  onTierPicked: (tier: PlanOptionTier) => void;
};

/** A card of the plan-change grid (docs/product/billing-and-credits.md#checkout-and-plan-changes, 'Plan-change modal'). */
export function PlanChangeCard({
  option,
  interval,
  currentPriceId,
  currentCreditLimit,
  currentPriceCents,
  renewalDate,
  isProcessing,
  decidingTierId,
  onSelect,
  onTierPicked,
}: PlanChangeCardProps) {
  const headingId = useId();
  const currentTier = option.tiers.find((tier) => tier.priceId !== null && tier.priceId === currentPriceId);
  const [tierId, setTierId] = useState(currentTier?.id ?? option.tiers[0]?.id);
  // The tiers change with the interval: keep the same pack.
  const tier =
    option.tiers.find((entry) => entry.id === tierId) ??
    option.tiers.find((entry) => tierId?.startsWith(`${entry.tierCode}_`)) ??
    option.tiers[0];
  const isCurrent = Boolean(tier?.priceId && tier.priceId === currentPriceId);
  const isDeciding = tier !== undefined && decidingTierId === tier.id;
  const change =
    tier && !isCurrent
      ? planChangeCardLabel(
          { priceId: currentPriceId, unitAmount: currentPriceCents, configuredLimit: currentCreditLimit },
          { priceId: tier.priceId, unitAmount: tier.priceCents, creditLimit: tier.credits },
        )
      : null;
  const label = change?.label ?? CURRENT_PLAN_LABEL;
  const timingNote = !change
    ? null
    : change.timing === 'now'
      ? 'Billed now · credits added at once'
      : `Starts ${renewalDate ?? 'at your renewal'} · credits arrive then`;
  const hasCurrentFamily = Boolean(currentTier);

  return (
    <article
      aria-labelledby={headingId}
      data-current={isCurrent}
      className={cn(
        'flex flex-col rounded-[var(--radius-card)] border bg-card p-5 transition-colors duration-150',
        hasCurrentFamily ? 'border-primary/60 ring-1 ring-primary/30' : 'border-border',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {option.name}
        </h3>
        {isCurrent ? <Badge variant="active">Active</Badge> : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground lg:min-h-[2.5rem]">{option.description}</p>

      <div className="mt-4">
        {tier ? (
          <p className="flex items-baseline gap-1.5">
            <span className="text-2xl font-semibold tracking-tight">
              {interval === 'year' ? formatYearlyPerMonth(tier.priceCents) : formatMoney(tier.priceCents)}
            </span>
            <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">/ month</span>
          </p>
        ) : (
          <p className="text-2xl font-semibold tracking-tight">Custom</p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">
          {tier
            ? interval === 'year'
              ? `Billed yearly · ${formatMoney(tier.priceCents)} per year`
              : 'Billed monthly'
            : 'Bulk credit deals'}
        </p>
      </div>

      {tier ? (
        <div className="mt-4">
          <CreditTierSelect
            tiers={option.tiers.map((entry) => ({
              id: entry.id,
              tierCode: entry.tierCode,
              credits: entry.credits,
              priceCents: entry.priceCents,
              originalPriceCents: null,
              pricePerCredit: 0,
              savings: 0,
              isDefault: false,
              priceId: entry.priceId,
              bonusCredits: 0,
            }))}
            value={tier.id}
            onValueChange={(id) => {
              setTierId(id);
              const picked = option.tiers.find((entry) => entry.id === id);
              if (picked) onTierPicked(picked);
            }}
            interval={interval}
            label={`${option.name} credit pack`}
            disabled={isProcessing}
          />
          <p className="mt-1.5 text-xs text-muted-foreground">{formatCredits(tier.credits)} credits every month</p>
        </div>
      ) : null}

      <ul className="mt-4 grid gap-2 text-sm">
        {option.highlightedBenefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2 font-medium">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {benefit}
          </li>
        ))}
        {option.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-muted-foreground">
            <Check className="mt-0.5 size-4 shrink-0 opacity-60" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-5">
        {option.isSalesLed ? (
          <a
            href={SALES_FORM_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
          >
            {CONTACT_SALES_LABEL}
            <ExternalLink aria-hidden />
          </a>
        ) : (
          <Button
            className="w-full"
            variant={isCurrent ? 'secondary' : label === 'Downgrade' ? 'outline' : 'default'}
            disabled={isCurrent || isProcessing || !tier || isDeciding}
            aria-label={`${label}: ${option.name}`}
            onClick={() => (tier ? onSelect(tier, option) : undefined)}
          >
            {isDeciding ? <Spinner /> : null}
            {label}
          </Button>
        )}
        {timingNote && !option.isSalesLed ? (
          <p className="mt-2 text-center text-xs text-muted-foreground" data-testid="plan-change-timing">
            {timingNote}
          </p>
        ) : null}
      </div>
    </article>
  );
}
