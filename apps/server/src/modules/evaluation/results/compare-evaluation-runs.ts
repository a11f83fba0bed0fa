import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import type { EvaluationComparisonReply, EvaluationGroup, QuestionVerdict } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { computeStats, computeTotals, effectiveVerdict, type CountableConversation } from './compute-totals';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { toRunListItem } from './to-run-list-item';

type Row = CountableConversation & {
  group: EvaluationGroup;
  questionText: string;
  costUsd: number;
  millicredits: number;
};

/** A question's verdict over its conversations: fail if any failed, else error, else unclear, else pass. */
function questionVerdict(rows: readonly Row[]): QuestionVerdict | null {
  const ended = rows.filter((row) => row.status === 'done' || row.status === 'error');
  if (ended.length === 0) return null;
  const verdicts = ended.map((row) => (row.status === 'error' ? 'error' : (effectiveVerdict(row) ?? 'unclear')));
  if (verdicts.includes('fail')) return 'fail';
  if (verdicts.includes('error')) return 'error';
  if (verdicts.includes('unclear')) return 'unclear';
  return 'pass';
}

async function loadRows(db: Database, runId: string): Promise<Row[]> {
  return db
    .select({
      status: evaluationConversation.status,
      judgeVerdict: evaluationConversation.judgeVerdict,
      overrideVerdict: evaluationConversation.overrideVerdict,
      group: evaluationConversation.group,
      questionText: evaluationConversation.questionText,
      costUsd: evaluationConversation.costUsd,
      millicredits: evaluationConversation.millicredits,
    })
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, runId))
    .orderBy(asc(evaluationConversation.position));
}

function byQuestion(rows: readonly Row[]) {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.group}\u0000${row.questionText.trim().toLowerCase()}`;
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return map;
}

/**
 * This run against the previous run of the same agent (assistants) or the same model
 * (chat completion) in the sub account: per question (matched by group and text), the verdict
 * then and now, with the changed ones flagged.
 */
export async function compareEvaluationRuns(options: {
  db: Database;
  run: typeof evaluationRun.$inferSelect;
}): Promise<EvaluationComparisonReply> {
  const { db, run } = options;
  const sameTarget =
    run.type === 'openai-assistants' && run.agentId
      ? eq(evaluationRun.agentId, run.agentId)
      : and(eq(evaluationRun.type, 'chatcompletion'), eq(evaluationRun.model, run.model));
  const [previous] = await db
    .select()
    .from(evaluationRun)
    .where(
      and(
        eq(evaluationRun.subaccountId, run.subaccountId),
        ne(evaluationRun.id, run.id),
        lt(evaluationRun.createdAt, run.createdAt),
        sameTarget,
      ),
    )
    .orderBy(desc(evaluationRun.createdAt))
    .limit(1);
  const currentRows = await loadRows(db, run.id);
  const previousRows = previous ? await loadRows(db, previous.id) : [];
  const now = byQuestion(currentRows);
  const then = byQuestion(previousRows);
  const keys = [...new Set([...now.keys(), ...then.keys()])];
  const questions = keys.map((key) => {
    const current = now.get(key) ?? [];
    const before = then.get(key) ?? [];
    const sample = (current[0] ?? before[0]) as Row;
    const currentVerdict = questionVerdict(current);
    const previousVerdict = questionVerdict(before);
    return {
      group: sample.group,
      questionText: sample.questionText,
      previous: previousVerdict,
      current: currentVerdict,
      previousPassRate: before.length > 0 ? computeStats(before).passRate : null,
      currentPassRate: current.length > 0 ? computeStats(current).passRate : null,
      changed: previous !== undefined && previousVerdict !== currentVerdict,
    };
  });
  return {
    runId: run.id,
    previousRun: previous
      ? toRunListItem(previous, computeTotals(previousRows), {
          costUsd: previousRows.reduce((sum, row) => sum + row.costUsd, 0),
          millicredits: previousRows.reduce((sum, row) => sum + row.millicredits, 0),
        })
      : null,
    questions,
    changedCount: questions.filter((question) => question.changed).length,
  };
}
