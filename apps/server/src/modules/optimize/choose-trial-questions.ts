import { asc, eq } from 'drizzle-orm';
import { PASSED_SAMPLE_SIZE } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { evaluationConversation } from '../evaluation/evaluation.tables';

/**
 * The questions 'Try it' re-runs: those of the proposal's failures, plus the first
 * PASSED_SAMPLE_SIZE questions that passed in the run (in plan order) to catch regressions.
 */
export async function chooseTrialQuestions(options: {
  db: Database;
  runId: string;
  failedConversationIds: readonly string[];
}): Promise<{ failedQuestionIds: Set<string>; passedQuestionIds: Set<string> }> {
  const rows = await options.db
    .select({
      id: evaluationConversation.id,
      questionId: evaluationConversation.questionId,
      judge: evaluationConversation.judgeVerdict,
      override: evaluationConversation.overrideVerdict,
    })
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, options.runId))
    .orderBy(asc(evaluationConversation.position));
  const failedIds = new Set(options.failedConversationIds);
  const failedQuestionIds = new Set(rows.filter((row) => failedIds.has(row.id)).map((row) => row.questionId));
  const passedQuestionIds = new Set<string>();
  for (const row of rows) {
    if (passedQuestionIds.size >= PASSED_SAMPLE_SIZE) break;
    if ((row.override ?? row.judge) !== 'pass' || failedQuestionIds.has(row.questionId)) continue;
    passedQuestionIds.add(row.questionId);
  }
  return { failedQuestionIds, passedQuestionIds };
}
