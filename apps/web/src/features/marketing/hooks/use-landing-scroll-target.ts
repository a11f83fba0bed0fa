import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { scrollToSection } from '../lib/sections';

/**
 * On the landing page: scrolls to `#section` when arriving from another page, and to pricing
 * for `/?scrollToPricing=true` (that parameter is then removed so a reload stays put).
 */
export function useLandingScrollTarget() {
  const { hash } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const isPricingRequested = searchParams.get('scrollToPricing') === 'true';
  const target = isPricingRequested ? 'pricing' : decodeURIComponent(hash.slice(1));

  useEffect(() => {
    if (!target) return;
    // Wait one frame so the sections have their final layout before measuring.
    const frame = requestAnimationFrame(() => {
      scrollToSection(target);
      if (!isPricingRequested) return;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('scrollToPricing');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [target, isPricingRequested, setSearchParams]);
}
