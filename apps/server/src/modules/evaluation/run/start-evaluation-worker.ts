import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { evaluationMessages } from '@agentry/core/evaluation';
import { evaluationRun, questionGeneration } from '../evaluation.tables';
import { EVALUATION_RUN_QUEUE, QUESTION_GENERATION_QUEUE } from '../evaluation-types';
import { runEvaluationJob } from './run-evaluation-job';
import { runQuestionGenerationJob } from '../generation/run-question-generation-job';

const RunJobPayload = z.object({ runId: z.string().min(1) });
const GenerationJobPayload = z.object({ generationId: z.string().min(1) });
const STALE_GENERATION_MS = 5 * 60_000;

/**
 * This process's workers for evaluation runs and question generation. Runs left queued or
 * running (a restart, a crashed instance) are queued again once the app is ready; on close,
 * the runs in progress stop their calls and release their lease, to be resumed.
 */
export function startEvaluationWorker(app: FastifyInstance) {
  const { database, config, queue, events } = app.platform;
  const db = database.db;
  const workerId = randomUUID();
  const shutdown = new AbortController();
  const active = new Set<Promise<void>>();

  queue.work<unknown>(
    EVALUATION_RUN_QUEUE,
    async (payload) => {
      const { runId } = RunJobPayload.parse(payload);
      const job = runEvaluationJob({
        db,
        config,
        logger: app.log,
        events,
        runId,
        // The job holds the run under its own token beside this id: a second job of the run here waits.
        workerId,
        shutdownSignal: shutdown.signal,
      });
      active.add(job);
      try {
        await job;
      } finally {
        active.delete(job);
      }
    },
    { concurrency: 4 },
  );
  queue.work<unknown>(
    QUESTION_GENERATION_QUEUE,
    async (payload) => {
      const { generationId } = GenerationJobPayload.parse(payload);
      await runQuestionGenerationJob({ db, config, logger: app.log, generationId });
    },
    { concurrency: 4 },
  );

  app.addHook('onReady', async () => {
    const unfinished = await db
      .select({ id: evaluationRun.id })
      .from(evaluationRun)
      .where(inArray(evaluationRun.status, ['queued', 'running']));
    // A fresh job id: the first one may be recorded as completed by the queue.
    for (const run of unfinished)
      await queue.enqueue(EVALUATION_RUN_QUEUE, { runId: run.id }, { jobId: `${run.id}-resume-${workerId}` });
    // Generations take seconds: one still running after minutes lost its worker; the client has given up polling by then.
    await db
      .update(questionGeneration)
      .set({ status: 'failed', error: evaluationMessages.generationFailed, updatedAt: new Date() })
      .where(
        and(
          eq(questionGeneration.status, 'running'),
          lt(questionGeneration.updatedAt, new Date(Date.now() - STALE_GENERATION_MS)),
        ),
      );
    const pending = await db
      .select({ id: questionGeneration.id })
      .from(questionGeneration)
      .where(eq(questionGeneration.status, 'pending'));
    for (const generation of pending)
      await queue.enqueue(
        QUESTION_GENERATION_QUEUE,
        { generationId: generation.id },
        { jobId: `${generation.id}-resume-${workerId}` },
      );
  });
  app.addHook('preClose', async () => {
    shutdown.abort();
    await Promise.allSettled([...active]);
  });
}
