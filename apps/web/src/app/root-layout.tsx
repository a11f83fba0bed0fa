import { Outlet, ScrollRestoration } from 'react-router';
import { ErrorDialogHost } from '@/components/error-dialog';
import { SignInDialog } from '@/features/auth/components/sign-in-dialog';
import { UpgradeDialogHost } from '@/features/billing/components/upgrade-dialog';

/**
 * Wraps every page. App-wide overlays (sign-in modal, error dialog host) are mounted here
 * so they work on every route.
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      {/* Keyed by path: a fresh page load opens at the top, back/forward restores. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
      <ErrorDialogHost />
      <SignInDialog />
      <UpgradeDialogHost />
    </>
  );
}
