import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { scrollToSection } from '../lib/sections';

/**
 * On the landing page: scrolls to `#section` when arriving from another page, and to pricing
 * for `/?scrollToPricing=true` (the checkout's cancel address and "See plans").
 *
 * The parameter is removed first so a reload stays put, and the scroll waits for that address
 * change: the router's scroll restoration saves and restores the position of `/` on every
 * navigation, so a scroll started before the change was undone (the page landed at the top).
 */
export function useLandingScrollTarget() {
  const { hash } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const isPricingRequested = searchParams.get('scrollToPricing') === 'true';
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!isPricingRequested) return;
    setPending('pricing');
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('scrollToPricing');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [isPricingRequested, setSearchParams]);

  const target = isPricingRequested ? null : (pending ?? decodeURIComponent(hash.slice(1)));

  useEffect(() => {
    if (!target) return;
    // Wait one frame so the sections have their final layout before measuring.
    const frame = requestAnimationFrame(() => {
      scrollToSection(target);
      setPending(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
}
