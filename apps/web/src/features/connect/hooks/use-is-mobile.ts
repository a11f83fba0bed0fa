import { useSyncExternalStore } from 'react';

/** Below 768 px the sidebar becomes a drawer (docs/product/README.md#screen-sizes: mobile under 768). */
export const MOBILE_MAX_WIDTH = 767;

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** True while the window is at most `maxWidth` wide (default: the mobile class, under 768 px). */
export function useIsMobile(maxWidth: number = MOBILE_MAX_WIDTH): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth <= maxWidth,
    () => false,
  );
}
