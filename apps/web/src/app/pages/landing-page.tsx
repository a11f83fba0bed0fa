import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PricingSection } from '@/features/billing/components/pricing-section';
import { SecretOffersDialog } from '@/features/billing/components/secret-offers-dialog';
import { findPromotion } from '@/features/billing/lib/pricing-plans';
import { CommunitySection } from '@/features/marketing/components/community-section';
import { FaqSection } from '@/features/marketing/components/faq-section';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { IntegrationsSection } from '@/features/marketing/components/integrations-section';
import { MarketingLayout } from '@/features/marketing/components/marketing-layout';
import { useIsSignedIn } from '@/features/marketing/hooks/use-is-signed-in';
import { useLandingScrollTarget } from '@/features/marketing/hooks/use-landing-scroll-target';
import { PRERENDERED_LANDING_ID, useRemovePrerenderedLanding } from '../prerender/prerendered-landing';

/**
 * `/`: the marketing landing page with #integrations, #pricing, #faq and #community. The pricing
 * comes from billing: `?promo=growth69` shows the promotional mode, `?offers=secret` opens the
 * secret offers modal.
 */
export function LandingPage() {
  const { isChecking } = useIsSignedIn();
  // Started over the prerendered copy: the browser has shown the address's #section already.
  const [isOverCopy] = useState(
    () => typeof document !== 'undefined' && document.getElementById(PRERENDERED_LANDING_ID) !== null,
  );
  useRemovePrerenderedLanding(!isChecking);
  useLandingScrollTarget({ isArrivalShown: isOverCopy });
  const [searchParams, setSearchParams] = useSearchParams();
  const promotion = findPromotion(searchParams.get('promo'));
  const isSecretModalOpen = searchParams.get('offers') === 'secret';

  function closeSecretModal() {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('offers');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <MarketingLayout>
      <title>Agentry — AI agents for agencies</title>
      <HeroSection />
      <FeaturesSection />
      <IntegrationsSection />
      {promotion ? <PricingSection variant="promotional" promotion={promotion} /> : <PricingSection />}
      <FaqSection />
      <CommunitySection />
      <SecretOffersDialog open={isSecretModalOpen} onOpenChange={(open) => (open ? undefined : closeSecretModal())} />
    </MarketingLayout>
  );
}
