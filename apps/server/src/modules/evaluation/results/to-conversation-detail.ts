import type { EvaluationConversationDetail } from '@agentry/core/evaluation';
import type { evaluationConversation } from '../evaluation.tables';
import { toConversationListItem } from './to-conversation-list-item';
import { emptyConversationUsage, sumUsage } from './usage-math';

/** A conversation in full: the transcript with the question turn and the judged answer marked, and the judge's reasoning. */
export function toConversationDetail(row: typeof evaluationConversation.$inferSelect): EvaluationConversationDetail {
  return {
    ...toConversationListItem(row),
    runId: row.runId,
    successCriteria: row.successCriteria,
    transcript: row.transcript.map((message, index) => ({
      role: message.role,
      content: message.content,
      turn: message.turn,
      isQuestion: message.role === 'user' && message.turn === row.whenToAsk,
      isJudged: index === row.judgedTurnIndex,
    })),
    judgedTurnIndex: row.judgedTurnIndex,
    judgeReasoning: row.judgeReasoning,
    usage: sumUsage([row.usage ?? emptyConversationUsage(), row.rewordingUsage]),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
