/**
 * Errors of LLM calls that failed or were cancelled after a provider call of theirs had finished
 * (or had streamed text): the provider was paid for it, so the call was recorded with that usage
 * and, on a platform key, charged.
 */
const finishedCallErrors = new WeakSet<object>();

/** Marks the error a call throws once one of its provider calls had finished. */
export function markFinishedProviderCall(error: object): void {
  finishedCallErrors.add(error);
}

/**
 * Whether the call that threw `error` had a provider call finish first (and was charged for it):
 * a caller that gives something back for a failed call (a demo's request) should not then.
 */
export function hasFinishedProviderCall(error: unknown): boolean {
  return typeof error === 'object' && error !== null && finishedCallErrors.has(error);
}
