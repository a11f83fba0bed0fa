import { classifyScreen, isCompactViewport, type ScreenClass } from '@agentry/core/workspace-nav';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The screen class (mobile < 768 <= tablet < 1024 <= desktop) and compact mode (below 1024x768). */
export function useViewport(): { screen: ScreenClass; isCompact: boolean } {
  const width = useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );
  const height = useSyncExternalStore(
    subscribe,
    () => window.innerHeight,
    () => 800,
  );
  return { screen: classifyScreen(width), isCompact: isCompactViewport(width, height) };
}
