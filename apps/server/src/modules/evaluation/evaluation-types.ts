import type { EvaluationRole, RoleUsage } from '@agentry/core/evaluation';

/** One message of a conversation; `turn` is the user turn it belongs to (0: the opening message). */
export type TranscriptMessage = { role: 'user' | 'assistant'; content: string; turn: number };

export type ConversationUsage = Record<EvaluationRole, RoleUsage>;

/** What one model call cost. */
export type CallUsage = { inputTokens: number; outputTokens: number; costUsd: number; millicredits: number };

export const EVALUATION_RUN_QUEUE = 'evaluation-run';
export const QUESTION_GENERATION_QUEUE = 'question-generation';

/** The channel of a run's live events (progress and cancel requests). */
export function runChannel(runId: string): string {
  return `evaluation:${runId}`;
}
