import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { evaluationMessages, type QuestionGenerationResults } from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { questionGeneration } from '../evaluation.tables';
import { generateCategoryQuestions } from './generate-category-questions';
import { generationFailureMessage } from './generation-failures';
import { resolveTestingModel } from '../settings/resolve-testing-model';

/** A category's failure, already worded for the user (which step, why, what to do). */
class GenerationStepError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'GenerationStepError';
  }
}

/** Generates the requested questions per category (in parallel) and stores them; a failure is recorded, not thrown. */
export async function runQuestionGenerationJob(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  generationId: string;
}): Promise<void> {
  const { db } = options;
  const [job] = await db
    .update(questionGeneration)
    .set({ status: 'running', updatedAt: new Date() })
    .where(and(eq(questionGeneration.id, options.generationId), eq(questionGeneration.status, 'pending')))
    .returning();
  if (!job) return;
  try {
    const { request } = job;
    const testingModel = await resolveTestingModel({
      db,
      config: options.config,
      subaccountId: job.subaccountId,
      model: request.testingModel,
    });
    const generate = (
      category: 'industry' | 'angry' | 'compliance' | 'prompthacking' | 'custom',
      count: number,
      label?: string,
    ) =>
      count > 0
        ? generateCategoryQuestions({
            db,
            config: options.config,
            logger: options.logger,
            testingModel,
            category,
            label,
            count,
            purpose: request.prompt,
          }).catch((error: unknown) => {
            throw new GenerationStepError(generationFailureMessage({ category, label }, error), error);
          })
        : Promise.resolve([]);
    const [industry, angry, compliance, prompthacking, ...custom] = await Promise.all([
      generate('industry', request.counts.industry),
      generate('angry', request.counts.angry),
      generate('compliance', request.counts.compliance),
      generate('prompthacking', request.counts.prompthacking),
      ...request.custom.map((entry) => generate('custom', entry.count, entry.label)),
    ]);
    const results: QuestionGenerationResults = {
      industry: industry ?? [],
      angry: angry ?? [],
      compliance: compliance ?? [],
      prompthacking: prompthacking ?? [],
      custom: Object.fromEntries(request.custom.map((entry, index) => [entry.label, custom[index] ?? []])),
    };
    await db
      .update(questionGeneration)
      .set({ status: 'complete', results, updatedAt: new Date() })
      .where(eq(questionGeneration.id, job.id));
  } catch (error) {
    options.logger.warn({ err: error, generationId: job.id }, 'question generation failed');
    const message =
      error instanceof GenerationStepError || error instanceof AppError
        ? error.message
        : evaluationMessages.generationFailed;
    await db
      .update(questionGeneration)
      .set({ status: 'failed', error: message, updatedAt: new Date() })
      .where(eq(questionGeneration.id, job.id));
  }
}
