/**
 * How provider cost becomes credits. One credit buys one US cent of model usage at provider
 * prices; plan prices ($0.02-$0.05 a credit) carry the margin. Credits move in thousandths
 * (millicredits) so that small calls are charged exactly and sums never drift.
 */
export const CREDIT_VALUE_USD = 0.01;
export const MILLICREDITS_PER_CREDIT = 1000;

/** Millicredits for a provider cost, rounded up so that no call is free. */
export function millicreditsForCost(costUsd: number): number {
  if (!Number.isFinite(costUsd) || costUsd <= 0) return 0;
  return Math.ceil((costUsd / CREDIT_VALUE_USD) * MILLICREDITS_PER_CREDIT);
}

export function toCredits(millicredits: number): number {
  return millicredits / MILLICREDITS_PER_CREDIT;
}

export function toMillicredits(credits: number): number {
  return Math.round(credits * MILLICREDITS_PER_CREDIT);
}
