import type {
  EvaluationConversationStatus,
  EvaluationStats,
  EvaluationTotals,
  EvaluationVerdict,
} from '@agentry/core/evaluation';

export type CountableConversation = {
  status: EvaluationConversationStatus;
  judgeVerdict: EvaluationVerdict | null;
  overrideVerdict: EvaluationVerdict | null;
};

/** The verdict that counts: a manual override wins over the judge's; only judged conversations have one. */
export function effectiveVerdict(row: CountableConversation): EvaluationVerdict | null {
  return row.status === 'done' ? (row.overrideVerdict ?? row.judgeVerdict) : null;
}

/**
 * Passes over every judged conversation: unclear counts against, never as a pass. A conversation
 * that errored (provider down, key refused) says nothing about the agent, so it is left out and
 * reported on its own; a run where nothing was judged has no pass rate.
 */
export function passRateOf(stats: { passes: number; failures: number; unclear: number }): number | null {
  const judged = stats.passes + stats.failures + stats.unclear;
  return judged === 0 ? null : stats.passes / judged;
}

export function computeTotals(rows: readonly CountableConversation[]): EvaluationTotals {
  const totals: EvaluationTotals = {
    total: rows.length,
    done: 0,
    queued: 0,
    running: 0,
    passes: 0,
    failures: 0,
    unclear: 0,
    errors: 0,
    cancelled: 0,
  };
  for (const row of rows) {
    if (row.status === 'queued') totals.queued += 1;
    else if (row.status === 'running') totals.running += 1;
    else if (row.status === 'cancelled') totals.cancelled += 1;
    else if (row.status === 'error') {
      totals.done += 1;
      totals.errors += 1;
    } else {
      totals.done += 1;
      const verdict = effectiveVerdict(row);
      if (verdict === 'pass') totals.passes += 1;
      else if (verdict === 'fail') totals.failures += 1;
      else totals.unclear += 1;
    }
  }
  return totals;
}

export function computeStats(rows: readonly CountableConversation[]): EvaluationStats {
  const totals = computeTotals(rows);
  return {
    total: totals.total,
    passes: totals.passes,
    failures: totals.failures,
    unclear: totals.unclear,
    errors: totals.errors,
    passRate: passRateOf(totals),
  };
}
