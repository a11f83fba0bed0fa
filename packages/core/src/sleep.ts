/**
 * Waits `ms` milliseconds. An abort signal ends the wait early: the promise rejects with the
 * signal's reason (an `AbortError` DOMException for a plain `controller.abort()`), at once if
 * the signal is already aborted, and the timer is cleared either way.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // The reason is whatever abort() was given; a plain abort() gives a DOMException.
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
