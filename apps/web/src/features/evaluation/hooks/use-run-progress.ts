import { useEffect, useState } from 'react';
import { EvaluationProgressEvent, isEvaluationRunOver } from '@agentry/core/evaluation';
import { eventsPath } from '../api/evaluation-api';

/** The fields the page shows; whatever else an event carries (its type) is ignored. */
const RunProgress = EvaluationProgressEvent.pick({
  runId: true,
  status: true,
  done: true,
  total: true,
  passes: true,
  failures: true,
  unclear: true,
  errors: true,
  current: true,
});
export type RunProgress = ReturnType<typeof RunProgress.parse>;

export type ProgressConnection = 'connecting' | 'open' | 'reconnecting' | 'closed';

const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * Live progress of a run from its SSE stream (events 'snapshot' and 'progress'). The browser's
 * EventSource retries on its own; when it gives up (closed) we open a new one with back-off.
 * The stream is closed once the run is over.
 */
export function useRunProgress(runId: string) {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [connection, setConnection] = useState<ProgressConnection>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let isDone = false;

    const onData = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = RunProgress.safeParse(data);
      if (!parsed.success) return;
      attempts = 0;
      setProgress(parsed.data);
      if (isEvaluationRunOver(parsed.data.status)) {
        isDone = true;
        source?.close();
        setConnection('closed');
      }
    };

    const connect = () => {
      source = new EventSource(eventsPath(runId), { withCredentials: true });
      source.addEventListener('open', () => setConnection('open'));
      source.addEventListener('snapshot', onData);
      source.addEventListener('progress', onData);
      source.addEventListener('message', onData);
      source.addEventListener('error', () => {
        if (isDone || !source) return;
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          setConnection('reconnecting');
          const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)];
          attempts += 1;
          retryTimer = setTimeout(connect, delay);
        } else {
          setConnection('reconnecting');
        }
      });
    };

    connect();
    return () => {
      isDone = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [runId]);

  return { progress, connection };
}
