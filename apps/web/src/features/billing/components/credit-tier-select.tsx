import {
  CREDIT_TIER_BONUS,
  CREDIT_TIER_BONUS_LABEL,
  formatCredits,
  formatMoney,
  type BillingInterval,
} from '@agentry/core/plans';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { CreditTier } from '../lib/pricing-plans';
import { formatYearlyPerMonth } from '../lib/price-format';

/** '3k credits', '500 credits': 1,000 or more abbreviated with 'k'. */
export function creditTierLabel(tier: Pick<CreditTier, 'credits'>) {
  return `${formatCredits(tier.credits)} credits`;
}

/** A tier's price in the selector: the monthly price, or the yearly total / 12 with '/mo'. */
export function creditTierPrice(tier: Pick<CreditTier, 'priceCents'>, interval: BillingInterval) {
  return interval === 'year' ? `${formatYearlyPerMonth(tier.priceCents)}/mo` : formatMoney(tier.priceCents);
}

/** The bonus display: 1,000 credits that never expire, labelled 'FOREVER'. */
export function BonusCredits({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent',
        className,
      )}
    >
      +{formatCredits(CREDIT_TIER_BONUS)} <span className="tracking-wider">{CREDIT_TIER_BONUS_LABEL}</span>
    </span>
  );
}

type CreditTierSelectProps = {
  tiers: readonly CreditTier[];
  value: string | undefined;
  onValueChange: (id: string) => void;
  interval: BillingInterval;
  /** Names the control: '{plan} credits per month'. */
  label: string;
  /** Classes for the trigger (marketing cards sit on a dark surface). */
  triggerClassName?: string;
  contentClassName?: string;
  disabled?: boolean;
};

/** docs/product/billing-and-credits.md#plans, credit-tier dropdown: pick a credit pack for a plan. */
export function CreditTierSelect({
  tiers,
  value,
  onValueChange,
  interval,
  label,
  triggerClassName,
  contentClassName,
  disabled,
}: CreditTierSelectProps) {
  const selected = tiers.find((tier) => tier.id === value) ?? tiers[0];
  if (!selected) return null;
  const hasBonus = selected.bonusCredits > 0;

  if (tiers.length === 1) {
    return (
      <div
        aria-label={label}
        role="group"
        className={cn(
          'flex min-h-11 flex-wrap items-center gap-2 rounded-[var(--radius-control)] border border-border px-3 py-2 text-sm',
          triggerClassName,
        )}
      >
        <span>{creditTierLabel(selected)}</span>
        {hasBonus ? <BonusCredits /> : null}
      </div>
    );
  }

  return (
    <Select value={selected.id} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger aria-label={label} className={cn('h-11', triggerClassName)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        {tiers.map((tier) => (
          <SelectItem key={tier.id} value={tier.id}>
            {creditTierLabel(tier)} · {creditTierPrice(tier, interval)}
            {tier.bonusCredits > 0 ? ` + ${formatCredits(CREDIT_TIER_BONUS)} ${CREDIT_TIER_BONUS_LABEL}` : ''}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
