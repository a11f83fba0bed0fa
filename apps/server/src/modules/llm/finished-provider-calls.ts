/** What a call that then failed had cost: the provider's usage, and the credits it was charged (0 on a key of the sub account's own). */
export type PaidCall = { inputTokens: number; outputTokens: number; costUsd: number; millicredits: number };

/**
 * Errors of LLM calls that failed or were cancelled after a provider call of theirs had finished
 * (or had streamed text): the provider was paid for it, so the call was recorded with that usage
 * and, on a platform key, charged. Each error keeps what was paid, for callers that add up what
 * their work cost (an evaluation run).
 */
const finishedCallErrors = new WeakMap<object, PaidCall>();

/** Marks the error a call throws once one of its provider calls had finished, with what it paid. */
export function markFinishedProviderCall(error: object, paid: PaidCall): void {
  finishedCallErrors.set(error, paid);
}

/**
 * Whether the call that threw `error` had a provider call finish first (and was charged for it):
 * a caller that gives something back for a failed call (a demo's request) should not then.
 */
export function hasFinishedProviderCall(error: unknown): boolean {
  return typeof error === 'object' && error !== null && finishedCallErrors.has(error);
}

/** What the call that threw `error` had paid before it failed; undefined when it paid nothing. */
export function paidCallOf(error: unknown): PaidCall | undefined {
  return typeof error === 'object' && error !== null ? finishedCallErrors.get(error) : undefined;
}
