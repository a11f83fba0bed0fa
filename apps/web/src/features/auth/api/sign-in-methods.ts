import { SignInMethodsReply } from '@agentry/core/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/auth/methods: which sign-in methods the server offers (Google only with its keys). */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['auth', 'sign-in-methods'],
    queryFn: async ({ signal }) =>
      SignInMethodsReply.parse(await apiRequest<unknown>('/api/auth/methods', { signal, silentUnauthorized: true })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
