import { and, asc, desc, eq, exists, gte, lt, ne } from 'drizzle-orm';
import type { EvaluationComparisonReply, EvaluationGroup, QuestionVerdict } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { computeStats, computeTotals, effectiveVerdict, type CountableConversation } from './compute-totals';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { toRunListItem } from './to-run-list-item';

type Row = CountableConversation & {
  id: string;
  variation: number;
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
      id: evaluationConversation.id,
      variation: evaluationConversation.variation,
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

/** The conversation to read for a question: an ended one, variation 1 first. */
function sampleConversationId(rows: readonly Row[]): string | null {
  const ended = rows.filter((row) => row.status === 'done' || row.status === 'error');
  const sorted = [...(ended.length > 0 ? ended : rows)].sort((a, b) => a.variation - b.variation);
  return sorted[0]?.id ?? null;
}

type RunRow = typeof evaluationRun.$inferSelect;

/**
 * This run against a baseline: the run the user picked (any run of the sub account), else the
 * latest earlier run of the same agent (assistants) or the same model (chat completion) that has
 * a judged conversation (a run cancelled before anything was judged says nothing). Per question
 * (matched by group and text): the verdict then and now, the changed ones flagged, and a
 * conversation of each to read side by side.
 */
export async function compareEvaluationRuns(options: {
  db: Database;
  run: RunRow;
  baselineId?: string;
}): Promise<EvaluationComparisonReply> {
  const { db, run } = options;
  const isSameTarget = (other: RunRow) =>
    run.type === 'openai-assistants' && run.agentId
      ? other.agentId === run.agentId
      : other.type === 'chatcompletion' && other.model === run.model;
  const sameTarget =
    run.type === 'openai-assistants' && run.agentId
      ? eq(evaluationRun.agentId, run.agentId)
      : and(eq(evaluationRun.type, 'chatcompletion'), eq(evaluationRun.model, run.model));
  const hasJudged = exists(
    db
      .select({ id: evaluationConversation.id })
      .from(evaluationConversation)
      .where(and(eq(evaluationConversation.runId, evaluationRun.id), eq(evaluationConversation.status, 'done'))),
  );
  // The runs to pick from: the 50 made before this one and the 10 after it nearest to it, newest
  // first (the sub account's newest 50 alone would hide every earlier run of a busy sub account).
  const otherJudged = and(eq(evaluationRun.subaccountId, run.subaccountId), ne(evaluationRun.id, run.id), hasJudged);
  const [before, after] = await Promise.all([
    db
      .select()
      .from(evaluationRun)
      .where(and(otherJudged, lt(evaluationRun.createdAt, run.createdAt)))
      .orderBy(desc(evaluationRun.createdAt))
      .limit(50),
    db
      .select()
      .from(evaluationRun)
      .where(and(otherJudged, gte(evaluationRun.createdAt, run.createdAt)))
      .orderBy(asc(evaluationRun.createdAt))
      .limit(10),
  ]);
  const candidates = [...after.reverse(), ...before];

  let previous: RunRow | undefined;
  if (options.baselineId) {
    [previous] = await db
      .select()
      .from(evaluationRun)
      .where(
        and(
          eq(evaluationRun.id, options.baselineId),
          eq(evaluationRun.subaccountId, run.subaccountId),
          ne(evaluationRun.id, run.id),
        ),
      )
      .limit(1);
    if (!previous) throw new AppError('NOT_FOUND', { message: 'Evaluation not found' });
  } else {
    [previous] = await db
      .select()
      .from(evaluationRun)
      .where(and(otherJudged, lt(evaluationRun.createdAt, run.createdAt), sameTarget))
      .orderBy(desc(evaluationRun.createdAt))
      .limit(1);
    // Offered among the runs to pick from, even when more than 50 other runs came between.
    if (previous && !candidates.some((candidate) => candidate.id === previous?.id)) candidates.push(previous);
  }

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
      currentConversationId: sampleConversationId(current),
      previousConversationId: sampleConversationId(before),
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
    candidates: candidates.map((candidate) => ({
      id: candidate.id,
      name: candidate.name,
      status: candidate.status,
      createdAt: candidate.createdAt.toISOString(),
      isSameTarget: isSameTarget(candidate),
    })),
  };
}
