import { useState } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { LockedSubaccountBanner } from '@/components/locked-subaccount-banner';
import { ErrorState } from '@/components/ui/error-state';
import { SheetContent, Sheet, SheetTitle } from '@/components/ui/sheet';
import { SubaccountLockModal } from '@/features/billing/components/subaccount-lock-modal';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { selectSubaccount, useSession } from '@/lib/session';
import { subaccountIdFromPath, useSubaccountThemeSync } from '@/lib/theme';
import { useViewport } from './use-viewport';
import { WorkspaceHeader } from './workspace-header';
import { SidebarContent } from './workspace-sidebar';
import { WorkspaceSkeleton } from './workspace-skeleton';

/** Where a signed-out visitor goes: the landing page opens its sign-in modal from this query. */
export function signInRedirectPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  const callbackUrl = `${location.pathname}${location.search}${location.hash}`;
  return `/?${new URLSearchParams({ signin: '1', callbackUrl }).toString()}`;
}

/** The signed-in workspace: needs a session; shows the layout's skeleton while it loads. */
export function WorkspaceLayout() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <WorkspaceSkeleton />;
  if (session.isError) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background px-4">
        <ErrorState
          title="Your workspace could not load"
          message={session.error instanceof ApiError ? session.error.message : 'Unable to connect to the service.'}
          onRetry={() => void session.refetch()}
          isRetrying={session.isFetching}
        />
      </main>
    );
  }
  if (!session.data) return <Navigate replace to={signInRedirectPath(location)} />;
  return <WorkspaceShell pathname={location.pathname} />;
}

function WorkspaceShell({ pathname }: { pathname: string }) {
  const { screen, isCompact } = useViewport();
  const isMobile = screen === 'mobile';
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isRailMenuOpen, setIsRailMenuOpen] = useState(false);
  useSubaccountThemeSync(subaccountIdFromPath(pathname));

  // A route change (including back/forward) closes the drawer.
  const [drawerPathname, setDrawerPathname] = useState(pathname);
  if (drawerPathname !== pathname) {
    setDrawerPathname(pathname);
    setIsDrawerOpen(false);
  }

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <a
        href="#workspace-main"
        className="sr-only z-50 rounded-[var(--radius-control)] bg-card px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>

      {isMobile ? (
        <Sheet open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
          <SheetContent
            side="left"
            aria-describedby={undefined}
            className="w-[280px] max-w-[calc(100vw-2rem)] gap-0 p-0"
          >
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SidebarContent
              mode="drawer"
              pathname={pathname}
              isCompact={isCompact}
              onNavigate={() => setIsDrawerOpen(false)}
            />
          </SheetContent>
        </Sheet>
      ) : (
        <aside
          aria-label="Sidebar"
          data-expanded={isRailMenuOpen}
          className={cn(
            'group/sidebar fixed inset-y-0 left-0 z-40 w-[70px] overflow-hidden border-r border-border bg-card transition-[width,box-shadow] duration-200 ease-out',
            'hover:w-[240px] hover:shadow-xl has-[:focus-visible]:w-[240px] has-[:focus-visible]:shadow-xl data-[expanded=true]:w-[240px] data-[expanded=true]:shadow-xl',
          )}
        >
          <div className="h-full w-[240px]">
            <SidebarContent
              mode="rail"
              pathname={pathname}
              isCompact={isCompact}
              onMenuOpenChange={setIsRailMenuOpen}
            />
          </div>
        </aside>
      )}

      <div className={cn('flex min-h-dvh flex-col', !isMobile && 'pl-[70px]')}>
        <WorkspaceHeader
          pathname={pathname}
          isCompact={isCompact}
          onOpenMenu={isMobile ? () => setIsDrawerOpen(true) : undefined}
          isMenuOpen={isDrawerOpen}
        />
        <main id="workspace-main" tabIndex={-1} className="flex-1 outline-none">
          <ActiveLockBanner />
          <Outlet />
        </main>
        <SubaccountLockModal />
      </div>
    </div>
  );
}

/** The workspace pages work in the active sub account: say so when it is locked. */
function ActiveLockBanner() {
  const { data: session } = useSession();
  const active = session ? selectSubaccount(session) : null;
  return active?.isLocked ? <LockedSubaccountBanner subaccount={active} /> : null;
}
