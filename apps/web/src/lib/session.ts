import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MeReply } from '@agentry/core/auth';
import { ApiError, apiRequest } from './api';

export const sessionQueryKey = ['me'] as const;

/** The signed-in user and their sub accounts; `null` when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<MeReply>('/api/me', { signal, silentUnauthorized: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });
}

/** Logout per spec: clear local storage, sign out, return to /. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      localStorage.clear();
    } catch {
      // Storage may be unavailable (private mode); signing out still proceeds.
    }
    await apiRequest('/api/auth/sign-out', { method: 'POST', body: {}, silentUnauthorized: true }).catch(() => undefined);
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);
}
