import {
  QUESTION_GENERATION_MAX_ATTEMPTS,
  QUESTION_GENERATION_POLL_INTERVAL_MS,
  evaluationMessages,
  type QuestionGenerationResults,
} from '@agentry/core/evaluation';
import { sleep } from '@agentry/core/sleep';
import { getQuestionGeneration } from './evaluation-api';

/**
 * Why generation stopped: the documented time-out text, what the failed job says (which step,
 * why, what to do), or 'Failed to generate questions' when nothing more is known.
 */
export class QuestionGenerationError extends Error {
  readonly reason: 'timeout' | 'failed';
  constructor(reason: 'timeout' | 'failed', detail?: string) {
    super(reason === 'timeout' ? evaluationMessages.generationTimedOut : detail || evaluationMessages.generationFailed);
    this.name = 'QuestionGenerationError';
    this.reason = reason;
  }
}

/** A completed job's questions; `failure` says which categories it could not write, and why (else null). */
export type QuestionGenerationOutcome = { results: QuestionGenerationResults; failure: string | null };

/**
 * docs/product/evaluation.md#question-generation: asks every 3 s until the job is complete, at most 100 times. A failed job
 * raises its own explanation (a failed request 'Failed to generate questions'); the hundredth unfinished answer raises the time-out.
 * A job that completed without some categories answers the questions it wrote, with what failed.
 */
export async function pollQuestionGeneration(id: string, signal?: AbortSignal): Promise<QuestionGenerationOutcome> {
  for (let attempt = 1; attempt <= QUESTION_GENERATION_MAX_ATTEMPTS; attempt += 1) {
    await sleep(QUESTION_GENERATION_POLL_INTERVAL_MS, signal);
    let reply;
    try {
      reply = await getQuestionGeneration(id, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new QuestionGenerationError('failed');
    }
    if (reply.data.status === 'complete')
      return { results: reply.data.results.results, failure: reply.data.error || null };
    if (reply.data.status === 'failed') throw new QuestionGenerationError('failed', reply.data.error);
  }
  throw new QuestionGenerationError('timeout');
}
