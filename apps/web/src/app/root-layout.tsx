import { Outlet, ScrollRestoration, useSearchParams } from 'react-router';
import { ErrorDialogHost } from '@/components/error-dialog';
import { SIGN_IN_REQUIRED_EVENT } from '@/lib/sign-in-events';
import { UPGRADE_DIALOG_EVENT } from '@/lib/upgrade-events';
import { DeferredHost } from './deferred-host';
import { SCROLL_POSITIONS_STORAGE_KEY } from './prerender/remember-landing-scroll';

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
  return (
    <>
      <Outlet />
      {/* Keyed by path: a fresh page load opens at the top, back/forward restores. */}
      <ScrollRestoration getKey={(location) => location.pathname} storageKey={SCROLL_POSITIONS_STORAGE_KEY} />
      <ErrorDialogHost />
      <DeferredHost
        load={loadSignInDialog}
        eventName={SIGN_IN_REQUIRED_EVENT}
        isNeededNow={searchParams.get('signin') === '1'}
      />
      <DeferredHost
        load={loadUpgradeDialogHost}
        eventName={UPGRADE_DIALOG_EVENT}
        isNeededNow={searchParams.get('upgrade_success') === 'true'}
      />
    </>
  );
}
