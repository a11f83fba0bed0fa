import type { EvaluationConversationDetail } from '@agentry/core/evaluation';
import { toCsv } from './to-csv';

const csvHeader = [
  'conversation_id',
  'group',
  'question_id',
  'question',
  'asked_text',
  'variation',
  'when_to_ask',
  'status',
  'verdict',
  'judge_verdict',
  'override_verdict',
  'override_note',
  'score',
  'judge_reasoning',
  'success_criteria',
  'offline',
  'error',
  'cost_usd',
  'transcript',
];

/** One row per conversation; the transcript as "role: text" lines in one cell. */
export function exportEvaluationCsv(details: readonly EvaluationConversationDetail[]): string {
  return toCsv([
    csvHeader,
    ...details.map((conversation) => [
      conversation.id,
      conversation.group,
      conversation.questionId,
      conversation.questionText,
      conversation.askedText,
      conversation.variation,
      conversation.whenToAsk,
      conversation.status,
      conversation.verdict,
      conversation.judgeVerdict,
      conversation.override?.verdict,
      conversation.override?.note,
      conversation.score,
      conversation.judgeReasoning,
      conversation.successCriteria,
      conversation.offline,
      conversation.error,
      conversation.costUsd.toFixed(6),
      conversation.transcript.map((message) => `${message.role}: ${message.content}`).join('\n'),
    ]),
  ]);
}
