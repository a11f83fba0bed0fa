import { and, asc, eq, inArray } from 'drizzle-orm';
import { MAX_FAILURES_PER_OPTIMIZATION, type AddressedFailure } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { evaluationConversation } from '../evaluation/evaluation.tables';

/** A failure with what the proposal writer needs beyond what the screen shows. */
export type RunFailure = AddressedFailure & { questionId: string; successCriteria: string };

/**
 * The judged answers of a run whose verdict that counts (the override, else the judge's) is
 * fail or unclear, in plan order, at most MAX_FAILURES_PER_OPTIMIZATION; only those of
 * `conversationIds` when given (the failures of a cause found earlier, as they are now).
 */
export async function listRunFailures(options: {
  db: Database;
  runId: string;
  conversationIds?: string[];
}): Promise<RunFailure[]> {
  const rows = await options.db
    .select()
    .from(evaluationConversation)
    .where(
      and(
        eq(evaluationConversation.runId, options.runId),
        eq(evaluationConversation.status, 'done'),
        options.conversationIds ? inArray(evaluationConversation.id, options.conversationIds) : undefined,
      ),
    )
    .orderBy(asc(evaluationConversation.position));
  const failures: RunFailure[] = [];
  for (const row of rows) {
    const verdict = row.overrideVerdict ?? row.judgeVerdict;
    if (verdict !== 'fail' && verdict !== 'unclear') continue;
    const answer = row.judgedTurnIndex === null ? '' : (row.transcript[row.judgedTurnIndex]?.content ?? '');
    failures.push({
      conversationId: row.id,
      questionId: row.questionId,
      questionText: row.askedText ?? row.questionText,
      successCriteria: row.successCriteria,
      answer,
      reasoning: row.overrideNote?.trim() || row.judgeReasoning || '',
      verdict,
    });
    if (failures.length >= MAX_FAILURES_PER_OPTIMIZATION) break;
  }
  return failures;
}
