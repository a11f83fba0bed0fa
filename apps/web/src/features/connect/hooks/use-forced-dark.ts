import { useLayoutEffect } from 'react';

/**
 * docs/product/accounts-and-team.md#account-area-connectid, Theme: account-level (connect) pages are forced dark. The class goes on <html> so
 * dialogs and menus (portalled to <body>) are dark too; leaving restores what was there, and the
 * user's saved workspace theme is never touched.
 */
export function useForcedDark() {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const wasDark = root.classList.contains('dark');
    root.classList.add('dark');
    return () => {
      if (!wasDark) root.classList.remove('dark');
    };
  }, []);
}
