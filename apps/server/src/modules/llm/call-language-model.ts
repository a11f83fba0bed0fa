import { randomUUID } from 'node:crypto';
import { generateText, stepCountIs, streamText, type LanguageModelUsage, type ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { millicreditsForCost } from '@agentry/core/credits';
import { costForUsage, estimateTokens, type LlmKeySource, type LlmProvider } from '@agentry/core/llm';
import type { HttpTool } from '@agentry/core/tools';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { AppError } from '../../platform/http/app-error';
import type { OfflineResponse } from '../../platform/llm/offline-responder';
import { getSubaccountOwnerOrThrow } from '../accounts/get-subaccount-owner';
import { releaseCredits } from '../credits/release-credits';
import { reserveCredits } from '../credits/reserve-credits';
import { settleCredits } from '../credits/settle-credits';
import { buildAgentTools } from './build-agent-tools';
import { llmUsage } from './llm.tables';
import { resolveModelRoute, type ModelChoice, type ModelRoute } from './resolve-model-route';
import { toLlmAppError } from './to-llm-app-error';

/** Model calls of one answer when it uses tools (call, tool result, answer, with room for one more). */
export const MAX_TOOL_STEPS = 4;

export type SamplingSettings = {
  temperature: number;
  maxTokens: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
  stopSequences: readonly string[];
};

export type LlmCallInput = {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  subaccountId: string;
  agentId: string | null;
  threadId: string | null;
  /** A thread source, or the job that called ('agent-build', 'key-test'). */
  source: string;
  choice: ModelChoice;
  sampling: SamplingSettings;
  system: string;
  messages: ModelMessage[];
  tools?: readonly HttpTool[];
  /** What the offline responder answers when no provider is configured. */
  offline: OfflineResponse;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
  /** A route resolved beforehand for `choice` (an evaluation run resolves its assistant's once); resolved per call otherwise. */
  route?: ModelRoute;
};

export type LlmResult = {
  text: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  provider: LlmProvider;
  model: string;
  keySource: LlmKeySource;
};

export type LlmStream = { route: ModelRoute; deltas: AsyncIterable<string>; result: Promise<LlmResult> };

type UsageStatus = 'succeeded' | 'failed' | 'cancelled';

function promptText(input: LlmCallInput): string {
  const parts = input.messages.map((message) =>
    typeof message.content === 'string' ? message.content : message.content.map((part) => ('text' in part ? String(part.text) : '')).join(' '),
  );
  return [input.system, ...parts].join('\n');
}

/**
 * Resolves the route and, for a platform key, reserves the most the call can cost (prompt at
 * four characters a token plus maxTokens, times the tool steps) before anything is sent.
 */
async function prepareCall(input: LlmCallInput) {
  const route = input.route ?? await resolveModelRoute({ db: input.db, config: input.config, subaccountId: input.subaccountId, choice: input.choice, offline: input.offline });
  const estimatedInputTokens = estimateTokens(promptText(input));
  const hasTools = route.provider !== 'offline' && (input.tools ?? []).some((entry) => entry.enabled);
  const steps = hasTools ? MAX_TOOL_STEPS : 1;
  let holdId: string | undefined;
  let heldMillicredits = 0;
  if (route.isBilled) {
    const billingUserId = await getSubaccountOwnerOrThrow({ db: input.db, subaccountId: input.subaccountId });
    const maximumCost = costForUsage({ model: route.modelId, inputTokens: estimatedInputTokens * steps, outputTokens: input.sampling.maxTokens * steps });
    heldMillicredits = Math.max(1, millicreditsForCost(maximumCost));
    ({ holdId } = await reserveCredits({ db: input.db, billingUserId, millicredits: heldMillicredits, reference: `llm:${randomUUID()}` }));
  }

  const settings = {
    model: route.model,
    system: input.system,
    messages: input.messages,
    temperature: input.sampling.temperature,
    topP: input.sampling.topP,
    frequencyPenalty: input.sampling.frequencyPenalty,
    presencePenalty: input.sampling.presencePenalty,
    maxOutputTokens: input.sampling.maxTokens,
    stopSequences: input.sampling.stopSequences.length > 0 ? [...input.sampling.stopSequences] : undefined,
    tools: hasTools ? buildAgentTools({ tools: input.tools ?? [], allowLoopback: input.config.llm.allowLoopbackUrls }) : undefined,
    stopWhen: stepCountIs(steps),
    // Retries happen per provider call (platform/llm/with-retries.ts), never around tool runs.
    maxRetries: 0,
    timeout: input.config.llm.requestTimeoutMs,
    abortSignal: input.signal,
  };

  async function record(status: UsageStatus, usage: { inputTokens: number; outputTokens: number; costUsd: number }, millicredits: number) {
    await input.db
      .insert(llmUsage)
      .values({
        id: randomUUID(),
        subaccountId: input.subaccountId,
        agentId: input.agentId,
        threadId: input.threadId,
        source: input.source,
        provider: route.provider,
        model: route.modelId,
        keySource: route.keySource,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costUsd: usage.costUsd,
        millicredits,
        status,
      })
      .catch((error: unknown) => input.logger?.error({ err: error }, 'could not record LLM usage'));
  }

  /** Charges what was used (platform keys), records it, and answers the result. */
  async function succeed(text: string, usage: LanguageModelUsage | undefined, status: UsageStatus = 'succeeded'): Promise<LlmResult> {
    const inputTokens = usage?.inputTokens ?? estimatedInputTokens;
    const outputTokens = usage?.outputTokens ?? estimateTokens(text);
    const costUsd = costForUsage({ model: route.modelId, inputTokens, outputTokens });
    let millicredits = 0;
    if (holdId) {
      // settleCredits never charges more than was held.
      millicredits = Math.min(millicreditsForCost(costUsd), heldMillicredits);
      await settleCredits({
        db: input.db,
        holdId,
        millicredits,
        usage: { model: route.modelId, provider: route.provider, inputTokens, outputTokens, costUsd, source: input.source, subaccountId: input.subaccountId },
      }).catch((error: unknown) => {
        // The hold stays open and the sweeper releases it: the user is not charged twice.
        input.logger?.error({ err: error, holdId }, 'could not settle credits');
      });
    }
    await record(status, { inputTokens, outputTokens, costUsd }, millicredits);
    return { text, inputTokens, outputTokens, costUsd, provider: route.provider, model: route.modelId, keySource: route.keySource };
  }

  /**
   * A failed or cancelled call: a cancelled stream that already produced text is charged for
   * that text (the provider charged us); anything else gives the hold back.
   */
  async function fail(error: unknown, partialText: string, isCancelled = input.signal?.aborted === true): Promise<AppError> {
    if (isCancelled && partialText) {
      await succeed(partialText, undefined, 'cancelled');
    } else {
      if (holdId) await releaseCredits({ db: input.db, holdId }).catch((releaseError: unknown) => input.logger?.error({ err: releaseError, holdId }, 'could not release credits'));
      await record(isCancelled ? 'cancelled' : 'failed', { inputTokens: 0, outputTokens: 0, costUsd: 0 }, 0);
    }
    const appError = toLlmAppError(error);
    if (!isCancelled && appError.status >= 500) input.logger?.warn({ err: error, provider: route.provider, model: route.modelId }, 'LLM call failed');
    return appError;
  }

  return { route, settings, succeed, fail };
}

/** One answer, whole. Throws AppError (provider errors parsed per evaluation §8.6). */
export async function generateLlmText(input: LlmCallInput): Promise<LlmResult> {
  const call = await prepareCall(input);
  try {
    const result = await generateText(call.settings);
    return await call.succeed(result.text, result.totalUsage);
  } catch (error) {
    throw await call.fail(error, '');
  }
}

/**
 * One answer as it is written. `deltas` must be consumed; stopping early (the client went
 * away) cancels the provider call. `result` settles once the stream has ended.
 */
export async function streamLlmText(input: LlmCallInput): Promise<LlmStream> {
  const call = await prepareCall(input);
  const stop = new AbortController();
  const result = streamText({
    ...call.settings,
    abortSignal: input.signal ? AbortSignal.any([input.signal, stop.signal]) : stop.signal,
    // Errors arrive as stream parts and are handled below; the default would log them to stderr.
    onError: () => undefined,
  });
  let resolveResult: (value: LlmResult) => void = () => undefined;
  let rejectResult: (reason: AppError) => void = () => undefined;
  const settled = new Promise<LlmResult>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  // The caller may never look at `result`; a failure is still reported through `deltas`.
  settled.catch(() => undefined);

  async function* deltas(): AsyncGenerator<string> {
    let text = '';
    let usage: LanguageModelUsage | undefined;
    let isDone = false;
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          text += part.text;
          yield part.text;
        } else if (part.type === 'finish') {
          usage = part.totalUsage;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          // Not ours and not the client's: the SDK's own timeout fired.
          if (input.signal?.aborted || stop.signal.aborted) throw new Error('The request was cancelled.');
          throw new DOMException('The request timed out.', 'TimeoutError');
        }
      }
      isDone = true;
      resolveResult(await call.succeed(text, usage));
    } catch (error) {
      isDone = true;
      const appError = await call.fail(error, text);
      rejectResult(appError);
      throw appError;
    } finally {
      if (!isDone) {
        // The consumer stopped reading: cancel the provider call and account for what was sent.
        stop.abort(new Error('The client went away.'));
        rejectResult(await call.fail(new Error('The client went away.'), text, true));
      }
    }
  }

  return { route: call.route, deltas: deltas(), result: settled };
}
