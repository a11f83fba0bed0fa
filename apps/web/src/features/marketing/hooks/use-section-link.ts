import { useCallback, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from '../lib/sections';

/** A click that would follow the link in this tab (no modifier keys, main button). */
export function isPlainClick(event: MouseEvent<HTMLElement>) {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/**
 * Click handler for links to `/#section`: on the landing page it smooth-scrolls instead of
 * navigating; elsewhere the link navigates to `/#section` and the landing page scrolls there.
 */
export function useSectionLink() {
  const { pathname } = useLocation();
  const isOnLanding = pathname === '/';
  const onSectionClick = useCallback(
    (event: MouseEvent<HTMLElement>, id: string) => {
      if (!isOnLanding || !isPlainClick(event)) return;
      if (scrollToSection(id)) event.preventDefault();
    },
    [isOnLanding],
  );
  return { isOnLanding, onSectionClick };
}
