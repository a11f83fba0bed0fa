import type { EvaluationProgressEvent, EvaluationRunStatus } from '@agentry/core/evaluation';
import { computeTotals, type CountableConversation } from '../results/compute-totals';
import { toProgressCounts } from './to-progress-counts';

export type RunProgress = ReturnType<typeof createRunProgress>;

/** Live counts of the run, kept in memory by the worker and published after each conversation. */
export function createRunProgress(run: { id: string }, rows: readonly CountableConversation[]) {
  const totals = computeTotals(rows);
  const running = new Map<string, { questionText: string; variation: number }>();
  let status: EvaluationRunStatus = 'running';
  return {
    totals,
    running,
    setStatus(next: EvaluationRunStatus) {
      status = next;
    },
    event(): EvaluationProgressEvent {
      const current = [...running.values()].at(-1) ?? null;
      return {
        type: 'progress',
        runId: run.id,
        status,
        ...toProgressCounts(totals),
        current,
      };
    },
  };
}
