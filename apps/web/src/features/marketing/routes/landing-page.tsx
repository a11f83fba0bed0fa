import { CommunitySection } from '../components/community-section';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { IntegrationsSection } from '../components/integrations-section';
import { MarketingLayout } from '../components/marketing-layout';
import { PricingSection } from '../components/pricing-section';
import { useLandingScrollTarget } from '../hooks/use-landing-scroll-target';

/** `/`: the marketing landing page with #integrations, #pricing, #faq and #community. */
export function LandingPage() {
  useLandingScrollTarget();
  return (
    <MarketingLayout>
      <title>Agentry — AI agents for agencies</title>
      <HeroSection />
      <FeaturesSection />
      <IntegrationsSection />
      <PricingSection />
      <FaqSection />
      <CommunitySection />
    </MarketingLayout>
  );
}
