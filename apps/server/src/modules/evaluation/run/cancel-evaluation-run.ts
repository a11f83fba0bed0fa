import { and, eq, inArray } from 'drizzle-orm';
import type { EvaluationRunStatus } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import type { LiveEvents } from '../../../platform/events/live-events';
import { computeTotals } from '../results/compute-totals';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { runChannel } from '../evaluation-types';
import type { RunChannelMessage } from './run-evaluation-job';

/**
 * Cancels a run: the run and its unfinished conversations are marked cancelled at once, and
 * the worker driving it (on any instance) is told to abort its calls in flight. A run that
 * already ended answers its status unchanged.
 */
export async function cancelEvaluationRun(options: {
  db: Database;
  events: LiveEvents;
  runId: string;
}): Promise<EvaluationRunStatus> {
  const { db, runId } = options;
  const [cancelled] = await db
    .update(evaluationRun)
    .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(evaluationRun.id, runId), inArray(evaluationRun.status, ['queued', 'running'])))
    .returning({ status: evaluationRun.status });
  if (!cancelled) {
    const [row] = await db
      .select({ status: evaluationRun.status })
      .from(evaluationRun)
      .where(eq(evaluationRun.id, runId))
      .limit(1);
    return row?.status ?? 'cancelled';
  }
  await db
    .update(evaluationConversation)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(evaluationConversation.runId, runId), inArray(evaluationConversation.status, ['queued', 'running'])));
  await options.events.publish(runChannel(runId), { kind: 'cancel' } satisfies RunChannelMessage);
  const rows = await db
    .select({
      status: evaluationConversation.status,
      judgeVerdict: evaluationConversation.judgeVerdict,
      overrideVerdict: evaluationConversation.overrideVerdict,
    })
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, runId));
  const totals = computeTotals(rows);
  const event = {
    type: 'progress',
    runId,
    status: 'cancelled',
    done: totals.done,
    total: totals.total,
    passes: totals.passes,
    failures: totals.failures,
    unclear: totals.unclear,
    errors: totals.errors,
    current: null,
  } as const;
  await options.events.publish(runChannel(runId), { kind: 'progress', event } satisfies RunChannelMessage);
  return 'cancelled';
}
