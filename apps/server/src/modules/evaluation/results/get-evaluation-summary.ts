import { asc, eq } from 'drizzle-orm';
import { EvaluationGroup, type EvaluationQuestionStats, type EvaluationSummary } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { computeStats, computeTotals, passRateOf } from './compute-totals';
import { evaluationConversation, type evaluationRun } from '../evaluation.tables';
import { toConversationListItem } from './to-conversation-list-item';
import { sumUsage } from './usage-math';

/** A run's results: counts (overrides count in place of the judge's verdict), pass rates, cost per role, conversations. */
export async function getEvaluationSummary(options: {
  db: Database;
  run: typeof evaluationRun.$inferSelect;
}): Promise<EvaluationSummary> {
  const { run } = options;
  const rows = await options.db
    .select()
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, run.id))
    .orderBy(asc(evaluationConversation.position));
  const totals = computeTotals(rows);
  const byQuestion = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.group}\u0000${row.questionId}\u0000${row.questionText}`;
    byQuestion.set(key, [...(byQuestion.get(key) ?? []), row]);
  }
  const questionStats: EvaluationQuestionStats[] = [...byQuestion.values()].map((group) => {
    const first = group[0] as (typeof rows)[number];
    return {
      group: first.group,
      questionId: first.questionId,
      questionText: first.questionText,
      ...computeStats(group),
    };
  });
  return {
    id: run.id,
    evaluationId: run.evaluationId,
    name: run.name,
    type: run.type,
    agent: run.agentId || run.agentName ? { buildId: run.agentId ?? '', aiName: run.agentName ?? '' } : null,
    model: run.model,
    testingModel: run.testingModel,
    status: run.status,
    error: run.error,
    concurrency: run.concurrency,
    totals,
    passRate: {
      overall: passRateOf(totals),
      byGroup: EvaluationGroup.options
        .filter((group) => rows.some((row) => row.group === group))
        .map((group) => ({ group, ...computeStats(rows.filter((row) => row.group === group)) })),
      byQuestion: questionStats,
    },
    overrides: rows.filter((row) => row.status === 'done' && row.overrideVerdict !== null).length,
    usage: sumUsage(rows.flatMap((row) => [row.usage, row.rewordingUsage])),
    conversations: rows.map(toConversationListItem),
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
