import { randomUUID } from 'node:crypto';
import type { GenerateQuestionsBody } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { JobQueue } from '../../../platform/queue/job-queue';
import { questionGeneration } from '../evaluation.tables';
import { QUESTION_GENERATION_QUEUE } from '../evaluation-types';

export const DEFAULT_GENERATION_TESTING_MODEL = 'gpt-4o-mini';

/** Records a question-generation request and queues its job; answers the id the client polls. */
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
  await options.db.insert(questionGeneration).values({
    id,
    subaccountId: options.subaccountId,
    request: {
      counts,
      custom,
      prompt: body.prompt,
      testingModel: body.testing_model?.trim() || DEFAULT_GENERATION_TESTING_MODEL,
    },
    createdByUserId: options.userId,
  });
  await options.queue.enqueue(QUESTION_GENERATION_QUEUE, { generationId: id }, { jobId: id });
  return id;
}
