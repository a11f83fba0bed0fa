import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { computeUserRank } from '@agentry/core/marketplace';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, mockApi, signedInMe, type Reply } from '../test/marketplace-test-kit';
import { useUserRank } from './use-user-rank';

const rank = computeUserRank({ projectsPosted: 3, repliesSent: 2, agentsBuilt: 4, evaluationsRun: 1 });
const start = new Date('2025-06-01T12:00:00.000Z').getTime();

function setup(options: { me?: Reply; rank?: Reply } = {}) {
  const calls = mockApi({
    'GET /api/me': options.me ?? { body: signedInMe },
    'GET /api/user/rank': options.rank ?? { body: rank },
  });
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const mount = () => renderHook(() => useUserRank(), { wrapper });
  const rankCalls = () => calls.filter((call) => call.path === '/api/user/rank').length;
  const meCalls = () => calls.filter((call) => call.path === '/api/me').length;
  return { mount, rankCalls, meCalls };
}

describe('useUserRank', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches the rank once signed in and not again within 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const { mount, rankCalls, meCalls } = setup();

    const first = mount();
    await waitFor(() => expect(first.result.current.rank?.rank).toBe(rank.rank));
    expect(rankCalls()).toBe(1);
    first.unmount();

    // 59 s later the session is checked again, but the rank is not.
    vi.setSystemTime(start + 59_000);
    const second = mount();
    await waitFor(() => expect(meCalls()).toBe(2));
    expect(second.result.current.rank?.score).toBe(rank.score);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rankCalls()).toBe(1);
    second.unmount();

    vi.setSystemTime(start + 61_000);
    const third = mount();
    await waitFor(() => expect(rankCalls()).toBe(2));
    third.unmount();
  });

  it('does not fetch for a signed-out visitor', async () => {
    const { mount, rankCalls, meCalls } = setup({
      me: { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } } },
    });
    const view = mount();
    await waitFor(() => expect(meCalls()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rankCalls()).toBe(0);
    expect(view.result.current).toEqual({ rank: null, error: null, isLoading: false });
  });

  it('keeps a failure as an error string and throttles it the same way', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const { mount, rankCalls } = setup({
      rank: { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Rank service unavailable' } } },
    });
    const first = mount();
    await waitFor(() => expect(first.result.current.error).toBe('Rank service unavailable'));
    expect(first.result.current.rank).toBeNull();
    first.unmount();

    vi.setSystemTime(start + 30_000);
    const second = mount();
    expect(second.result.current.error).toBe('Rank service unavailable');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rankCalls()).toBe(1);
  });
});
