import { AgentryMark } from '@/components/agentry-logo';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { requestSignIn } from '@/lib/sign-in-events';

type MarketplaceShellProps = {
  /** The workspace layout (it renders this route's children in its outlet). */
  signedInLayout: ReactNode;
};

/**
 * /marketplace is open to everyone (docs/product/marketplace.md#the-create-project-wizard: signed-out visitors browse and start the
 * wizard). Signed-in users see it inside their workspace; visitors get a light public frame.
 */
export function MarketplaceShell({ signedInLayout }: MarketplaceShellProps) {
  const session = useSession();
  if (session.isPending) return <MarketplaceShellSkeleton />;
  if (session.data) return <>{signedInLayout}</>;
  return <PublicMarketplaceFrame />;
}

function PublicMarketplaceFrame() {
  const location = useLocation();
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <a
        href="#marketplace-main"
        className="sr-only z-50 rounded-[var(--radius-control)] bg-card px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-[var(--radius-control)] font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4"
            aria-label="Agentry home"
          >
            <AgentryMark />
            <span className="max-sm:sr-only">Agentry</span>
          </Link>
          <span className="h-5 w-px bg-border max-sm:hidden" aria-hidden />
          <h1 className="truncate text-base font-semibold sm:text-lg">AI Marketplace</h1>
          <nav aria-label="Marketplace" className="ml-auto flex items-center gap-1">
            <Button variant="ghost" asChild className="max-sm:hidden">
              <Link to="/#pricing">Pricing</Link>
            </Button>
            <Button
              onClick={() => requestSignIn({ reason: 'user', callbackUrl: `${location.pathname}${location.search}` })}
            >
              Sign in
            </Button>
          </nav>
        </div>
      </header>
      <main id="marketplace-main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
    </div>
  );
}

function MarketplaceShellSkeleton() {
  return (
    <div className="min-h-dvh bg-background" aria-busy="true" aria-label="Loading the marketplace">
      <div className="flex h-16 items-center gap-3 border-b border-border px-4 sm:px-6">
        <Skeleton className="size-8 rounded-lg" />
        <Skeleton className="h-5 w-36" />
      </div>
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:px-6">
        <Skeleton className="h-10 w-full max-w-xl" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-72 rounded-[var(--radius-card)]" />
          ))}
        </div>
      </div>
    </div>
  );
}
