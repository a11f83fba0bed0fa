import { computeCreditMeter } from '@agentry/core/billing';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api';
import { fetchUsageOrThrow, USAGE_FETCH_FAILED, type LooseBalance, type UsageSnapshot } from '../api/usage';
import { UsagePoller, type UsagePollerState } from '../lib/usage-poller';

// One poller per query client: the account menu, the usage page and the success page share it,
// and a sign-out (which clears the client) or a test (a fresh client) starts from nothing.
const pollers = new WeakMap<QueryClient, UsagePoller<UsageSnapshot>>();

export function getUsagePoller(queryClient: QueryClient) {
  let poller = pollers.get(queryClient);
  if (!poller) {
    poller = new UsagePoller({ fetch: fetchUsageOrThrow });
    pollers.set(queryClient, poller);
  }
  return poller;
}

const idleState: UsagePollerState<UsageSnapshot> = {
  data: undefined,
  error: null,
  isFetching: false,
  failureCount: 0,
  updatedAt: null,
};
const noop = () => () => undefined;

/** docs/product/billing-and-credits.md#credit-meter-and-usage: the error body's text, else 'Failed to fetch usage'. */
export function describeUsageError(error: unknown): string {
  if (error instanceof ApiError) return error.message || USAGE_FETCH_FAILED;
  if (error instanceof Error && error.message.trim()) return error.message;
  return USAGE_FETCH_FAILED;
}

/**
 * The signed-in user's usage and balance, kept fresh by the shared usage poller (started by the
 * first component that asks; `enabled: false` keeps it off for signed-out visitors).
 */
export function useUsage({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const poller = getUsagePoller(queryClient);
  const state = useSyncExternalStore(
    enabled ? poller.subscribe : noop,
    enabled ? poller.getState : () => idleState,
    () => idleState,
  );

  const refresh = useCallback((options: { force?: boolean } = { force: true }) => poller.refresh(options), [poller]);
  const replaceBalance = useCallback(
    (balance: LooseBalance) =>
      poller.setData((current) => ({
        ...(current ?? { hasKey: false, usageLogs: [], usageByDay: [], error: null }),
        balance,
      })),
    [poller],
  );
  const meter = useMemo(() => computeCreditMeter(state.data?.balance), [state.data?.balance]);

  return {
    usage: state.data,
    balance: state.data?.balance ?? null,
    meter,
    error: state.error,
    errorMessage: state.error ? describeUsageError(state.error) : null,
    isLoading: enabled && state.data === undefined && state.error === null,
    isFetching: state.isFetching,
    refresh,
    replaceBalance,
  };
}
