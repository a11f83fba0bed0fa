import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { EvaluationVerdict } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows-of';
import type { ConversationUsage, TranscriptMessage } from '../evaluation-types';
import type { RunProgress } from './create-run-progress';

/** At most one batch per this many milliseconds: how long a start or an end waits, at most, to be written and published. */
export const CONVERSATION_WRITE_INTERVAL_MS = 50;

/** A conversation whose write the database refused is tried again with the next batch, this many times in all. */
const MAX_WRITE_ATTEMPTS = 3;

export type JudgedConversation = {
  id: string;
  askedText: string;
  transcript: TranscriptMessage[];
  judgedTurnIndex: number;
  verdict: EvaluationVerdict;
  reasoning: string;
  score: number | null;
  isOffline: boolean;
  usage: ConversationUsage;
  costUsd: number;
  millicredits: number;
  threadId: string | null;
  startedAt: Date;
  finishedAt: Date;
};

/**
 * What a conversation's calls were charged: `usage` in all (with what earlier attempts of it were,
 * on a resumed run), `costUsd` and `millicredits` of this attempt's calls alone (added to the row's).
 */
export type ConversationSpend = { usage: ConversationUsage; costUsd: number; millicredits: number };

export type FailedConversation = { id: string; error: string; startedAt: Date; finishedAt: Date } & ConversationSpend;

export type ConversationWriter = {
  /** The conversation is being run: marked `running` with the next batch (unless it ends first). */
  start: (conversationId: string) => void;
  /**
   * The conversation was run but will not end here (the run was stopped): only what its calls
   * were charged is written (it is run again on resume, or stays as it was).
   */
  drop: (conversationId: string, spend: ConversationSpend) => void;
  finish: (conversation: JudgedConversation) => void;
  fail: (conversation: FailedConversation) => void;
  /** Writes whatever is pending now and stops the timer; answers once it is written. */
  close: () => Promise<void>;
};

type Pending<T> = { entry: T; attempts: number };

/**
 * The run's conversation rows, written in batches: at most one batch per
 * CONVERSATION_WRITE_INTERVAL_MS, in which the conversations that started go in one statement
 * and those that ended in another (one row each of a JSON recordset); then one progress event
 * is published with the counts the database accepted.
 * So a conversation is announced only once its row is committed (a crash loses no finished
 * conversation the viewer saw, and one not yet written is simply run again on resume), and
 * nothing is counted twice: every write is conditional on the row still being queued or
 * running and on this worker still holding the run's lease.
 */
export function createConversationWriter(options: {
  db: Database;
  runId: string;
  /** The lease owner of the job that writes: its rows are written only while it holds the run. */
  leaseOwner: string;
  progress: RunProgress;
  publish: () => Promise<void>;
  logger: FastifyBaseLogger;
  /** Some starts were refused: the conversation is no longer queued (the run was cancelled). */
  onStartRefused: () => void;
  intervalMs?: number;
}): ConversationWriter {
  const { db, progress } = options;
  const intervalMs = options.intervalMs ?? CONVERSATION_WRITE_INTERVAL_MS;
  const starts = new Set<string>();
  let judged: Pending<JudgedConversation>[] = [];
  let failed: Pending<FailedConversation>[] = [];
  let dropped: Pending<{ id: string } & ConversationSpend>[] = [];
  const isPending = () => judged.length > 0 || failed.length > 0 || dropped.length > 0;
  let hasNews = false;
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;
  let writing: Promise<void> = Promise.resolve();
  let lastWriteAt = 0;

  // Only while this worker holds the run: a worker that lost its lease leaves the rows to the next one.
  const isHeld = sql`exists (select 1 from evaluation_run r where r.id = c.run_id and r.lease_owner = ${options.leaseOwner})`;

  async function writeStarts(ids: string[]) {
    const result = await db.execute(sql`
      update evaluation_conversation c set status = 'running', started_at = now(), updated_at = now()
      where c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) and c.status = 'queued' and ${isHeld}
      returning c.id`);
    if (rowsOf(result).length < ids.length) options.onStartRefused();
  }

  async function writeJudged(batch: Pending<JudgedConversation>[]) {
    const values = batch.map(({ entry }) => ({
      id: entry.id,
      asked_text: entry.askedText,
      transcript: entry.transcript,
      judged_turn_index: entry.judgedTurnIndex,
      judge_verdict: entry.verdict,
      judge_reasoning: entry.reasoning,
      score: entry.score,
      offline: entry.isOffline,
      usage: entry.usage,
      cost_usd: entry.costUsd,
      millicredits: entry.millicredits,
      thread_id: entry.threadId,
      started_at: entry.startedAt.toISOString(),
      finished_at: entry.finishedAt.toISOString(),
    }));
    const result = await db.execute(sql`
      update evaluation_conversation c set
        status = 'done', asked_text = v.asked_text, transcript = v.transcript, judged_turn_index = v.judged_turn_index,
        judge_verdict = v.judge_verdict, judge_reasoning = v.judge_reasoning, score = v.score, offline = v.offline,
        usage = v.usage, cost_usd = c.cost_usd + v.cost_usd, millicredits = c.millicredits + v.millicredits,
        thread_id = v.thread_id, error = null, started_at = v.started_at, finished_at = v.finished_at, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
        id text, asked_text text, transcript jsonb, judged_turn_index integer, judge_verdict text, judge_reasoning text,
        score double precision, offline boolean, usage jsonb, cost_usd double precision, millicredits integer,
        thread_id text, started_at timestamptz, finished_at timestamptz)
      where c.id = v.id and c.status in ('queued', 'running') and ${isHeld}
      returning c.id, c.override_verdict`);
    await addSpendOfCancelled(batch, rowsOf<{ id: string }>(result));
    const verdicts = new Map(batch.map(({ entry }) => [entry.id, entry.verdict]));
    for (const row of rowsOf<{ id: string; override_verdict: EvaluationVerdict | null }>(result)) {
      const verdict = row.override_verdict ?? verdicts.get(row.id);
      progress.totals.done += 1;
      if (verdict === 'pass') progress.totals.passes += 1;
      else if (verdict === 'fail') progress.totals.failures += 1;
      else progress.totals.unclear += 1;
    }
  }

  async function writeFailed(batch: Pending<FailedConversation>[]) {
    const values = batch.map(({ entry }) => ({
      id: entry.id,
      error: entry.error,
      usage: entry.usage,
      cost_usd: entry.costUsd,
      millicredits: entry.millicredits,
      started_at: entry.startedAt.toISOString(),
      finished_at: entry.finishedAt.toISOString(),
    }));
    const result = await db.execute(sql`
      update evaluation_conversation c set
        status = 'error', error = v.error, usage = v.usage, cost_usd = c.cost_usd + v.cost_usd,
        millicredits = c.millicredits + v.millicredits, started_at = v.started_at, finished_at = v.finished_at,
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
        id text, error text, usage jsonb, cost_usd double precision, millicredits integer, started_at timestamptz,
        finished_at timestamptz)
      where c.id = v.id and c.status in ('queued', 'running') and ${isHeld}
      returning c.id`);
    await addSpendOfCancelled(batch, rowsOf<{ id: string }>(result));
    const written = rowsOf(result).length;
    progress.totals.done += written;
    progress.totals.errors += written;
  }

  /**
   * A conversation that ended (judged or failed) after a cancel had marked it cancelled stays
   * cancelled, and what its calls were charged still counts.
   */
  async function addSpendOfCancelled(
    batch: Pending<{ id: string } & ConversationSpend>[],
    written: readonly { id: string }[],
  ): Promise<void> {
    const writtenIds = new Set(written.map((row) => row.id));
    const rest = batch.filter(({ entry }) => !writtenIds.has(entry.id));
    if (rest.length > 0) await writeDropped(rest);
  }

  /**
   * What stopped conversations were charged; they stay queued or running, or cancelled (a cancel
   * marks them before the calls in flight stop: what those had paid still counts in the run's cost).
   */
  async function writeDropped(batch: Pending<{ id: string } & ConversationSpend>[]) {
    const values = batch.map(({ entry }) => ({
      id: entry.id,
      usage: entry.usage,
      cost_usd: entry.costUsd,
      millicredits: entry.millicredits,
    }));
    await db.execute(sql`
      update evaluation_conversation c set
        usage = v.usage, cost_usd = c.cost_usd + v.cost_usd, millicredits = c.millicredits + v.millicredits,
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
        id text, usage jsonb, cost_usd double precision, millicredits integer)
      where c.id = v.id and c.status in ('queued', 'running', 'cancelled') and ${isHeld}`);
  }

  /**
   * Runs one write of a batch. When the database refuses a batch of several, each is written on
   * its own (one bad row must not hold back the others); one that is refused is put back for the
   * next write, until its attempts are spent.
   */
  async function attempt<T>(
    batch: Pending<T>[],
    write: (batch: Pending<T>[]) => Promise<void>,
    giveBack: (entry: Pending<T>) => void,
  ): Promise<void> {
    if (batch.length === 0) return;
    try {
      await write(batch);
      hasNews = true;
    } catch (error) {
      if (batch.length > 1) {
        for (const one of batch) await attempt([one], write, giveBack);
        return;
      }
      const [one] = batch;
      if (!one) return;
      options.logger.error({ err: error, attempts: one.attempts + 1 }, 'could not record an evaluation conversation');
      giveBack({ entry: one.entry, attempts: one.attempts + 1 });
    }
  }

  async function write() {
    lastWriteAt = Date.now();
    const startIds = [...starts];
    starts.clear();
    const judgedBatch = judged;
    const failedBatch = failed;
    const droppedBatch = dropped;
    judged = [];
    failed = [];
    dropped = [];
    // Disjoint rows (a conversation that ended is no longer among the starts): side by side.
    await Promise.all([
      startIds.length > 0
        ? writeStarts(startIds).catch((error: unknown) =>
            options.logger.warn({ err: error }, 'could not mark evaluation conversations running'),
          )
        : undefined,
      attempt(judgedBatch, writeJudged, (entry) => {
        if (entry.attempts < MAX_WRITE_ATTEMPTS) judged.push(entry);
        // Its result cannot be stored: it ends as an error rather than staying "running" forever.
        else
          failed.push({
            entry: {
              id: entry.entry.id,
              error: 'The conversation failed because of an internal error.',
              startedAt: entry.entry.startedAt,
              finishedAt: entry.entry.finishedAt,
              usage: entry.entry.usage,
              costUsd: entry.entry.costUsd,
              millicredits: entry.entry.millicredits,
            },
            attempts: 0,
          });
      }),
      attempt(failedBatch, writeFailed, (entry) => {
        if (entry.attempts < MAX_WRITE_ATTEMPTS) failed.push(entry);
      }),
      attempt(droppedBatch, writeDropped, (entry) => {
        if (entry.attempts < MAX_WRITE_ATTEMPTS) dropped.push(entry);
      }),
    ]);
    if (hasNews) {
      hasNews = false;
      await options.publish();
    }
    if (isPending() && !isClosed) schedule();
  }

  function onWriteError(error: unknown) {
    options.logger.error({ err: error }, 'could not record evaluation progress');
  }

  function schedule() {
    if (timer) return;
    // The first news after a quiet spell goes at once; then at most one batch per interval.
    timer = setTimeout(
      () => {
        timer = undefined;
        writing = writing.then(write).catch(onWriteError);
      },
      Math.max(0, lastWriteAt + intervalMs - Date.now()),
    );
  }

  function changed() {
    hasNews = true;
    schedule();
  }

  return {
    start(conversationId) {
      starts.add(conversationId);
      changed();
    },
    drop(conversationId, spend) {
      starts.delete(conversationId);
      if (spend.millicredits === 0 && spend.costUsd === 0) return;
      dropped.push({ entry: { id: conversationId, ...spend }, attempts: 0 });
      schedule();
    },
    finish(conversation) {
      starts.delete(conversation.id);
      judged.push({ entry: conversation, attempts: 0 });
      schedule();
    },
    fail(conversation) {
      starts.delete(conversation.id);
      failed.push({ entry: conversation, attempts: 0 });
      schedule();
    },
    async close() {
      isClosed = true;
      clearTimeout(timer);
      timer = undefined;
      writing = writing.then(write).catch(onWriteError);
      await writing;
      // What the database refused on the last write gets its remaining attempts now.
      while (isPending()) {
        writing = writing.then(write).catch(onWriteError);
        await writing;
      }
    },
  };
}
