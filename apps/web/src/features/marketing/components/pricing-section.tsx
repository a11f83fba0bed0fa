import { ANNUAL_DISCOUNT_BADGE, planFamilies, type BillingInterval } from '@agentry/core/plans';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { requestSignIn } from '@/lib/sign-in-events';
import { useIsSignedIn } from '../hooks/use-is-signed-in';
import { PlanCard } from './plan-card';
import { SectionHeading } from './section-heading';

/** Where checkout happens (a later issue); signed-out visitors sign in first and land there. */
export const CHECKOUT_PATH = '/usage';

const hasYearlyPrice = planFamilies.some((plan) => plan.tiers.some((tier) => tier.annualPriceCents > 0));

export function PricingSection() {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const { isSignedIn } = useIsSignedIn();
  const navigate = useNavigate();

  function handleCheckout() {
    if (isSignedIn) void navigate(CHECKOUT_PATH);
    else requestSignIn({ reason: 'user', callbackUrl: CHECKOUT_PATH });
  }

  return (
    <section id="pricing" tabIndex={-1} aria-labelledby="pricing-heading" className="scroll-mt-20 py-16 outline-none sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="Simple, transparent pricing"
          description="Every plan includes a monthly credit allowance. Pick the credit pack that fits, and move up or down as your agency grows."
        />

        {hasYearlyPrice ? (
          <div className="mt-10 flex justify-center">
            <ToggleGroup
              type="single"
              value={interval}
              onValueChange={(value) => (value === 'month' || value === 'year' ? setBillingInterval(value) : undefined)}
              aria-label="Billing period"
              className="border-white/10 bg-white/5"
            >
              <ToggleGroupItem value="month" className="text-white/65 hover:text-white data-[state=on]:bg-white data-[state=on]:text-ink">
                Monthly
              </ToggleGroupItem>
              <ToggleGroupItem value="year" className="text-white/65 hover:text-white data-[state=on]:bg-white data-[state=on]:text-ink">
                Annually
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-ink">{ANNUAL_DISCOUNT_BADGE}</span>
              </ToggleGroupItem>
            </ToggleGroup>
          </div>
        ) : null}

        <div className="mt-10 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
          {planFamilies.map((plan) => (
            <PlanCard key={plan.family} plan={plan} interval={interval} onCheckout={handleCheckout} />
          ))}
        </div>

        <p className="mt-8 text-center text-sm text-white/50">
          Prices in USD. Upgrades bill immediately with prorated credits; downgrades take effect at the end of your billing period.
        </p>
      </div>
    </section>
  );
}
