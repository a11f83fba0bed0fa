import { QueryClient } from '@tanstack/react-query';
import { queryDefaults } from '@/lib/query-defaults';

/** The query client of the shared demo's own page (src/demo-main.tsx). */
export function createSharedDemoQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The demo the page arrived with is fresh: no second request for it as the page mounts.
      queries: { ...queryDefaults, staleTime: 30_000 },
    },
  });
}
