import type { EvaluationRunStatus } from '@agentry/core/evaluation';

export function formatPassRate(rate: number | null) {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

export function formatUsd(amount: number) {
  if (amount === 0) return '$0.00';
  if (amount < 0.01) return `$${amount.toFixed(4)}`;
  return `$${amount.toFixed(2)}`;
}

export function formatTokens(count: number) {
  return new Intl.NumberFormat('en', { notation: count >= 10_000 ? 'compact' : 'standard' }).format(count);
}

export function formatCredits(millicredits: number) {
  return `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(millicredits / 1000)} credits`;
}

export function formatDateTime(iso: string) {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export const runStatusLabels: Record<EvaluationRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const runStatusVariants = {
  queued: 'pending',
  running: 'pending',
  finished: 'success',
  cancelled: 'inactive',
  failed: 'error',
} as const satisfies Record<EvaluationRunStatus, string>;
