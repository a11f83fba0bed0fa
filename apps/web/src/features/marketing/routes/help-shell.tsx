import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { requestSignIn } from '@/lib/sign-in-events';
import { AgentryLogo } from '@/components/agentry-logo';

const titles: Record<string, string> = {
  '/howitworks': 'Video Guides',
  '/support': 'Support Center',
  '/affiliate': 'Affiliate Program',
};

/**
 * The landing page links to the guides, support and the affiliate program: they are open to
 * everyone. Signed-in users see them inside their workspace; visitors in a light public frame.
 */
export function HelpShell({ signedInLayout }: { signedInLayout: ReactNode }) {
  const session = useSession();
  if (session.isPending)
    return (
      <div className="min-h-dvh bg-background" aria-busy="true" aria-label="Loading">
        <div className="flex h-16 items-center gap-3 border-b border-border px-4 sm:px-6">
          <Skeleton className="h-6 w-32" />
        </div>
      </div>
    );
  if (session.data) return <>{signedInLayout}</>;
  return <PublicHelpFrame />;
}

function PublicHelpFrame() {
  const location = useLocation();
  const title = titles[location.pathname] ?? 'Agentry';
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="sticky top-0 z-30 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Link
            to="/"
            aria-label="Agentry home"
            className="flex shrink-0 items-center rounded-[var(--radius-control)] focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            <AgentryLogo />
          </Link>
          <span className="h-5 w-px bg-border max-sm:hidden" aria-hidden />
          <h1 className="truncate text-base font-semibold max-sm:sr-only sm:text-lg">{title}</h1>
          <nav aria-label="Help" className="ml-auto flex items-center gap-1">
            <Button variant="ghost" asChild className="max-sm:hidden">
              <Link to="/#pricing">Pricing</Link>
            </Button>
            <Button onClick={() => requestSignIn({ reason: 'user', callbackUrl: location.pathname })}>Sign in</Button>
          </nav>
        </div>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
