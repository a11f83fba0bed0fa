import type { EvaluationProgressEvent, EvaluationTotals } from '@agentry/core/evaluation';

/** The counts a progress event carries, from a run's totals. */
export function toProgressCounts(
  totals: EvaluationTotals,
): Pick<EvaluationProgressEvent, 'done' | 'total' | 'passes' | 'failures' | 'unclear' | 'errors'> {
  return {
    done: totals.done,
    total: totals.total,
    passes: totals.passes,
    failures: totals.failures,
    unclear: totals.unclear,
    errors: totals.errors,
  };
}
