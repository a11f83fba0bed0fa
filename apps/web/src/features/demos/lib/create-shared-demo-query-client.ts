import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

/** The query client of the shared demo's own page (src/demo-main.tsx). */
export function createSharedDemoQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only what may pass on a second try.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        // The demo the page arrived with is fresh: no second request for it as the page mounts.
        staleTime: 30_000,
      },
    },
  });
}
