import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppToaster } from '@/components/ui/app-toaster';
import { handleApiError } from '@/lib/http-errors';
import { queryDefaults } from '@/lib/query-defaults';

function createQueryClient() {
  return new QueryClient({
    // Failed mutations toast through the one global handler; a mutation that shows its own
    // message opts out with `meta: { silentError: true }`.
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (mutation.meta?.silentError === true) return;
        handleApiError(error);
      },
    }),
    defaultOptions: { queries: queryDefaults },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
