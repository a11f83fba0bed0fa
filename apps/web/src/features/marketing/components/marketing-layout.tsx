import type { ReactNode } from 'react';
import { MarketingFooter } from './marketing-footer';
import { MarketingHeader } from './marketing-header';

/**
 * Marketing pages always use the dark look, whatever the visitor's theme: the `dark` class
 * switches the semantic tokens for everything inside (design system components included).
 */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="dark flex min-h-dvh flex-col bg-ink text-white [color-scheme:dark]">
      <MarketingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}
