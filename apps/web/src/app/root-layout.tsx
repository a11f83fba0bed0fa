import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useSearchParams } from 'react-router';
import { ErrorDialogHost } from '@/components/error-dialog';
import { SIGN_IN_REQUIRED_EVENT } from '@/lib/sign-in-events';
import { UPGRADE_DIALOG_EVENT } from '@/lib/upgrade-events';
import { DeferredHost } from './deferred-host';
import { PRERENDERED_LANDING_ID } from './prerender/prerendered-landing';
import type { RouteHandle } from './route-handle';

const loadSignInDialog = () => import('@/features/auth/components/sign-in-dialog').then((m) => m.SignInDialog);
const loadUpgradeDialogHost = () =>
  import('@/features/billing/components/upgrade-dialog').then((m) => m.UpgradeDialogHost);

/**
 * Wraps every page. App-wide overlays (sign-in modal, error dialog host) are mounted here
 * so they work on every route. The sign-in modal and the upgrade dialog are chunks of their
 * own, loaded after the page (or at once when asked for), so a first visit paints without them.
 */
export function RootLayout() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // Started over the landing page's static copy, which the visitor is already scrolling (or the
  // browser is scrolling to its #section): the router takes over the scroll from the first
  // navigation on, so starting the app never moves the page.
  const [startedOverCopyAt] = useState(() => (document.getElementById(PRERENDERED_LANDING_ID) ? location.key : null));
  const isScrollRestored = startedOverCopyAt === null || location.key !== startedOverCopyAt;
  const isForProspects = useMatches().some(
    (match) => (match.handle as RouteHandle | undefined)?.isForProspects === true,
  );
  return (
    <>
      <Outlet />
      {/* Keyed by path: a fresh page load opens at the top, back/forward restores. */}
      {isScrollRestored ? <ScrollRestoration getKey={(entry) => entry.pathname} /> : null}
      <ErrorDialogHost />
      <DeferredHost
        load={loadSignInDialog}
        eventName={SIGN_IN_REQUIRED_EVENT}
        isNeededNow={searchParams.get('signin') === '1'}
        isLoadedWhenIdle={!isForProspects}
      />
      <DeferredHost
        load={loadUpgradeDialogHost}
        eventName={UPGRADE_DIALOG_EVENT}
        isNeededNow={searchParams.get('upgrade_success') === 'true'}
        isLoadedWhenIdle={!isForProspects}
      />
    </>
  );
}
