import { PricingSection } from '@/features/billing/components/pricing-section';
import { MarketingLayout } from '@/features/marketing/components/marketing-layout';

/** `/offers`: the secret pricing page with its three fixed offers (monthly only) and the legacy plans. */
export function OffersPage() {
  return (
    <MarketingLayout>
      <title>Private offers — Agentry</title>
      <meta name="robots" content="noindex" />
      <PricingSection variant="secret" />
    </MarketingLayout>
  );
}
