import { useLayoutEffect } from 'react';

/**
 * The id of the landing page's static copy in the built landing.html (written at build time
 * by scripts/prerender-landing.mjs): a first visit paints it before any script has run.
 */
export const PRERENDERED_LANDING_ID = 'landing-prerender';

/**
 * Once the live landing page is on screen, its static copy goes: both happen before the
 * browser paints again, so the visitor sees one page throughout.
 */
export function useRemovePrerenderedLanding() {
  useLayoutEffect(() => {
    document.getElementById(PRERENDERED_LANDING_ID)?.remove();
  }, []);
}
