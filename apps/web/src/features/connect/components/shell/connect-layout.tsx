import { useQuery } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LockedSubaccountBanner } from '@/components/locked-subaccount-banner';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { subaccountThemeQuery } from '../../api/connect-api';
import { useForcedDark } from '../../hooks/use-forced-dark';
import { useIsMobile } from '../../hooks/use-is-mobile';
import { isSidebarSkipped } from '../../lib/connect-nav';
import { readableTextOn } from '../../lib/contrast';
import { ConnectSidebar } from './connect-sidebar';

type ConnectLayoutProps = {
  /** What an unknown or foreign connectId shows: the app's own 404 page. */
  notFound: ReactNode;
};

function signInPath(location: { pathname: string; search: string }) {
  return `/?${new URLSearchParams({ signin: '1', callbackUrl: `${location.pathname}${location.search}` }).toString()}`;
}

/**
 * The connect area (`/:connectId/...`, connectId = a sub account id): forced dark, the account
 * sidebar (a drawer on phones), tinted with the sub account's primary colour.
 */
export function ConnectLayout({ notFound }: ConnectLayoutProps) {
  useForcedDark();
  const session = useSession();
  const location = useLocation();
  const subaccountId = decodeURIComponent(location.pathname.split('/')[1] ?? '');

  if (session.isPending) return <ConnectSkeleton />;
  if (session.isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background px-4 text-foreground">
        <ErrorState
          title="Your account could not load"
          message={session.error instanceof ApiError ? session.error.message : 'Unable to connect to the service.'}
          onRetry={() => void session.refetch()}
          isRetrying={session.isFetching}
        />
      </main>
    );
  }
  if (!session.data) {
    // '/anything' alone is more likely a mistyped page than an account link: keep the 404 for it.
    const isAccountPage = location.pathname.split('/').filter(Boolean).length > 1;
    return isAccountPage ? <Navigate replace to={signInPath(location)} /> : <>{notFound}</>;
  }
  const subaccount = session.data.subaccounts.find((candidate) => candidate.id === subaccountId);
  // A missing sub account and one the user is not a member of look the same.
  if (!subaccount) return <>{notFound}</>;
  return <ConnectShell key={subaccount.id} subaccountId={subaccount.id} pathname={location.pathname} />;
}

function ConnectShell({ subaccountId, pathname }: { subaccountId: string; pathname: string }) {
  const { data: session } = useSession();
  const isMobile = useIsMobile();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setIsDrawerOpen(false);
  }
  const theme = useQuery(subaccountThemeQuery(subaccountId));
  const subaccount = session?.subaccounts.find((candidate) => candidate.id === subaccountId);
  if (!session || !subaccount) return null;

  const primary = theme.data?.primaryColor;
  const style = primary
    ? ({ '--primary': primary, '--ring': primary, '--primary-foreground': readableTextOn(primary) } as CSSProperties)
    : undefined;

  // docs/product/accounts-and-team.md#account-area-connectid: the sidebar is skipped for any path containing /sms/; the page draws its own frame.
  if (isSidebarSkipped(pathname)) {
    return (
      <div style={style} className="min-h-dvh bg-background text-foreground">
        <Outlet />
      </div>
    );
  }

  const sidebar = (
    <ConnectSidebar
      subaccount={subaccount}
      accounts={session.subaccounts}
      pathname={pathname}
      isLoading={false}
      onNavigate={() => setIsDrawerOpen(false)}
    />
  );

  return (
    <div style={style} className="min-h-dvh bg-background text-foreground">
      <a
        href="#connect-main"
        className="sr-only z-50 rounded-[var(--radius-control)] bg-card px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      {isMobile ? (
        <>
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-card/95 px-3 backdrop-blur">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Open menu"
              aria-expanded={isDrawerOpen}
              onClick={() => setIsDrawerOpen(true)}
            >
              <Menu aria-hidden />
            </Button>
            <span className="min-w-0 truncate text-sm font-semibold">{subaccount.name}</span>
          </header>
          <Sheet open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            <SheetContent
              side="left"
              aria-describedby={undefined}
              className="w-[288px] max-w-[calc(100vw-2rem)] gap-0 p-0"
            >
              <SheetTitle className="sr-only">Account menu</SheetTitle>
              <div style={style} className="h-full pt-10">
                {sidebar}
              </div>
            </SheetContent>
          </Sheet>
        </>
      ) : (
        <aside aria-label="Account sidebar" className="fixed inset-y-0 left-0 z-30 w-64 border-r border-border bg-card">
          {sidebar}
        </aside>
      )}
      <main id="connect-main" tabIndex={-1} className={isMobile ? 'outline-none' : 'pl-64 outline-none'}>
        {subaccount.isLocked ? <LockedSubaccountBanner subaccount={subaccount} /> : null}
        <Outlet />
      </main>
    </div>
  );
}

function ConnectSkeleton() {
  return (
    <div role="status" aria-label="Loading account" className="flex min-h-dvh bg-background">
      <div className="hidden w-64 shrink-0 flex-col gap-3 border-r border-border bg-card p-4 md:flex">
        <Skeleton className="h-14 w-full" />
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-9 w-full" />
        ))}
      </div>
      <div className="flex-1 p-6">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="mt-6 h-[60vh] w-full" />
      </div>
    </div>
  );
}
