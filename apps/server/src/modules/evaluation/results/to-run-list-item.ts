import type { EvaluationRunListItem, EvaluationTotals } from '@agentry/core/evaluation';
import { passRateOf } from './compute-totals';
import type { evaluationRun } from '../evaluation.tables';

export function toRunListItem(
  row: typeof evaluationRun.$inferSelect,
  totals: EvaluationTotals,
  cost: { costUsd: number; millicredits: number },
): EvaluationRunListItem {
  return {
    id: row.id,
    evaluationId: row.evaluationId,
    name: row.name,
    type: row.type,
    agent: row.agentId || row.agentName ? { buildId: row.agentId ?? '', aiName: row.agentName ?? '' } : null,
    model: row.model,
    testingModel: row.testingModel,
    status: row.status,
    totals,
    passRate: passRateOf(totals),
    costUsd: cost.costUsd,
    millicredits: cost.millicredits,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
