import { useLayoutEffect } from 'react';

/**
 * The id of the landing page's static copy in the built landing.html (written at build time
 * by scripts/prerender-landing.mjs): a first visit paints it before any script has run.
 */
export const PRERENDERED_LANDING_ID = 'landing-prerender';

/**
 * The attribute the landing's boot script sets on the copy: the position (child indexes below
 * the copy's root element, joined by dots) of a button clicked before the app ran.
 */
export const PENDING_CLICK_ATTRIBUTE = 'data-pending-click';

/** The element at a position (child indexes joined by dots) below a root, or null. */
function elementAt(root: Element, path: string): Element | null {
  let node: Element | null = root;
  for (const step of path.split('.')) {
    if (!node || step === '') return null;
    node = node.children.item(Number(step));
  }
  return node;
}

/** The position of an element below a root (child indexes joined by dots), or null when it is not inside. */
function pathOf(root: Element, element: Element): string | null {
  const steps: number[] = [];
  let node: Element | null = element;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    steps.unshift(Array.from(parent.children).indexOf(node));
    node = parent;
  }
  return node === root ? steps.join('.') : null;
}

/** The live page's counterpart of an element of the copy: same position, same tag and same text. */
function counterpartOf(copy: Element, live: Element, path: string | null): HTMLElement | null {
  if (path === null) return null;
  const original = elementAt(copy, path);
  const counterpart = elementAt(live, path);
  if (!(original instanceof HTMLElement) || !(counterpart instanceof HTMLElement)) return null;
  if (original.tagName !== counterpart.tagName) return null;
  return counterpart;
}

/**
 * Replaces the static copy with the live landing page once the live page shows what the copy
 * shows (`isReady`: the sign-in state is known, so its buttons are the copy's buttons). Until
 * then the live page renders hidden (the stylesheet hides #root while the copy is there). The
 * swap happens before the browser paints again, so the visitor sees one page throughout; the
 * element that had keyboard focus keeps it, and a button clicked before the app ran is clicked
 * again on the live page.
 */
export function useRemovePrerenderedLanding(isReady: boolean) {
  useLayoutEffect(() => {
    const copy = document.getElementById(PRERENDERED_LANDING_ID);
    if (!copy || !isReady) return;
    const live = copy.parentElement?.querySelector(':scope > #root');
    const copyRoot = copy.firstElementChild;
    const liveRoot = live?.firstElementChild;
    const focused = document.activeElement;
    const pendingClick = copy.getAttribute(PENDING_CLICK_ATTRIBUTE);
    const toFocus =
      copyRoot && liveRoot && focused && copy.contains(focused)
        ? counterpartOf(copyRoot, liveRoot, pathOf(copyRoot, focused))
        : null;
    const toClick =
      copyRoot && liveRoot && pendingClick !== null ? counterpartOf(copyRoot, liveRoot, pendingClick) : null;
    const scrollY = window.scrollY;
    copy.remove();
    if (window.scrollY !== scrollY) window.scrollTo({ top: scrollY, behavior: 'instant' });
    toFocus?.focus({ preventScroll: true });
    toClick?.click();
  }, [isReady]);
}
