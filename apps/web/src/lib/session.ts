import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MeReply, Subaccount } from '@agentry/core/auth';
import { ApiError, apiRequest } from './api';

export const sessionQueryKey = ['me'] as const;

/**
 * The sub account a screen works in: the one named (from the address) if the user belongs to
 * it, else null; without a name, the active one, else the user's first.
 */
export function selectSubaccount(
  session: Pick<MeReply, 'subaccounts' | 'activeSubaccountId'>,
  subaccountId?: string,
): Subaccount | null {
  if (subaccountId !== undefined) return session.subaccounts.find((candidate) => candidate.id === subaccountId) ?? null;
  return (
    session.subaccounts.find((candidate) => candidate.id === session.activeSubaccountId) ??
    session.subaccounts[0] ??
    null
  );
}

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

/** Logout: clear local storage, sign out, return to /. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      localStorage.clear();
    } catch {
      // Storage may be unavailable (private mode); signing out still proceeds.
    }
    await apiRequest('/api/auth/sign-out', { method: 'POST', body: {}, silentUnauthorized: true }).catch(
      () => undefined,
    );
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);
}
