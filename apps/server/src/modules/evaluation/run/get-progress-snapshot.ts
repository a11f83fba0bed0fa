import { and, desc, eq } from 'drizzle-orm';
import type { EvaluationProgressEvent } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { computeTotals } from '../results/compute-totals';
import { evaluationConversation, type evaluationRun } from '../evaluation.tables';
import { toProgressCounts } from './to-progress-counts';

/** What the progress screen shows now, from the database (the first event of the stream). */
export async function getProgressSnapshot(options: {
  db: Database;
  run: typeof evaluationRun.$inferSelect;
}): Promise<EvaluationProgressEvent> {
  const { db, run } = options;
  const rows = await db
    .select({
      status: evaluationConversation.status,
      judgeVerdict: evaluationConversation.judgeVerdict,
      overrideVerdict: evaluationConversation.overrideVerdict,
    })
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, run.id));
  const [current] = await db
    .select({ questionText: evaluationConversation.questionText, variation: evaluationConversation.variation })
    .from(evaluationConversation)
    .where(and(eq(evaluationConversation.runId, run.id), eq(evaluationConversation.status, 'running')))
    .orderBy(desc(evaluationConversation.startedAt))
    .limit(1);
  const totals = computeTotals(rows);
  return {
    type: 'snapshot',
    runId: run.id,
    status: run.status,
    ...toProgressCounts(totals),
    current: current ?? null,
  };
}
