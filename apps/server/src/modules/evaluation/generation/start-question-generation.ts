import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { GenerateQuestionsBody } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { JobQueue } from '../../../platform/queue/job-queue';
import { questionGeneration } from '../evaluation.tables';
import { QUESTION_GENERATION_QUEUE } from '../evaluation-types';
import { lockSubaccount } from '../lock-subaccount';

export const DEFAULT_GENERATION_TESTING_MODEL = 'gpt-4o-mini';
/** A sub account has at most this many generations pending or running (docs/product/evaluation.md#question-generation). */
export const MAX_ACTIVE_GENERATIONS_PER_SUBACCOUNT = 3;
/** A generation takes seconds; one untouched for this long lost its worker and no longer counts. */
const GENERATION_COUNTS_FOR_MS = 5 * 60_000;

/**
 * Records a question-generation request and queues its job; answers the id the client polls.
 * Refused (429) while the sub account has MAX_ACTIVE_GENERATIONS_PER_SUBACCOUNT in progress.
 */
export async function startQuestionGeneration(options: {
  db: Database;
  queue: JobQueue;
  subaccountId: string;
  userId: string;
  body: GenerateQuestionsBody;
}): Promise<string> {
  const { body } = options;
  const custom = body.customPrompts
    .filter((entry) => entry.count > 0)
    .map((entry) => ({ label: entry.label, count: entry.count }));
  const counts = {
    industry: body.generatedIndustryCount,
    angry: body.generatedAngryCount,
    compliance: body.generatedComplianceCount,
    prompthacking: body.generatedPromptHackingCount,
  };
  if (Object.values(counts).every((count) => count === 0) && custom.length === 0) {
    throw new AppError('VALIDATION_ERROR', { message: 'Choose how many questions to generate' });
  }
  const id = randomUUID();
  const { subaccountId } = options;
  await options.db.transaction(async (tx) => {
    await lockSubaccount(tx, subaccountId);
    const [active] = await tx
      .select({ value: count() })
      .from(questionGeneration)
      .where(
        and(
          eq(questionGeneration.subaccountId, subaccountId),
          inArray(questionGeneration.status, ['pending', 'running']),
          gt(questionGeneration.updatedAt, new Date(Date.now() - GENERATION_COUNTS_FOR_MS)),
        ),
      );
    if ((active?.value ?? 0) >= MAX_ACTIVE_GENERATIONS_PER_SUBACCOUNT)
      throw new AppError('RATE_LIMITED', {
        message: `This sub account already has ${MAX_ACTIVE_GENERATIONS_PER_SUBACCOUNT} question generations in progress. Wait for one to end, then try again.`,
      });
    await tx.insert(questionGeneration).values({
      id,
      subaccountId,
      request: {
        counts,
        custom,
        prompt: body.prompt,
        testingModel: body.testing_model?.trim() || DEFAULT_GENERATION_TESTING_MODEL,
      },
      createdByUserId: options.userId,
    });
  });
  await options.queue.enqueue(QUESTION_GENERATION_QUEUE, { generationId: id }, { jobId: id });
  return id;
}
