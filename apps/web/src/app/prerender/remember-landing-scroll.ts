import { PRERENDERED_LANDING_ID } from './prerendered-landing';

/** Where the router's scroll restoration keeps the scroll position of each path (per tab). */
export const SCROLL_POSITIONS_STORAGE_KEY = 'agentry:scroll-positions';

function save() {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_STORAGE_KEY) ?? '{}');
    const positions = typeof saved === 'object' && saved !== null ? saved : {};
    sessionStorage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify({ ...positions, '/': window.scrollY }));
  } catch {
    // Storage may be unavailable (private mode): the page then opens at the top, as before.
  }
}

/**
 * While the landing page's static copy is on screen, its scroll position is kept where the
 * router's scroll restoration reads it when the app starts: a visitor who scrolled the copy
 * (which is what starts the app) stays where they are instead of being sent back to the top.
 */
export function rememberLandingScroll() {
  if (!document.getElementById(PRERENDERED_LANDING_ID)) return;
  save();
  const onScroll = () => {
    if (document.getElementById(PRERENDERED_LANDING_ID)) save();
    else window.removeEventListener('scroll', onScroll);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
}
