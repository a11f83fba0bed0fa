import { asc, eq } from 'drizzle-orm';
import { isEvaluationRunOver, type EvaluationVerdict } from '@agentry/core/evaluation';
import type { ProposalTrial, TrialQuestion, TrialSide } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { evaluationConversation, evaluationRun } from '../evaluation/evaluation.tables';

type ConversationRow = Pick<
  typeof evaluationConversation.$inferSelect,
  'questionId' | 'questionText' | 'variation' | 'status' | 'judgeVerdict' | 'overrideVerdict' | 'costUsd'
>;

const verdictOf = (row: ConversationRow | undefined): EvaluationVerdict | null =>
  row && row.status === 'done' ? (row.overrideVerdict ?? row.judgeVerdict) : null;

function sideOf(rows: readonly ConversationRow[]): TrialSide {
  const verdicts = rows.map(verdictOf).filter((verdict) => verdict !== null);
  const passes = verdicts.filter((verdict) => verdict === 'pass').length;
  return {
    passes,
    judged: verdicts.length,
    passRate: verdicts.length === 0 ? null : passes / verdicts.length,
    costUsd: rows.reduce((sum, row) => sum + row.costUsd, 0),
  };
}

/**
 * The trial as it stands: the original run's verdicts on the re-run questions (the current
 * version) beside the trial run's (the candidate), matched by question and variation.
 */
export async function buildTrial(options: {
  db: Database;
  originalRunId: string;
  trialRunId: string;
  failedQuestionIds: ReadonlySet<string>;
}): Promise<ProposalTrial> {
  const { db } = options;
  const columns = {
    questionId: evaluationConversation.questionId,
    questionText: evaluationConversation.questionText,
    variation: evaluationConversation.variation,
    status: evaluationConversation.status,
    judgeVerdict: evaluationConversation.judgeVerdict,
    overrideVerdict: evaluationConversation.overrideVerdict,
    costUsd: evaluationConversation.costUsd,
  };
  const [trialRun] = await db
    .select({ status: evaluationRun.status })
    .from(evaluationRun)
    .where(eq(evaluationRun.id, options.trialRunId))
    .limit(1);
  const candidateRows = await db
    .select(columns)
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, options.trialRunId))
    .orderBy(asc(evaluationConversation.position));
  const questionIds = [...new Set(candidateRows.map((row) => row.questionId))];
  const currentRows =
    questionIds.length === 0
      ? []
      : (
          await db
            .select(columns)
            .from(evaluationConversation)
            .where(eq(evaluationConversation.runId, options.originalRunId))
            .orderBy(asc(evaluationConversation.position))
        ).filter((row) => questionIds.includes(row.questionId));
  const keyOf = (row: ConversationRow) => `${row.questionId}:${row.variation}`;
  const current = new Map(currentRows.map((row) => [keyOf(row), row]));
  const status = !trialRun
    ? 'failed'
    : trialRun.status === 'finished'
      ? 'completed'
      : isEvaluationRunOver(trialRun.status)
        ? 'failed'
        : 'running';
  const questions: TrialQuestion[] = candidateRows.map((row) => ({
    questionText: row.questionText,
    currentVerdict: verdictOf(current.get(keyOf(row))),
    candidateVerdict: verdictOf(row),
    wasFailure: options.failedQuestionIds.has(row.questionId),
  }));
  return {
    runId: options.trialRunId,
    status,
    current: sideOf(candidateRows.map((row) => current.get(keyOf(row))).filter((row) => row !== undefined)),
    candidate: status === 'running' ? null : sideOf(candidateRows),
    questions,
  };
}
