import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { agentSamplingDefaults } from '@agentry/core/agents';
import { sleep } from '@agentry/core/sleep';
import { SUBACCOUNT_LOCKED_MESSAGE } from '@agentry/core/subaccounts';
import {
  evaluationRunEndStatuses,
  type EvaluationProgressEvent,
  type EvaluationRunStatus,
} from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import type { LiveEvents } from '../../../platform/events/live-events';
import { AppError } from '../../../platform/http/app-error';
import { getAgentRowOrThrow } from '../../agents/get-agent-or-throw';
import { toReplyAgent } from '../../agents/to-reply-agent';
import { getAgentVersionRowOrThrow } from '../../agents/get-agent-version-or-throw';
import { toVersionReplyAgent } from '../../agents/load-published-reply-agent';
import { getSubaccountOwnerOrThrow } from '../../accounts/get-subaccount-owner';
import { isSubaccountLocked } from '../../billing/is-subaccount-locked';
import { listProviderKeys } from '../../llm/list-provider-keys';
import { resolveModelRoute } from '../../llm/resolve-model-route';
import type { AssistantUnderTest } from './call-assistant-under-test';
import { chooseModelProvider } from '../settings/choose-model-provider';
import { computeTotals } from '../results/compute-totals';
import { createAdaptiveLimiter } from './create-adaptive-limiter';
import { createRewordingCache } from '../generation/create-rewording-cache';
import { createConversationWriter } from './create-conversation-writer';
import { createRunProgress, type RunProgress } from './create-run-progress';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { runChannel } from '../evaluation-types';
import { resolveTestingModel, type TestingModel } from '../settings/resolve-testing-model';
import { runConversation, type ConversationContext } from './run-conversation';
import { addConversationUsage, emptyConversationUsage, sumUsage } from '../results/usage-math';

/** A worker holds a run for this long and renews it every third of it. */
export const RUN_LEASE_MS = 30_000;
/** How often a job waiting for another one's lease looks whether the run ended meanwhile. */
const LEASE_POLL_MS = 1_000;

export type RunChannelMessage = { kind: 'progress'; event: EvaluationProgressEvent } | { kind: 'cancel' };

type ConversationRow = typeof evaluationConversation.$inferSelect;
type RunRow = typeof evaluationRun.$inferSelect;

/** Why a run's work was stopped before its end. */
type StopReason = 'cancelled' | 'shutdown' | 'credits' | 'locked' | 'lease-lost';

/** The gateway's refusal of a sub account locked after a downgrade, or the run's own check. */
function isLockRefusal(error: unknown): boolean {
  return error instanceof AppError && error.code === 'PLAN_REQUIRED' && error.extra?.reason === 'subaccount_locked';
}

class RunStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`evaluation run stopped: ${reason}`);
  }
}

export type RunEvaluationJobOptions = {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  events: LiveEvents;
  runId: string;
  /** This process's id; each job holds the run under its own token beside it. */
  workerId: string;
  /** Aborted when this server shuts down: the run is left to be resumed. */
  shutdownSignal: AbortSignal;
};

async function claimRun(options: RunEvaluationJobOptions, leaseOwner: string): Promise<RunRow | undefined> {
  const now = new Date();
  const [claimed] = await options.db
    .update(evaluationRun)
    .set({
      status: 'running',
      leaseOwner,
      leaseExpiresAt: new Date(now.getTime() + RUN_LEASE_MS),
      startedAt: sql`coalesce(${evaluationRun.startedAt}, now())`,
      updatedAt: now,
    })
    .where(
      and(
        eq(evaluationRun.id, options.runId),
        inArray(evaluationRun.status, ['queued', 'running']),
        or(isNull(evaluationRun.leaseExpiresAt), lt(evaluationRun.leaseExpiresAt, now)),
      ),
    )
    .returning();
  return claimed;
}

/**
 * Claims the run; when another job's lease is still running, waits for it once (it may belong to a
 * dead instance), giving up as soon as the run ends.
 */
async function claimRunOrWait(options: RunEvaluationJobOptions, leaseOwner: string): Promise<RunRow | undefined> {
  const claimed = await claimRun(options, leaseOwner);
  if (claimed) return claimed;
  const readRun = async () => {
    const [current] = await options.db
      .select({ status: evaluationRun.status, leaseExpiresAt: evaluationRun.leaseExpiresAt })
      .from(evaluationRun)
      .where(eq(evaluationRun.id, options.runId))
      .limit(1);
    return current;
  };
  const isOver = (current: Awaited<ReturnType<typeof readRun>>) =>
    !current || (evaluationRunEndStatuses as readonly string[]).includes(current.status);
  const first = await readRun();
  if (isOver(first) || !first?.leaseExpiresAt) return undefined;
  const deadline = Date.now() + Math.min(RUN_LEASE_MS, first.leaseExpiresAt.getTime() - Date.now()) + 500;
  while (Date.now() < deadline) {
    await sleep(Math.min(LEASE_POLL_MS, Math.max(0, deadline - Date.now())), options.shutdownSignal).catch(
      () => undefined,
    );
    if (options.shutdownSignal.aborted) return undefined;
    const current = await readRun();
    if (isOver(current)) return undefined;
    if (!current?.leaseExpiresAt || current.leaseExpiresAt.getTime() < Date.now()) break;
  }
  return claimRun(options, leaseOwner);
}

async function loadAssistant(db: Database, config: AppConfig, run: RunRow): Promise<AssistantUnderTest> {
  if (run.type === 'openai-assistants') {
    if (!run.agentId) throw new AppError('NOT_FOUND', { message: 'The agent of this evaluation was deleted' });
    const row = await getAgentRowOrThrow({ db, agentId: run.agentId, subaccountId: run.subaccountId });
    // A run answers as the version it recorded; runs from before versions existed, as the working copy.
    const version = run.agentVersionId
      ? await getAgentVersionRowOrThrow({ db, agentId: row.id, versionId: run.agentVersionId })
      : null;
    return { kind: 'agent', agent: version ? toVersionReplyAgent(row, version) : toReplyAgent(row) };
  }
  const ai1 = run.payload.ai1_config;
  const keys = await listProviderKeys({ db, subaccountId: run.subaccountId });
  const stop = ai1.stopSequences;
  const choice = chooseModelProvider({ config, keyProviders: keys.map((key) => key.provider), model: run.model });
  // Resolved once for the run (a key lookup per answer otherwise). Left to each call when offline (its
  // responder answers per question) or when it fails (each conversation then fails with the error, as before).
  const route = await resolveModelRoute({
    db,
    config,
    subaccountId: run.subaccountId,
    choice,
    offline: () => '',
  }).catch(() => undefined);
  const runRoute = route?.provider === 'offline' ? undefined : route;
  return {
    kind: 'chat-completion',
    subaccountId: run.subaccountId,
    choice,
    route: runRoute,
    billingUserId: runRoute?.isBilled
      ? await getSubaccountOwnerOrThrow({ db, subaccountId: run.subaccountId })
      : undefined,
    sampling: {
      temperature: ai1.temperature ?? agentSamplingDefaults.temperature,
      maxTokens: ai1.maxTokens ?? agentSamplingDefaults.maxTokens,
      topP: ai1.topP ?? agentSamplingDefaults.topP,
      frequencyPenalty: ai1.frequencyPenalty ?? agentSamplingDefaults.frequencyPenalty,
      presencePenalty: ai1.presencePenalty ?? agentSamplingDefaults.presencePenalty,
      stopSequences:
        typeof stop === 'string'
          ? stop
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean)
              .slice(0, 4)
          : (stop ?? []),
    },
    system: [run.purpose, ai1.responseFormat === 'json_object' ? 'Answer with a JSON object.' : '']
      .filter(Boolean)
      .join('\n\n'),
    initialMessage: run.payload.initial_message,
  };
}

/**
 * Runs (or resumes) an evaluation: claims it with a lease, runs its queued conversations at
 * the run's adaptive concurrency, writes each one when it ends, and publishes progress. A
 * cancel (from any instance) aborts the calls in flight; a shutdown leaves the run to be
 * resumed, keeping the conversations already done.
 */
export async function runEvaluationJob(options: RunEvaluationJobOptions): Promise<void> {
  const { db, config, logger, events } = options;
  // One owner per job, never the process's id alone: a resume job or a redelivered one that reaches
  // this process while its run is worked here must not pass for the job that holds the lease.
  const leaseOwner = `${options.workerId}:${randomUUID()}`;
  const run = await claimRunOrWait(options, leaseOwner);
  if (!run) return;
  const log = logger.child({ runId: run.id });

  // Conversations a dead or stopped worker left running start again.
  await db
    .update(evaluationConversation)
    .set({ status: 'queued', transcript: [], threadId: null, startedAt: null, updatedAt: new Date() })
    .where(and(eq(evaluationConversation.runId, run.id), eq(evaluationConversation.status, 'running')));
  const rows = await db
    .select()
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, run.id))
    .orderBy(asc(evaluationConversation.position));
  const progress = createRunProgress(run, rows);
  const publish = () =>
    events
      .publish(runChannel(run.id), { kind: 'progress', event: progress.event() } satisfies RunChannelMessage)
      .catch((error: unknown) => log.warn({ err: error }, 'could not publish progress'));

  const controller = new AbortController();
  // Every call in flight listens on this signal (up to the run's concurrency times a few).
  setMaxListeners(0, controller.signal);
  const stop = (reason: StopReason) => {
    if (!controller.signal.aborted) controller.abort(new RunStopped(reason));
  };
  const onShutdown = () => stop('shutdown');
  options.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  if (options.shutdownSignal.aborted) stop('shutdown');
  const unsubscribe = await events.subscribe(runChannel(run.id), (message) => {
    if ((message as RunChannelMessage | undefined)?.kind === 'cancel') stop('cancelled');
  });
  const renewal = setInterval(() => {
    void db
      .update(evaluationRun)
      .set({ leaseExpiresAt: new Date(Date.now() + RUN_LEASE_MS) })
      .where(and(eq(evaluationRun.id, run.id), eq(evaluationRun.leaseOwner, leaseOwner)))
      .returning({ status: evaluationRun.status })
      .then(async ([row]) => {
        if (!row) stop('lease-lost');
        else if (row.status === 'cancelled') stop('cancelled');
        // A sub account locked after a downgrade spends nothing more: the calls in flight stop too.
        else if (await isSubaccountLocked({ db, subaccountId: run.subaccountId })) stop('locked');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not renew the evaluation lease'));
  }, RUN_LEASE_MS / 3);
  renewal.unref();

  let failure: string | null = null;
  try {
    const [assistant, testingModel] = await Promise.all([
      loadAssistant(db, config, run),
      resolveTestingModel({ db, config, subaccountId: run.subaccountId, model: run.testingModel }),
    ]);
    await publish();
    await runConversations({
      options,
      leaseOwner,
      run,
      rows,
      assistant,
      testingModel,
      progress,
      publish,
      signal: controller.signal,
      stop,
      log,
    });
  } catch (error) {
    if (!(controller.signal.reason instanceof RunStopped)) {
      failure = error instanceof AppError ? error.message : 'The evaluation stopped because of an internal error.';
      log.error({ err: error }, 'evaluation run failed');
    }
  } finally {
    clearInterval(renewal);
    options.shutdownSignal.removeEventListener('abort', onShutdown);
    await unsubscribe().catch(() => undefined);
  }

  const reason = controller.signal.aborted ? (controller.signal.reason as RunStopped).reason : null;
  if (reason === 'shutdown' || reason === 'lease-lost') {
    // Left for the next worker: conversations done are kept, the others run again.
    await db
      .update(evaluationRun)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(evaluationRun.id, run.id), eq(evaluationRun.leaseOwner, leaseOwner)));
    return;
  }
  await finishRun({ db, run, reason, failure, progress, publish });
}

async function finishRun(input: {
  db: Database;
  run: RunRow;
  reason: StopReason | null;
  failure: string | null;
  progress: RunProgress;
  publish: () => Promise<void>;
}) {
  const { db, run, reason } = input;
  const unfinished = and(
    eq(evaluationConversation.runId, run.id),
    inArray(evaluationConversation.status, ['queued', 'running']),
  );
  let status: EvaluationRunStatus = 'finished';
  let error: string | null = null;
  if (reason === 'cancelled') {
    status = 'cancelled';
    await db.update(evaluationConversation).set({ status: 'cancelled', updatedAt: new Date() }).where(unfinished);
  } else if (reason === 'credits' || reason === 'locked' || input.failure) {
    status = 'failed';
    error =
      reason === 'credits'
        ? new AppError('INSUFFICIENT_CREDITS').message
        : reason === 'locked'
          ? SUBACCOUNT_LOCKED_MESSAGE
          : input.failure;
    await db
      .update(evaluationConversation)
      .set({ status: 'error', error, finishedAt: new Date(), updatedAt: new Date() })
      .where(unfinished);
  }
  if (status === 'finished') {
    const everyFailure = await describeEveryConversationFailed(db, run.id);
    if (everyFailure) [status, error] = ['failed', everyFailure];
  }
  const [finished] = await db
    .update(evaluationRun)
    .set({ status, error, leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(evaluationRun.id, run.id), inArray(evaluationRun.status, ['queued', 'running'])))
    .returning({ status: evaluationRun.status });
  // A cancel that arrived first already set the run's status: publish what the database says.
  const rows = await db
    .select({
      status: evaluationConversation.status,
      judgeVerdict: evaluationConversation.judgeVerdict,
      overrideVerdict: evaluationConversation.overrideVerdict,
    })
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, run.id));
  Object.assign(input.progress.totals, computeTotals(rows));
  input.progress.running.clear();
  if (finished) input.progress.setStatus(finished.status);
  else {
    const [current] = await db
      .select({ status: evaluationRun.status })
      .from(evaluationRun)
      .where(eq(evaluationRun.id, run.id))
      .limit(1);
    input.progress.setStatus(current?.status ?? status);
  }
  await input.publish();
}

/**
 * A run that got no conversation through (every one errored: provider down, key refused) tested
 * nothing, so it ends as failed with the most common cause rather than "finished, 0%".
 */
async function describeEveryConversationFailed(db: Database, runId: string): Promise<string | null> {
  const rows = await db
    .select({ status: evaluationConversation.status, error: evaluationConversation.error })
    .from(evaluationConversation)
    .where(and(eq(evaluationConversation.runId, runId), ne(evaluationConversation.status, 'cancelled')));
  if (rows.length === 0 || rows.some((row) => row.status !== 'error')) return null;
  const counts = new Map<string, number>();
  for (const row of rows) {
    const cause = row.error ?? 'The conversation failed because of an internal error.';
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const [cause] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['Unknown error'];
  return `Every conversation failed: ${cause}`;
}

/** How long a read of the sub account's lock answers the conversations that start after it. */
const LOCK_READ_MS = 1_000;

/**
 * The sub account's lock as the conversations starting read it: one read at a time, and at most
 * one a second (a run starts many conversations a second); a failed read is not a lock.
 */
function createLockReader(read: () => Promise<boolean>): () => Promise<boolean> {
  let last: { at: number; isLocked: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= LOCK_READ_MS) last = { at: Date.now(), isLocked: read().catch(() => false) };
    return last.isLocked;
  };
}

async function runConversations(input: {
  options: RunEvaluationJobOptions;
  leaseOwner: string;
  run: RunRow;
  rows: readonly ConversationRow[];
  assistant: AssistantUnderTest;
  testingModel: TestingModel;
  progress: RunProgress;
  publish: () => Promise<void>;
  signal: AbortSignal;
  stop: (reason: StopReason) => void;
  log: FastifyBaseLogger;
}) {
  const { run, rows, progress, signal } = input;
  const { db, config } = input.options;
  const limiter = createAdaptiveLimiter(run.concurrency);
  const context: ConversationContext = {
    db,
    config,
    logger: input.log,
    assistant: input.assistant,
    testingModel: input.testingModel,
    limiter,
    brief: {
      userDescription: run.payload.shortuserDescription,
      conversationFlow: run.payload.conversationFlowInput,
      hallucinationInstruction: run.payload.hallucinationInstruction,
    },
    initialMessage: run.payload.initial_message,
    purpose: run.purpose,
    signal,
    onRateLimited: () => {
      void db
        .update(evaluationRun)
        .set({ rateLimitBackoffs: sql`${evaluationRun.rateLimitBackoffs} + 1` })
        .where(eq(evaluationRun.id, run.id))
        .catch(() => undefined);
    },
  };
  const rewordings = createRewordingCache({ context, rows });
  const readLock = createLockReader(() => isSubaccountLocked({ db, subaccountId: run.subaccountId }));

  const writer = createConversationWriter({
    db,
    runId: run.id,
    leaseOwner: input.leaseOwner,
    progress,
    publish: input.publish,
    logger: input.log,
    onStartRefused: () => {
      void db
        .select({ status: evaluationRun.status })
        .from(evaluationRun)
        .where(eq(evaluationRun.id, run.id))
        .then(([current]) => {
          if (current?.status === 'cancelled') input.stop('cancelled');
        })
        .catch(() => undefined);
    },
  });

  async function runOne(row: ConversationRow) {
    const startedAt = new Date();
    progress.totals.queued -= 1;
    progress.totals.running += 1;
    progress.running.set(row.id, { questionText: row.questionText, variation: row.variation });
    // Marked running and shown as the current conversation with the next batch (off the conversation's path).
    writer.start(row.id);
    // What this attempt's calls are charged, as they are; the row keeps what earlier attempts were.
    const spent = emptyConversationUsage();
    const spendOf = () => {
      const total = sumUsage([spent]).total;
      return {
        usage: addConversationUsage(row.usage, spent),
        costUsd: total.costUsd,
        millicredits: total.millicredits,
      };
    };
    try {
      // No conversation starts in a sub account locked after a downgrade (the run stops).
      if (await readLock()) throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
      const askedText = row.askedText ?? (await rewordings.askedTextOf(row));
      const outcome = await runConversation(
        context,
        {
          askedText,
          questionText: row.questionText,
          successCriteria: row.successCriteria,
          whenToAsk: row.whenToAsk,
        },
        spent,
      );
      const spend = spendOf();
      // Counted and announced once its row is written (the writer's next batch).
      writer.finish({
        id: row.id,
        askedText,
        transcript: outcome.transcript,
        judgedTurnIndex: outcome.judgedTurnIndex,
        verdict: outcome.verdict,
        reasoning: outcome.reasoning,
        score: outcome.score,
        isOffline: outcome.isOffline,
        ...spend,
        threadId: outcome.threadId,
        startedAt,
        finishedAt: new Date(),
      });
    } catch (error) {
      if (signal.aborted) {
        writer.drop(row.id, spendOf());
        return;
      }
      if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS') {
        writer.drop(row.id, spendOf());
        input.stop('credits');
        return;
      }
      if (isLockRefusal(error)) {
        writer.drop(row.id, spendOf());
        input.stop('locked');
        return;
      }
      input.log.warn({ err: error, conversationId: row.id }, 'evaluation conversation failed');
      const message =
        error instanceof AppError ? error.message : 'The conversation failed because of an internal error.';
      writer.fail({ id: row.id, error: message, startedAt, finishedAt: new Date(), ...spendOf() });
    } finally {
      progress.running.delete(row.id);
      progress.totals.running = Math.max(0, progress.totals.running - 1);
    }
  }

  const inFlight = new Set<Promise<void>>();
  try {
    for (const row of rows) {
      if (row.status !== 'queued') continue;
      await limiter.acquire(signal);
      const task = runOne(row)
        .catch((error: unknown) =>
          input.log.error({ err: error, conversationId: row.id }, 'could not record an evaluation conversation'),
        )
        .finally(() => {
          limiter.release();
          inFlight.delete(task);
        });
      inFlight.add(task);
    }
  } finally {
    await Promise.all(inFlight);
    // The conversations that ended are written before the run ends or lets go of its lease.
    await writer.close();
  }
  if (signal.aborted) throw signal.reason as Error;
}
