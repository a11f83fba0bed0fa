/** The landing page's anchors (docs/product/accounts-and-team.md#workspace-shell, marketing header: /#integrations, #pricing, #faq, #community). */
export const landingSections = [
  { id: 'integrations', label: 'Integrations' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'faq', label: 'FAQ' },
  { id: 'community', label: 'Community' },
] as const;

export type LandingSectionId = (typeof landingSections)[number]['id'];

function prefersReducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls a landing section into view (smoothly unless reduced motion is asked for) and moves
 * keyboard focus to it, so the next Tab continues from there. Returns false when it is absent.
 */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
  return true;
}
