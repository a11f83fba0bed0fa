import type { FastifyReply } from 'fastify';
import { isEvaluationRunOver, type EvaluationProgressEvent } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import type { LiveEvents } from '../../../platform/events/live-events';
import { startEventStream } from '../../llm/sse';
import type { evaluationRun } from '../evaluation.tables';
import { runChannel } from '../evaluation-types';
import { getProgressSnapshot } from './get-progress-snapshot';
import type { RunChannelMessage } from './run-evaluation-job';

export const HEARTBEAT_INTERVAL_MS = 15_000;

/**
 * GET /api/evaluations/:runId/events: a snapshot from the database, then each progress event
 * the worker publishes (on any instance), a heartbeat comment every 15 s, and the end of the
 * stream once the run is finished, cancelled or failed.
 */
export async function streamEvaluationEvents(options: {
  db: Database;
  events: LiveEvents;
  run: typeof evaluationRun.$inferSelect;
  reply: FastifyReply;
  heartbeatMs?: number;
}): Promise<void> {
  const { reply } = options;
  const stream = startEventStream(reply);
  const pending: EvaluationProgressEvent[] = [];
  let isSnapshotSent = false;
  let isClosed = false;
  let resolveEnd: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    resolveEnd = resolve;
  });
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    stream.end();
    resolveEnd();
  };
  const deliver = (event: EvaluationProgressEvent) => {
    stream.send(event);
    if (isEvaluationRunOver(event.status)) close();
  };
  // Subscribed before the snapshot is read, so no event between the two is lost.
  const unsubscribe = await options.events.subscribe(runChannel(options.run.id), (message) => {
    const payload = message as RunChannelMessage;
    if (payload.kind !== 'progress' || isClosed) return;
    if (isSnapshotSent) deliver(payload.event);
    else pending.push(payload.event);
  });
  reply.raw.on('close', close);
  const heartbeat = setInterval(() => {
    if (!reply.raw.writableEnded) reply.raw.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
  try {
    const snapshot = await getProgressSnapshot({ db: options.db, run: options.run });
    deliver(snapshot);
    isSnapshotSent = true;
    for (const event of pending.splice(0)) if (!isClosed) deliver(event);
    await ended;
  } finally {
    clearInterval(heartbeat);
    reply.raw.off('close', close);
    await unsubscribe().catch(() => undefined);
    close();
  }
}
