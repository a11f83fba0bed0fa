import {
  ANNUAL_DISCOUNT_PERCENT,
  FEATURED_PLAN_BADGE,
  formatMoney,
  listCreditPacks,
  type BillingInterval,
  type PlanFamilyDefinition,
} from '@agentry/core/plans';
import { Check, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { SALES_EMAIL } from '../lib/contact';
import { formatMonthlyAnchor, formatPricePerCredit, formatYearlyPerMonth } from '../lib/price-format';

const PERIOD_LABEL = 'MONTH';

type PlanCardProps = {
  plan: PlanFamilyDefinition;
  interval: BillingInterval;
  onCheckout: (input: { family: PlanFamilyDefinition['family']; tierCode: string; interval: BillingInterval }) => void;
};

/** One pricing card (billing spec, "Pricing screen"). */
export function PlanCard({ plan, interval, onCheckout }: PlanCardProps) {
  const headingId = useId();
  const packs = plan.tiers.length > 0 ? listCreditPacks(plan.family, interval) : [];
  const defaultTierCode = packs.find((pack) => pack.isDefault)?.tierCode ?? packs[0]?.tierCode;
  const [tierCode, setTierCode] = useState(defaultTierCode);
  const pack = packs.find((entry) => entry.tierCode === tierCode) ?? packs[0];
  const tier = plan.tiers.find((entry) => entry.tierCode === pack?.tierCode);
  const isYearly = interval === 'year';

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border p-6 transition-colors duration-150',
        plan.isFeatured
          ? 'border-accent/60 bg-gradient-to-b from-brand/25 via-white/[0.04] to-white/[0.02] shadow-[0_0_0_1px_rgb(67_192_184/0.25),0_24px_60px_-24px_rgb(67_192_184/0.45)]'
          : 'border-white/10 bg-white/[0.03] hover:border-white/20',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-white">
          {plan.name}
        </h3>
        {plan.isFeatured ? (
          <Badge className="border-transparent bg-accent text-ink">
            <Sparkles aria-hidden />
            {FEATURED_PLAN_BADGE}
          </Badge>
        ) : null}
      </div>
      <p className="mt-2 text-sm leading-relaxed text-white/60 md:min-h-[4.25rem]">{plan.description}</p>

      <div className="mt-6">
        {pack && tier ? (
          <>
            <p className="flex items-baseline gap-2 whitespace-nowrap">
              <span className="text-4xl font-semibold tracking-tight text-white xl:text-[2rem]">
                {isYearly ? formatYearlyPerMonth(pack.priceCents) : formatMoney(pack.priceCents)}
              </span>
              <span className="text-xs font-semibold tracking-wider text-white/50">
                <span aria-hidden>/ </span>
                <span className="sr-only">per </span>
                {PERIOD_LABEL}
              </span>
            </p>
            <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm text-white/55">
              {isYearly ? (
                <>
                  <s className="text-white/40">
                    <span className="sr-only">Regular price </span>
                    {formatMonthlyAnchor(tier.annualListPriceCents / 12)}
                  </s>
                  <span className="font-medium text-accent">Billed yearly</span>
                </>
              ) : (
                <span>Billed monthly</span>
              )}
            </p>
            <p className="mt-1 text-xs text-white/45">{isYearly ? `${formatMoney(pack.priceCents)} per year` : `Save ${ANNUAL_DISCOUNT_PERCENT}% with annual billing`}</p>
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
        {pack ? (
          <>
            <Select value={pack.tierCode} onValueChange={setTierCode}>
              <SelectTrigger aria-label={`${plan.name} credits per month`} className="h-11 border-white/15 bg-white/5 text-white">
                <SelectValue />
              </SelectTrigger>
              <SelectContent className="dark">
                {packs.map((entry) => (
                  <SelectItem key={entry.tierCode} value={entry.tierCode}>
                    {entry.label} · {isYearly ? `${formatYearlyPerMonth(entry.priceCents)}/mo` : formatMoney(entry.priceCents)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="mt-2 text-xs text-white/45">
              {formatPricePerCredit(pack.pricePerCredit)} per credit{pack.savings > 0 ? ` · save ${pack.savings}%` : ''}
            </p>
          </>
        ) : (
          <div className="flex h-11 items-center rounded-[var(--radius-control)] border border-dashed border-white/15 px-3 text-sm text-white/60">
            Custom credit volume
          </div>
        )}
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
        {pack ? (
          <Button
            size="lg"
            className={cn('w-full text-sm', plan.isFeatured ? 'bg-accent text-ink hover:bg-accent/90' : 'bg-white/10 text-white hover:bg-white/15')}
            onClick={() => onCheckout({ family: plan.family, tierCode: pack.tierCode, interval })}
          >
            Choose {plan.name}
          </Button>
        ) : (
          <a href={`mailto:${SALES_EMAIL}`} className={cn(buttonVariants({ size: 'lg' }), 'w-full border border-white/15 bg-transparent text-sm text-white hover:bg-white/10')}>
            Talk to Sales
          </a>
        )}
      </div>
    </article>
  );
}
