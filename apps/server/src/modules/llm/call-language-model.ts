import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { millicreditsForCost } from '@agentry/core/credits';
import { costForUsage, estimateTokens, type LlmKeySource, type LlmProvider } from '@agentry/core/llm';
import type { HttpTool } from '@agentry/core/tools';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database, Transaction } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type {
  ChatMessage,
  ChatRequest,
  ChatStreamEvent,
  ChatToolCall,
  ChatUsage,
} from '../../platform/llm/language-model';
import type { OfflineResponse } from '../../platform/llm/offline-responder';
import { getSubaccountOwnerOrThrow } from '../accounts/get-subaccount-owner';
import { retrySettlement } from '../credits/retry-settlement';
import { withCreditHold } from '../credits/with-credit-hold';
import { buildAgentTools, type AgentTools } from './build-agent-tools';
import { estimatePromptTokens } from './estimate-prompt-tokens';
import { resolveModelRoute, type ModelChoice, type ModelRoute } from './resolve-model-route';
import { markFinishedProviderCall } from './finished-provider-calls';
import { createCallSignal, type CallSignal } from './create-call-signal';
import { insertUsageRow, type TurnMeter, type UsageRow } from './save-thread-turn';
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

/**
 * A message of the conversation as callers hold it: text, or parts of which the text ones are
 * sent (the AI SDK's ModelMessage fits, so callers written against it need no change).
 */
export type ConversationMessage = {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | readonly { type: string }[];
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
  messages: readonly ConversationMessage[];
  tools?: readonly HttpTool[];
  /** What the offline responder answers when no provider is configured. */
  offline: OfflineResponse;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
  /** A route resolved beforehand for `choice` (an evaluation run resolves its assistant's once); resolved per call otherwise. */
  route?: ModelRoute;
  /** Remembers the stored provider key between calls (resolve-model-route.ts). */
  cache?: Cache;
  /**
   * The caller stores the answer in one transaction whenever the call succeeds with text: such a
   * result is not metered here but carries `meter`, which the caller must run, in that
   * transaction (one commit for the answer, its usage row and its charge) or in one of its own.
   */
  isMeteredWithAnswer?: boolean;
  /** The sub account's owner, when the caller has read it already (the lock check): who pays. */
  billingUserId?: string | null;
};

export type LlmResult = {
  text: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  provider: LlmProvider;
  model: string;
  keySource: LlmKeySource;
  /**
   * Only with `isMeteredWithAnswer`, and then exactly one of these must happen: the answer is
   * stored with the call's usage row and its settlement (saveThreadTurn), or, when it could not
   * be, `meterAlone` runs.
   */
  meter?: AnswerMeter;
  /** What the call was charged, when it was metered on its own (no `meter`). */
  chargedMillicredits?: number;
};

/** How a call metered with its answer is paid for (LlmResult `meter`). */
export type AnswerMeter = TurnMeter & {
  /** The settlement in its own transaction, then the usage row (the answer was not stored); answers what was charged. */
  meterAlone: () => Promise<number>;
};

export type LlmStream = { route: ModelRoute; deltas: AsyncIterable<string>; result: Promise<LlmResult> };

type UsageStatus = 'succeeded' | 'failed' | 'cancelled';

function textOf(content: ConversationMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** The conversation as the wire carries it: the system prompt first, then the text of each turn. */
export function toChatMessages(system: string, messages: readonly ConversationMessage[]): ChatMessage[] {
  const wire: ChatMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    if (message.role === 'tool') continue;
    const content = textOf(message.content);
    wire.push(message.role === 'assistant' ? { role: 'assistant', content } : { role: message.role, content });
  }
  return wire;
}

function promptTexts(input: LlmCallInput): string[] {
  const parts = input.messages.map((message) =>
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => ('text' in part ? String(part.text) : '')).join(' '),
  );
  return [input.system, ...parts];
}

/** Usage summed over the steps of a call; a count no step reported stays unknown. */
function addUsage(total: ChatUsage | undefined, step: ChatUsage | undefined): ChatUsage | undefined {
  if (!total) return step;
  if (!step) return total;
  const add = (left: number | undefined, right: number | undefined) =>
    left === undefined && right === undefined ? undefined : (left ?? 0) + (right ?? 0);
  return {
    inputTokens: add(total.inputTokens, step.inputTokens),
    outputTokens: add(total.outputTokens, step.outputTokens),
  };
}

/**
 * How a call ended, before it is paid for: what was written, what the provider reported, and the
 * error if it failed. A call that fails or is cancelled after the provider answered a step (or
 * streamed text) ends with its `error` and is charged; one that did not gets there by throwing.
 */
type CallEnd = { text: string; usage: ChatUsage | undefined; status: UsageStatus; error?: unknown };

/**
 * Resolves the route and, for a platform key, the credit hold the call runs under: the most it
 * can cost (the prompt counted by the model's tokenizer plus maxTokens, times the tool steps).
 */
async function prepareCall(input: LlmCallInput) {
  const route =
    input.route ??
    (await resolveModelRoute({
      db: input.db,
      config: input.config,
      cache: input.cache,
      subaccountId: input.subaccountId,
      choice: input.choice,
      offline: input.offline,
    }));
  const texts = promptTexts(input);
  const hasTools = route.provider !== 'offline' && (input.tools ?? []).some((entry) => entry.enabled);
  const steps = hasTools ? MAX_TOOL_STEPS : 1;
  let estimatedInputTokens = estimateTokens(texts.join('\n'));
  let billingUserId: string | null = null;
  let maximumMillicredits = 0;
  if (route.isBilled) {
    billingUserId =
      input.billingUserId ?? (await getSubaccountOwnerOrThrow({ db: input.db, subaccountId: input.subaccountId }));
    estimatedInputTokens = await estimatePromptTokens({ model: route.modelId, texts });
    const maximumCost = costForUsage({
      model: route.modelId,
      inputTokens: estimatedInputTokens * steps,
      outputTokens: input.sampling.maxTokens * steps,
    });
    maximumMillicredits = Math.max(1, millicreditsForCost(maximumCost));
  }

  const tools: AgentTools | undefined = hasTools
    ? buildAgentTools({ tools: input.tools ?? [], allowLoopback: input.config.llm.allowLoopbackUrls })
    : undefined;
  const request: ChatRequest = {
    messages: toChatMessages(input.system, input.messages),
    temperature: input.sampling.temperature,
    topP: input.sampling.topP,
    frequencyPenalty: input.sampling.frequencyPenalty,
    presencePenalty: input.sampling.presencePenalty,
    maxTokens: input.sampling.maxTokens,
    stop: input.sampling.stopSequences,
    tools: tools?.definitions,
  };
  const settings = { model: route.model, request, tools, steps };

  /**
   * The call's own signal: the client going away, `stop`, and the request timeout over all its
   * steps; released by the caller once the call is over.
   */
  function signalOf(stop?: AbortSignal): CallSignal {
    return createCallSignal([input.signal, stop], input.config.llm.requestTimeoutMs);
  }

  function usageRow(
    status: UsageStatus,
    usage: { inputTokens: number; outputTokens: number; costUsd: number },
    millicredits: number,
  ) {
    return {
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
    } satisfies UsageRow;
  }

  async function record(
    status: UsageStatus,
    usage: { inputTokens: number; outputTokens: number; costUsd: number },
    millicredits: number,
  ) {
    await insertUsageRow(input.db, usageRow(status, usage, millicredits)).catch((error: unknown) =>
      input.logger?.error({ err: error }, 'could not record LLM usage'),
    );
  }
  /**
   * The usage of one step the provider answered (or of the part of a stream it sent): what it
   * reported, else the prompt as counted before the call and `outputText` four characters a token.
   */
  function stepUsage(reported: ChatUsage | undefined, outputText: string): ChatUsage {
    return {
      inputTokens: reported?.inputTokens ?? estimatedInputTokens,
      outputTokens: reported?.outputTokens ?? estimateTokens(outputText),
    };
  }

  const isMeteredWithAnswer = (end: CallEnd) =>
    input.isMeteredWithAnswer === true && end.status === 'succeeded' && end.text.trim() !== '';

  function usageOf(end: CallEnd) {
    const inputTokens = end.usage?.inputTokens ?? estimatedInputTokens;
    const outputTokens = end.usage?.outputTokens ?? estimateTokens(end.text);
    return { inputTokens, outputTokens, costUsd: costForUsage({ model: route.modelId, inputTokens, outputTokens }) };
  }

  /**
   * Runs the call under the credit hold and records it. `execute` answers how the call ended; a
   * call that failed before the provider answered anything throws, and its hold is given back. A
   * call that failed or was cancelled after a step was answered or text was streamed is charged
   * for those (the provider charged us), however it ended. Answers the result, or throws the
   * AppError of a failed or cancelled call (hasFinishedProviderCall tells the charged ones).
   */
  async function pay(execute: () => Promise<CallEnd>): Promise<LlmResult> {
    let held: { value: CallEnd; chargedMillicredits: number; settle?: (tx: Transaction) => Promise<number> };
    let hasRun = false;
    try {
      held = await withCreditHold(
        {
          db: input.db,
          billingUserId,
          millicredits: maximumMillicredits,
          reference: `llm:${randomUUID()}`,
          logger: input.logger,
        },
        async () => {
          hasRun = true;
          const end = await execute();
          const usage = {
            model: route.modelId,
            provider: route.provider,
            ...usageOf(end),
            source: input.source,
            subaccountId: input.subaccountId,
          };
          return { value: end, usage };
        },
        { settleLater: isMeteredWithAnswer },
      );
    } catch (error) {
      // Refused before anything was sent (402): there is no call to record.
      if (!hasRun) throw error;
      const isCancelled = input.signal?.aborted === true || error instanceof ClientWentAway;
      await record(isCancelled ? 'cancelled' : 'failed', { inputTokens: 0, outputTokens: 0, costUsd: 0 }, 0);
      throw toReportedError(error, isCancelled);
    }
    const end = held.value;
    const { settle } = held;
    const meter: AnswerMeter | undefined = isMeteredWithAnswer(end)
      ? {
          ...(settle ? { settle } : {}),
          usageRow: (charged) => usageRow(end.status, usageOf(end), charged),
          // On its own (the answer was not stored): as a call that is not metered with its answer.
          meterAlone: async () => {
            const charged = settle
              ? await retrySettlement(() => input.db.transaction(settle)).catch((error: unknown) => {
                  input.logger?.error({ err: error }, 'could not settle credits');
                  return 0;
                })
              : 0;
            await record(end.status, usageOf(end), charged);
            return charged;
          },
        }
      : undefined;
    if (!meter) await record(end.status, usageOf(end), held.chargedMillicredits);
    if (end.error !== undefined) {
      const reported = toReportedError(end.error, end.status === 'cancelled');
      markFinishedProviderCall(reported, { ...usageOf(end), millicredits: held.chargedMillicredits });
      throw reported;
    }
    return {
      text: end.text,
      ...usageOf(end),
      provider: route.provider,
      model: route.modelId,
      keySource: route.keySource,
      ...(meter ? { meter } : { chargedMillicredits: held.chargedMillicredits }),
    };
  }

  function toReportedError(error: unknown, isCancelled: boolean): AppError {
    if (error instanceof AppError) return error;
    const appError = toLlmAppError(error);
    if (!isCancelled && appError.status >= 500)
      input.logger?.warn({ err: error, provider: route.provider, model: route.modelId }, 'LLM call failed');
    return appError;
  }

  return { route, settings, signalOf, stepUsage, pay };
}

/** The consumer of a stream stopped reading before it ended. */
class ClientWentAway extends Error {
  constructor() {
    super('The client went away.');
  }
}

/** The arguments the model wrote for its tool calls (part of what a step answered). */
function argumentsOf(toolCalls: readonly ChatToolCall[]): string {
  return toolCalls.map((call) => call.function.name + call.function.arguments).join('');
}

/**
 * The messages of the next step after the model called tools: its call, then each result.
 * Tools of one step run side by side.
 */
async function runToolCalls(options: {
  tools: AgentTools;
  text: string;
  toolCalls: ChatToolCall[];
  signal: AbortSignal;
}): Promise<ChatMessage[]> {
  const results = await Promise.all(options.toolCalls.map((call) => options.tools.run(call, options.signal)));
  return [
    { role: 'assistant', content: options.text || null, tool_calls: options.toolCalls },
    ...options.toolCalls.map((call, index): ChatMessage => ({
      role: 'tool',
      tool_call_id: call.id,
      content: results[index] ?? '',
    })),
  ];
}

/** One answer, whole. Throws AppError (provider errors parsed per docs/product/README.md#errors). */
export async function generateLlmText(input: LlmCallInput): Promise<LlmResult> {
  const call = await prepareCall(input);
  return call.pay(async () => {
    const { model, tools, steps } = call.settings;
    const { signal, release } = call.signalOf();
    const messages = [...call.settings.request.messages];
    /** What the steps answered so far cost, each counted or estimated on its own. */
    let paidUsage: ChatUsage | undefined;
    let text = '';
    try {
      for (let step = 1; ; step += 1) {
        const answer = await model.complete({ ...call.settings.request, messages }, signal);
        paidUsage = addUsage(paidUsage, call.stepUsage(answer.usage, answer.text + argumentsOf(answer.toolCalls)));
        text = answer.text;
        if (!tools || answer.toolCalls.length === 0) break;
        messages.push(...(await runToolCalls({ tools, text, toolCalls: answer.toolCalls, signal })));
        if (step >= steps) break;
      }
    } catch (error) {
      // Nothing answered yet: nothing to charge. Otherwise the steps answered are charged.
      if (!paidUsage) throw error;
      const status = input.signal?.aborted === true ? 'cancelled' : 'failed';
      return { text: '', usage: paidUsage, status, error };
    } finally {
      release();
    }
    // The answer is the last step's text (the model's words after the tools answered); every
    // step is paid, as reported or, where the provider reported nothing, estimated.
    return { text, usage: paidUsage, status: 'succeeded' };
  });
}

/**
 * One answer as it is written. `deltas` must be consumed; stopping early (the client went
 * away) cancels the provider call. `result` settles once the stream has ended and is paid for.
 */
export async function streamLlmText(input: LlmCallInput): Promise<LlmStream> {
  const call = await prepareCall(input);
  const stop = new AbortController();
  let endStream: (end: CallEnd) => void = () => undefined;
  let failStream: (error: unknown) => void = () => undefined;
  const ended = new Promise<CallEnd>((resolve, reject) => {
    endStream = resolve;
    failStream = reject;
  });
  let startStream: () => void = () => undefined;
  const isStarted = new Promise<void>((resolve) => {
    startStream = resolve;
  });
  // The hold is taken (or refused with 402) before the provider is called; the call then lasts
  // until the stream has ended, however it ends.
  // The first call starts when the hold is taken; its answer is read when `deltas` is.
  let first: Promise<AsyncIterable<ChatStreamEvent>> | undefined;
  const { signal, isTimedOut, release } = call.signalOf(stop.signal);
  const settled = call.pay(async () => {
    first = call.settings.model.stream(call.settings.request, signal);
    first.catch(() => undefined);
    startStream();
    return ended;
  });
  // The caller may never look at `result`; a failure is still reported through `deltas`.
  settled.then(release, release);
  await Promise.race([isStarted, settled]);

  /** Our own timeout says so; the client's cancellation and ours pass as they are. */
  function toStreamError(error: unknown): unknown {
    if (isTimedOut() && !input.signal?.aborted && !stop.signal.aborted)
      return error instanceof Error && error.name === 'TimeoutError'
        ? error
        : new DOMException('The request timed out.', 'TimeoutError');
    return error;
  }

  let text = '';
  /** The text of the step being written: the provider has not reported what it costs yet. */
  let stepText = '';
  /** What the steps the provider finished cost, each counted or estimated on its own. */
  let paidUsage: ChatUsage | undefined;

  async function* deltas(): AsyncGenerator<string> {
    let isDone = false;
    try {
      if (!first) return;
      // The steps of the answer, read here rather than through a generator of their own (one
      // step less per batch of text): each step's text as it is written, tools run between steps.
      const { model, request, tools, steps } = call.settings;
      const messages = [...request.messages];
      let events = await first;
      for (let step = 1; ; step += 1) {
        let answered = '';
        let toolCalls: ChatToolCall[] = [];
        for await (const event of events) {
          if (event.type === 'text') {
            stepText += event.text;
            text += event.text;
            yield event.text;
          } else {
            // The step is over: what it wrote is paid as the provider reports it from here on.
            paidUsage = addUsage(paidUsage, call.stepUsage(event.usage, stepText + argumentsOf(event.toolCalls)));
            answered = stepText;
            stepText = '';
            toolCalls = event.toolCalls;
          }
        }
        if (!tools || toolCalls.length === 0) break;
        messages.push(...(await runToolCalls({ tools, text: answered, toolCalls, signal })));
        if (step >= steps) break;
        events = await model.stream({ ...request, messages }, signal);
      }
      isDone = true;
      endStream({ text, usage: paidUsage, status: 'succeeded' });
      await settled;
    } catch (caught) {
      isDone = true;
      const error = toStreamError(caught);
      endOnError(error, input.signal?.aborted === true);
      await settled;
      throw error;
    } finally {
      if (!isDone) {
        // The consumer stopped reading: cancel the provider call and account for what was sent.
        stop.abort(new Error('The client went away.'));
        endOnError(new ClientWentAway(), true);
        await settled.catch(() => undefined);
      }
    }
  }

  /**
   * A stream that ends early (cancelled, timed out, or failed) after the provider finished a step
   * or sent text is paid for: the steps as reported, the text of the step cut short as estimated.
   * Anything else gives the hold back.
   */
  function endOnError(error: unknown, isCancelled: boolean) {
    const cutShort = stepText ? call.stepUsage(undefined, stepText) : undefined;
    const spent = addUsage(paidUsage, cutShort);
    if (spent) endStream({ text, usage: spent, status: isCancelled ? 'cancelled' : 'failed', error });
    else failStream(error);
  }

  return { route: call.route, deltas: deltas(), result: settled };
}
