import {
  USAGE_MIN_REFETCH_INTERVAL_MS,
  USAGE_POLL_INTERVAL_MS,
  USAGE_VISIBILITY_REFETCH_DELAY_MS,
  usageBackoffDelayMs,
} from '@agentry/core/billing';

export type UsagePollerState<T> = {
  data: T | undefined;
  error: unknown;
  /** A fetch is running. */
  isFetching: boolean;
  /** Consecutive failures since the last success. */
  failureCount: number;
  /** When the last successful fetch finished (ms since epoch), or null. */
  updatedAt: number | null;
};

type UsagePollerOptions<T> = {
  fetch: (signal: AbortSignal) => Promise<T>;
  now?: () => number;
};

function isAbort(error: unknown) {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

/**
 * docs/product/billing-and-credits.md#credit-meter-and-usage, usage poller. Starts on demand (the first subscriber); refetches every 60 s after a
 * success; after a failure backs off 15, 30, 60, 120, 300 s (capped at the last); refetches 2 s
 * after the tab becomes visible; a forced fetch aborts an in-flight one; an unforced fetch within
 * 60 s of the last success is skipped. Polling pauses while the tab is hidden and stops when the
 * last subscriber leaves.
 */
export class UsagePoller<T> {
  private state: UsagePollerState<T> = {
    data: undefined,
    error: null,
    isFetching: false,
    failureCount: 0,
    updatedAt: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly fetcher: (signal: AbortSignal) => Promise<T>;
  private readonly now: () => number;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private visibilityTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: { controller: AbortController; promise: Promise<void> } | undefined;
  private subscribers = 0;

  constructor(options: UsagePollerOptions<T>) {
    this.fetcher = options.fetch;
    this.now = options.now ?? Date.now;
  }

  getState = (): UsagePollerState<T> => this.state;

  /** Subscribes to state changes and keeps the poller running while anyone listens. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.subscribers += 1;
    if (this.subscribers === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      this.subscribers -= 1;
      if (this.subscribers === 0) this.stop();
    };
  };

  get isRunning() {
    return this.subscribers > 0;
  }

  /**
   * Fetches now. Unforced: skipped while one is in flight or within 60 s of the last success.
   * Forced: aborts an in-flight fetch and always runs.
   */
  refresh = ({ force = false }: { force?: boolean } = {}): Promise<void> => {
    if (!force) {
      if (this.inFlight) return this.inFlight.promise;
      if (this.state.updatedAt !== null && this.now() - this.state.updatedAt < USAGE_MIN_REFETCH_INTERVAL_MS)
        return Promise.resolve();
    }
    return this.run();
  };

  /** Replaces the data without a fetch (a promo code answers with the new balance). */
  setData = (update: (current: T | undefined) => T | undefined) => {
    this.setState({ data: update(this.state.data) });
  };

  private start() {
    document.addEventListener('visibilitychange', this.handleVisibilityChange);
    const { updatedAt } = this.state;
    if (updatedAt === null || this.state.failureCount > 0) {
      void this.run();
      return;
    }
    const due = updatedAt + USAGE_POLL_INTERVAL_MS - this.now();
    if (due <= 0) void this.run();
    else this.schedule(due);
  }

  private stop() {
    document.removeEventListener('visibilitychange', this.handleVisibilityChange);
    clearTimeout(this.pollTimer);
    clearTimeout(this.visibilityTimer);
    this.pollTimer = undefined;
    this.visibilityTimer = undefined;
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    if (this.state.isFetching) this.setState({ isFetching: false });
  }

  private readonly handleVisibilityChange = () => {
    clearTimeout(this.visibilityTimer);
    if (document.visibilityState !== 'visible') {
      // Nobody looks at a hidden tab: polling pauses until it is visible again.
      clearTimeout(this.pollTimer);
      this.pollTimer = undefined;
      return;
    }
    this.visibilityTimer = setTimeout(() => {
      void this.refresh();
      // Skipped for the minimum interval: the regular poll resumes when it is due.
      if (!this.inFlight && this.state.updatedAt !== null)
        this.schedule(Math.max(0, this.state.updatedAt + USAGE_POLL_INTERVAL_MS - this.now()));
    }, USAGE_VISIBILITY_REFETCH_DELAY_MS);
  };

  private schedule(delay: number) {
    clearTimeout(this.pollTimer);
    if (!this.isRunning) return;
    // A scheduled poll (after success or as a back-off step) always runs: it is the schedule.
    this.pollTimer = setTimeout(() => void this.run(), delay);
  }

  private run(): Promise<void> {
    this.inFlight?.controller.abort();
    clearTimeout(this.pollTimer);
    const controller = new AbortController();
    this.setState({ isFetching: true });
    const promise = this.fetcher(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        this.inFlight = undefined;
        this.setState({ data, error: null, isFetching: false, failureCount: 0, updatedAt: this.now() });
        this.schedule(USAGE_POLL_INTERVAL_MS);
      },
      (error: unknown) => {
        // An aborted fetch was replaced (forced) or the poller stopped: the newer one decides.
        if (controller.signal.aborted || isAbort(error)) return;
        this.inFlight = undefined;
        const failureCount = this.state.failureCount + 1;
        this.setState({ error, isFetching: false, failureCount });
        this.schedule(usageBackoffDelayMs(failureCount));
      },
    );
    this.inFlight = { controller, promise };
    return promise;
  }

  private setState(patch: Partial<UsagePollerState<T>>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
