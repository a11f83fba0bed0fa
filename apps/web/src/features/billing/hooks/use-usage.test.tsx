import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUsage } from './use-usage';

type Answer = { status: number; body: unknown };

/** A fetch whose answers the test scripts; each call records its abort signal. */
function stubUsageFetch(answers: Answer[] | ((call: number) => Answer)) {
  const signals: AbortSignal[] = [];
  const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const call = signals.length;
    if (init?.signal) signals.push(init.signal);
    const answer =
      typeof answers === 'function'
        ? answers(call)
        : (answers[call] ?? answers[answers.length - 1] ?? { status: 200, body: {} });
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, signals };
}

const ok = (usageUsed = 10): Answer => ({
  status: 200,
  body: {
    balance: { usageUsed, totalCreditLimit: 100, totalCreditsRemaining: 100 - usageUsed },
    hasKey: true,
    usageLogs: [],
    error: null,
  },
});
const failure: Answer = { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Usage is down' } } };

function renderUsage(queryClient = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useUsage(), { wrapper });
}

/** Lets the fetch promise chain settle without moving the clock. */
async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('usage poller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('starts on demand, then refetches every 60 s after a success', async () => {
    const { fetchMock } = stubUsageFetch([ok(10), ok(20), ok(30)]);
    expect(fetchMock).not.toHaveBeenCalled();

    const { result } = renderUsage();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/openrouter/usage');
    expect(result.current.meter.used).toBe(10);

    await advance(59_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.meter.used).toBe(20);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('backs off 15, 30, 60, 120, 300 s after failures, capped at 300 s, and returns to 60 s after a success', async () => {
    const { fetchMock } = stubUsageFetch((call) => (call < 6 ? failure : ok()));
    const { result } = renderUsage();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.errorMessage).toBe('Usage is down');

    const steps = [15, 30, 60, 120, 300, 300];
    for (const [index, seconds] of steps.entries()) {
      await advance(seconds * 1000 - 1);
      expect(fetchMock, `before step ${index + 1}`).toHaveBeenCalledTimes(index + 1);
      await advance(1);
      expect(fetchMock, `at step ${index + 1}`).toHaveBeenCalledTimes(index + 2);
    }
    // The 7th call succeeded: the next one is a plain 60 s poll.
    await flush();
    expect(result.current.errorMessage).toBeNull();
    await advance(59_999);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(8);
  });

  it('pauses while the tab is hidden and refetches 2 s after it becomes visible, unless within 60 s of the last success', async () => {
    const { fetchMock } = stubUsageFetch([ok()]);
    renderUsage();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Back after 10 s: 2 s later it is 22 s since the success, so nothing is fetched; the
    // regular poll still comes at 60 s.
    await advance(10_000);
    setVisibility('hidden');
    await advance(10_000);
    setVisibility('visible');
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(37_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Hidden for five minutes: no polls; visible again, the refetch comes 2 s later.
    setVisibility('hidden');
    await advance(5 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    await advance(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('skips an unforced refresh within 60 s; a forced one runs and aborts the fetch in flight', async () => {
    let resolveFirst: (response: Response) => void = () => undefined;
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal);
      if (signals.length === 2) return new Promise<Response>((resolve) => (resolveFirst = resolve));
      return Promise.resolve(new Response(JSON.stringify(ok().body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderUsage();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(() => result.current.refresh({ force: false }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A forced refresh starts a fetch that hangs; a second forced one aborts it.
    void act(() => {
      void result.current.refresh({ force: true });
    });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(signals[1]?.aborted).toBe(false);
    await act(() => result.current.refresh({ force: true }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(signals[1]?.aborted).toBe(true);
    resolveFirst(new Response(JSON.stringify(ok(99).body), { status: 200 }));
    await flush();
    // The aborted answer is ignored.
    expect(result.current.meter.used).toBe(10);
  });

  it('stops polling when the last component leaves', async () => {
    const { fetchMock } = stubUsageFetch([ok()]);
    const { unmount } = renderUsage();
    await flush();
    unmount();
    await advance(10 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
