export type BootLandingOptions = {
  /** The id of the landing page's static copy. */
  containerId: string;
  /** The web app's entry script (its hashed URL). */
  entry: string;
  /** The scripts the entry imports at once: preloaded with it so they download in parallel. */
  preloads: readonly string[];
};

/**
 * The landing page's only script on a first visit, inlined into landing.html by the build: the
 * page is the prerendered copy and the app (React, the router, the workspace) starts only when
 * the visitor does something (moves the pointer, touches, scrolls, presses a key) or when the
 * address asks for something the copy cannot show (`?signin=1`, `?promo=...`: any parameter but
 * campaign tags such as `utm_source`). A click on one of the copy's buttons starts the app and
 * is remembered (`data-pending-click`: the button's position in the copy); the live page clicks
 * its own button at that position when it replaces the copy, so Sign in, Get started, the menu
 * and the plan buttons work from the first click. Links work as links without the app.
 *
 * Self-contained: the build inlines its source, so it may use nothing from outside itself.
 */
export function bootLanding(options: BootLandingOptions): void {
  const container = document.getElementById(options.containerId);
  const triggers = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'];
  let isStarted = false;

  function start() {
    if (isStarted) return;
    isStarted = true;
    for (const type of triggers) window.removeEventListener(type, start, true);
    for (const href of options.preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = options.entry;
    document.head.appendChild(script);
  }

  /** The element's position in the copy: child indexes from the copy's root element down. */
  function pathOf(root: Element, element: Element): string | null {
    const steps: number[] = [];
    let node: Element | null = element;
    while (node && node !== root) {
      const parent: Element | null = node.parentElement;
      if (!parent) return null;
      steps.unshift(Array.prototype.indexOf.call(parent.children, node));
      node = parent;
    }
    return node === root ? steps.join('.') : null;
  }

  if (!container) return;
  container.addEventListener(
    'click',
    (event) => {
      const root = container.firstElementChild;
      const target = event.target instanceof Element ? event.target.closest('button') : null;
      if (!root || !target || !root.contains(target)) return;
      const path = pathOf(root, target);
      if (path === null) return;
      event.preventDefault();
      container.setAttribute('data-pending-click', path);
      start();
    },
    true,
  );
  // Campaign tags (utm_*, click ids) ask nothing of the page; any other parameter may.
  const campaignTag = /^(utm_\w+|gclid|fbclid|msclkid|ref)$/;
  if ([...new URLSearchParams(window.location.search).keys()].some((key) => !campaignTag.test(key))) {
    start();
    return;
  }
  for (const type of triggers) window.addEventListener(type, start, { capture: true, passive: true });
}
