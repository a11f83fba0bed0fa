import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api';
import { handleApiError } from '@/lib/http-errors';

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
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only what may pass on a second try.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" richColors closeButton visibleToasts={1} />
    </QueryClientProvider>
  );
}
