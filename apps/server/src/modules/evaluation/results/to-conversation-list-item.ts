import type { EvaluationConversationListItem } from '@agentry/core/evaluation';
import { effectiveVerdict } from './compute-totals';
import type { evaluationConversation } from '../evaluation.tables';

export function toConversationListItem(
  row: typeof evaluationConversation.$inferSelect,
): EvaluationConversationListItem {
  return {
    id: row.id,
    group: row.group,
    questionId: row.questionId,
    questionText: row.questionText,
    askedText: row.askedText,
    variation: row.variation,
    whenToAsk: row.whenToAsk,
    status: row.status,
    verdict: effectiveVerdict(row),
    judgeVerdict: row.judgeVerdict,
    override:
      row.overrideVerdict && row.overrideAt
        ? {
            verdict: row.overrideVerdict,
            note: row.overrideNote,
            userId: row.overrideUserId ?? '',
            at: row.overrideAt.toISOString(),
          }
        : null,
    score: row.score,
    offline: row.offline,
    error: row.error,
    costUsd: row.costUsd,
  };
}
