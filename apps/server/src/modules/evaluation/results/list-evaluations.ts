import { desc, eq, inArray } from 'drizzle-orm';
import type { EvaluationRunListItem } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { computeTotals } from './compute-totals';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { toRunListItem } from './to-run-list-item';

/** The sub account's runs, newest first (the latest 200), with their counts and cost. */
export async function listEvaluations(options: {
  db: Database;
  subaccountId: string;
}): Promise<EvaluationRunListItem[]> {
  const { db } = options;
  const runs = await db
    .select()
    .from(evaluationRun)
    .where(eq(evaluationRun.subaccountId, options.subaccountId))
    .orderBy(desc(evaluationRun.createdAt))
    .limit(200);
  if (runs.length === 0) return [];
  const conversations = await db
    .select({
      runId: evaluationConversation.runId,
      status: evaluationConversation.status,
      judgeVerdict: evaluationConversation.judgeVerdict,
      overrideVerdict: evaluationConversation.overrideVerdict,
      costUsd: evaluationConversation.costUsd,
      millicredits: evaluationConversation.millicredits,
    })
    .from(evaluationConversation)
    .where(
      inArray(
        evaluationConversation.runId,
        runs.map((run) => run.id),
      ),
    );
  const byRun = new Map<string, typeof conversations>();
  for (const row of conversations) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row]);
  return runs.map((run) => {
    const rows = byRun.get(run.id) ?? [];
    return toRunListItem(run, computeTotals(rows), {
      costUsd: rows.reduce((sum, row) => sum + row.costUsd, 0),
      millicredits: rows.reduce((sum, row) => sum + row.millicredits, 0),
    });
  });
}
