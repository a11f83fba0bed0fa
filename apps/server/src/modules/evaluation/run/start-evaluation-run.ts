import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { EvaluationType, RunChatCompletionEvaluationBody } from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { JobQueue } from '../../../platform/queue/job-queue';
import { getSubaccountOwnerOrThrow } from '../../accounts/get-subaccount-owner';
import { getAgentRowOrThrow } from '../../agents/get-agent-or-throw';
import { getTestedAgentVersion } from '../../agents/get-tested-agent-version';
import { toAgentBehaviour } from '../../agents/to-agent-version';
import { getCreditBalance } from '../../credits/get-credit-balance';
import { listProviderKeys } from '../../llm/list-provider-keys';
import { resolveModelRoute } from '../../llm/resolve-model-route';
import { chooseModelProvider } from '../settings/choose-model-provider';
import { estimateRunMillicredits } from '../settings/estimate-run-millicredits';
import { evaluationConversation, evaluationRun } from '../evaluation.tables';
import { EVALUATION_RUN_QUEUE } from '../evaluation-types';
import { lockSubaccount } from '../lock-subaccount';
import { planConversations } from './plan-conversations';

/** One run plans at most this many conversations (questions x variations). */
export const MAX_CONVERSATIONS_PER_RUN = 1000;
/**
 * A sub account has at most this many runs it started queued or running ('Try it' runs included):
 * the workers are shared by every tenant (docs/product/evaluation.md#runs).
 */
export const MAX_ACTIVE_RUNS_PER_SUBACCOUNT = 3;
/**
 * A publish's regression-gate runs have places of their own, so publishing is not held back by the
 * sub account's own evaluations, and are capped too, so publishes cannot stand in for runs.
 */
export const MAX_ACTIVE_GATE_RUNS_PER_SUBACCOUNT = 2;

async function countActiveRuns(db: Database, subaccountId: string, isGate: boolean): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(evaluationRun)
    .where(
      and(
        eq(evaluationRun.subaccountId, subaccountId),
        inArray(evaluationRun.status, ['queued', 'running']),
        isGate ? isNotNull(evaluationRun.gateSourceRunId) : isNull(evaluationRun.gateSourceRunId),
      ),
    );
  return row?.value ?? 0;
}

async function findRun(db: Database, subaccountId: string, evaluationId: string) {
  const [row] = await db
    .select({ id: evaluationRun.id })
    .from(evaluationRun)
    .where(and(eq(evaluationRun.subaccountId, subaccountId), eq(evaluationRun.evaluationId, evaluationId)))
    .limit(1);
  return row;
}

/**
 * Starts an evaluation run: checks the agent (assistants) or model (chat completion), that the
 * sub account can pay for it (platform keys, estimated) and has fewer than
 * MAX_ACTIVE_RUNS_PER_SUBACCOUNT runs going, plans its conversations and queues the job. The
 * client's evaluationId makes it idempotent: a repeat answers the first run.
 */
export async function startEvaluationRun(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  subaccountId: string;
  userId: string;
  type: EvaluationType;
  body: RunChatCompletionEvaluationBody;
  /** The agent's gate run this run re-asks (set by the regression gate). */
  gateSourceRunId?: string;
}): Promise<{ runId: string; isNew: boolean }> {
  const { db, config, subaccountId, body } = options;
  const existing = await findRun(db, subaccountId, body.evaluationId);
  if (existing) return { runId: existing.id, isNew: false };

  const agentRow =
    options.type === 'openai-assistants'
      ? await getAgentRowOrThrow({ db, agentId: body.assistant_id ?? '', subaccountId })
      : null;
  // The run tests one version of the agent, recorded on it: the one asked for, else the newest (the working copy).
  const version = agentRow
    ? await getTestedAgentVersion({ db, agentId: agentRow.id, versionId: body.agentVersionId })
    : null;
  const agent = agentRow && version ? { ...agentRow, ...toAgentBehaviour(version) } : agentRow;
  const model = agent ? agent.model : (body.ai1_config.model ?? '').trim();
  if (!model) throw new AppError('VALIDATION_ERROR', { message: 'Please select a model' });
  const purpose = agent ? agent.instructions : (body.ai1_config.prompt ?? body.settings.prompt ?? '');
  const name =
    body.evaluationName?.trim() ||
    body.ai1_config.evaluationName?.trim() ||
    (agent ? `${agent.aiName} evaluation` : `${model} evaluation`);

  const planned = planConversations(body);
  if (planned.length > MAX_CONVERSATIONS_PER_RUN) {
    throw new AppError('VALIDATION_ERROR', {
      message: `An evaluation can run at most ${MAX_CONVERSATIONS_PER_RUN} conversations; select fewer questions or variations`,
    });
  }

  // The estimate counts only calls that cost credits: platform keys, not the sub account's own.
  const keys = await listProviderKeys({ db, subaccountId });
  const keyProviders = keys.map((key) => key.provider);
  const assistantChoice = agent
    ? { provider: agent.provider, model: agent.model, providerKeyId: agent.providerKeyId }
    : chooseModelProvider({ config, keyProviders, model });
  const testingChoice = chooseModelProvider({ config, keyProviders, model: body.testing_model_for_test_generation });
  const [assistantRoute, testingRoute] = await Promise.all(
    [assistantChoice, testingChoice].map((choice) =>
      resolveModelRoute({ db, config, subaccountId, choice, offline: () => '' }),
    ),
  );
  const estimate = estimateRunMillicredits({
    conversations: planned,
    assistantModel: assistantRoute?.isBilled ? assistantRoute.modelId : null,
    testingModel: testingRoute?.isBilled ? testingRoute.modelId : null,
  });
  if (estimate > 0) {
    const balance = await getCreditBalance({
      db,
      billingUserId: await getSubaccountOwnerOrThrow({ db, subaccountId }),
    });
    if (balance.totalMillicredits < estimate)
      throw new AppError('INSUFFICIENT_CREDITS', { extra: { estimatedMillicredits: estimate } });
  }

  const runId = randomUUID();
  const inserted = await db.transaction(async (tx) => {
    await lockSubaccount(tx, subaccountId);
    // The same evaluationId sent again meanwhile: that run stands (below), whatever the limit.
    if (await findRun(tx, subaccountId, body.evaluationId)) return false;
    const isGate = Boolean(options.gateSourceRunId);
    const active = await countActiveRuns(tx, subaccountId, isGate);
    if (isGate && active >= MAX_ACTIVE_GATE_RUNS_PER_SUBACCOUNT)
      throw new AppError('RATE_LIMITED', {
        message: `This sub account already has ${MAX_ACTIVE_GATE_RUNS_PER_SUBACCOUNT} regression-gate checks running. Wait for one to end, then publish again.`,
      });
    if (!isGate && active >= MAX_ACTIVE_RUNS_PER_SUBACCOUNT)
      throw new AppError('RATE_LIMITED', {
        message: `This sub account already has ${MAX_ACTIVE_RUNS_PER_SUBACCOUNT} evaluations queued or running. Wait for one to end or cancel one, then start again.`,
      });
    const [run] = await tx
      .insert(evaluationRun)
      .values({
        id: runId,
        subaccountId,
        evaluationId: body.evaluationId,
        name: name.slice(0, 200),
        type: options.type,
        agentId: agent?.id ?? null,
        agentName: agent?.aiName ?? null,
        agentVersionId: version?.id ?? null,
        gateSourceRunId: options.gateSourceRunId ?? null,
        model,
        testingModel: body.testing_model_for_test_generation,
        payload: body,
        purpose,
        concurrency: body.concurrency,
        createdByUserId: options.userId,
      })
      .onConflictDoNothing({ target: [evaluationRun.subaccountId, evaluationRun.evaluationId] })
      .returning({ id: evaluationRun.id });
    if (!run) return false;
    for (let start = 0; start < planned.length; start += 500) {
      await tx
        .insert(evaluationConversation)
        .values(
          planned.slice(start, start + 500).map((conversation) => ({ id: randomUUID(), runId, ...conversation })),
        );
    }
    return true;
  });
  if (!inserted) {
    // The same evaluationId arrived twice at once: the other request's run stands.
    const winner = await findRun(db, subaccountId, body.evaluationId);
    if (!winner) throw new AppError('CONFLICT');
    return { runId: winner.id, isNew: false };
  }
  await options.queue.enqueue(EVALUATION_RUN_QUEUE, { runId }, { jobId: runId });
  return { runId, isNew: true };
}
