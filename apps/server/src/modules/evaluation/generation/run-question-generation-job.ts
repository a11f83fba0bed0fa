import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { evaluationMessages, type GeneratedQuestion, type QuestionGenerationResults } from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { questionGeneration } from '../evaluation.tables';
import { generateCategoryQuestions } from './generate-category-questions';
import { generationFailureMessage } from './generation-failures';
import type { GenerationCategory } from './offline-generated-questions';
import { resolveTestingModel } from '../settings/resolve-testing-model';

type GenerationStep = { category: GenerationCategory; label?: string; count: number };

/**
 * Generates the requested questions per category (in parallel) and stores them; a failure is
 * recorded, not thrown. Each category is a paid call of its own, so one that fails never discards
 * the questions of the others: the job completes with them and `error` names each category that
 * failed (which step, why, what to do). It fails only when every requested category failed.
 */
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
  const fail = async (error: string) => {
    await db
      .update(questionGeneration)
      .set({ status: 'failed', error, updatedAt: new Date() })
      .where(eq(questionGeneration.id, job.id));
  };
  try {
    const { request } = job;
    const testingModel = await resolveTestingModel({
      db,
      config: options.config,
      subaccountId: job.subaccountId,
      model: request.testingModel,
    });
    const steps: GenerationStep[] = [
      { category: 'industry', count: request.counts.industry },
      { category: 'angry', count: request.counts.angry },
      { category: 'compliance', count: request.counts.compliance },
      { category: 'prompthacking', count: request.counts.prompthacking },
      ...request.custom.map((entry) => ({ category: 'custom' as const, label: entry.label, count: entry.count })),
    ];
    // Settled, not Promise.all: a failed category must not throw away the questions already paid for.
    const outcomes = await Promise.allSettled(
      steps.map((step) =>
        step.count > 0
          ? generateCategoryQuestions({
              db,
              config: options.config,
              logger: options.logger,
              testingModel,
              category: step.category,
              label: step.label,
              count: step.count,
              purpose: request.prompt,
            })
          : Promise.resolve([]),
      ),
    );
    const failures: string[] = [];
    const [industry = [], angry = [], compliance = [], prompthacking = [], ...custom] = outcomes.map(
      (outcome, index): GeneratedQuestion[] => {
        if (outcome.status === 'fulfilled') return outcome.value;
        const step = steps[index] as GenerationStep;
        options.logger.warn(
          { err: outcome.reason, generationId: job.id, category: step.category, label: step.label },
          'question generation step failed',
        );
        failures.push(generationFailureMessage(step, outcome.reason));
        return [];
      },
    );
    const requested = steps.filter((step) => step.count > 0).length;
    if (failures.length > 0 && failures.length === requested) {
      await fail(failures.join(' '));
      return;
    }
    // Names are unique since the request schema refuses repeats; a request recorded before that
    // still keeps every question it paid for, the repeated name's after the first's.
    const byLabel = new Map<string, GeneratedQuestion[]>();
    request.custom.forEach((entry, index) => {
      byLabel.set(entry.label, [...(byLabel.get(entry.label) ?? []), ...(custom[index] ?? [])]);
    });
    const results: QuestionGenerationResults = {
      industry,
      angry,
      compliance,
      prompthacking,
      custom: Object.fromEntries(byLabel),
    };
    await db
      .update(questionGeneration)
      .set({
        status: 'complete',
        results,
        error: failures.length > 0 ? failures.join(' ') : null,
        updatedAt: new Date(),
      })
      .where(eq(questionGeneration.id, job.id));
  } catch (error) {
    options.logger.warn({ err: error, generationId: job.id }, 'question generation failed');
    // Before any category ran (e.g. the testing model cannot be used): its own reason, else the generic text.
    await fail(error instanceof AppError ? error.message : evaluationMessages.generationFailed);
  }
}
