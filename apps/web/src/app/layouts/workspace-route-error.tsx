import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError } from '@/lib/api';

/** A page of the workspace failed to load or render; the sidebar stays usable. */
export function WorkspaceRouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof ApiError
      ? error.message
      : 'This page could not be loaded. Check your connection and try again.';
  return (
    <div className="px-4 py-8 sm:px-6 lg:py-12">
      <ErrorState message={message} onRetry={() => window.location.reload()} />
    </div>
  );
}
