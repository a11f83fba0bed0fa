import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildSummary } from '../test/evaluation-fixtures';

/** A controllable EventSource: tests push the server's events. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = 2;
  }
}

const progress = (overrides: Record<string, unknown> = {}) => ({
  runId: 'run-1',
  status: 'running',
  done: 3,
  total: 10,
  passes: 2,
  failures: 1,
  unclear: 0,
  errors: 0,
  current: { questionText: 'Are you an AI?', variation: 2 },
  ...overrides,
});

beforeEach(() => {
  stubBrowserApis();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/new-evaluation/running', { timeout: 20_000 }, () => {
  it('shows live progress from the SSE stream, reconnects, and links to the results when finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': { body: buildSummary({ status: 'running' }) },
    });
    renderWorkspace('/new-evaluation/running?runId=run-1');
    expect(await screen.findByRole('heading', { name: 'Running evaluation' }, { timeout: 5000 })).toBeInTheDocument();
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/evaluations/run-1/events');
    act(() => source.emit('snapshot', progress()));
    expect(screen.getByText('3 of 10 conversations done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Conversations done' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('Passes').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Failures').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText(/Now: “Are you an AI\?” · variation 2/)).toBeInTheDocument();

    act(() => source.fail());
    expect(screen.getByText('Reconnecting to the live progress…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const second = FakeEventSource.instances[1]!;
    expect(second).toBeDefined();
    act(() =>
      second.emit(
        'progress',
        progress({ status: 'finished', done: 10, passes: 8, failures: 1, unclear: 1, current: null }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'Evaluation complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View results' })).toHaveAttribute('href', '/new-evaluation/results/run-1');
    expect(second.readyState).toBe(2);
  });

  it("cancels the run, which is then headed 'Evaluation cancelled', never 'Evaluation complete'", async () => {
    let status: 'running' | 'cancelled' = 'running';
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': () => ({ body: buildSummary({ status }) }),
      'POST /api/evaluations/run-1/cancel': () => {
        status = 'cancelled';
        return { body: { runId: 'run-1', status: 'cancelled' } };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/new-evaluation/running?runId=run-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel run' }, { timeout: 15_000 }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/evaluations/run-1/cancel')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Evaluation cancelled' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Evaluation complete' })).not.toBeInTheDocument();
    expect(screen.getByText('The run was cancelled; the finished conversations are kept.')).toBeInTheDocument();
  });

  it('says no evaluation runs without a run id', async () => {
    mockApi({ 'GET /api/me': { body: signedInUser } });
    renderWorkspace('/new-evaluation/running');
    expect(
      await screen.findByRole('heading', { name: 'No evaluation running' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('/new-evaluation/running errors', { timeout: 20_000 }, () => {
  it('says the evaluation could not be loaded when the run is unknown', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/nope': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Evaluation not found' } },
      },
    });
    renderWorkspace('/new-evaluation/running?runId=nope');
    expect(
      await screen.findByRole('heading', { name: 'Failed to load the evaluation' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All evaluations' })).toHaveAttribute('href', '/dashboard');
  });
});
