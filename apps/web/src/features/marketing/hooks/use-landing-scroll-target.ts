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
 *
 * `isArrivalShown`: the page the app starts over has already been scrolled to the arrival's
 * `#section` by the browser (the prerendered landing page), and the visitor may have scrolled
 * on since; that hash is not scrolled to again.
 */
export function useLandingScrollTarget({ isArrivalShown = false }: { isArrivalShown?: boolean } = {}) {
  const { hash } = useLocation();
  const [shownHash] = useState(() => (isArrivalShown ? hash : null));
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

  const hashTarget = hash === shownHash ? '' : decodeURIComponent(hash.slice(1));
  const target = isPricingRequested ? null : (pending ?? hashTarget);

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
