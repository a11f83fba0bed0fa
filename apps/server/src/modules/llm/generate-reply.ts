import { randomUUID } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from '@agentry/core/agents';
import type { ThreadSource } from '@agentry/core/llm';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { answerFromKnowledge } from '../../platform/llm/offline-responder';
import { generateLlmText, streamLlmText, type LlmCallInput, type LlmResult } from './call-language-model';
import { markFinishedProviderCall } from './finished-provider-calls';
import { readTurnContextOrThrow, type TurnContext } from './read-turn-context';
import { saveThreadTurn, type ChannelTurn } from './save-thread-turn';
import type { ThreadOwner } from './thread-owner';

/** What the gateway needs of an agent. */
export type ReplyAgent = { agentId: string } & Pick<
  Agent,
  | 'subaccountId'
  | 'instructions'
  | 'firstMessage'
  | 'provider'
  | 'model'
  | 'providerKeyId'
  | 'temperature'
  | 'maxTokens'
  | 'topP'
  | 'frequencyPenalty'
  | 'presencePenalty'
  | 'stopSequences'
  | 'tools'
>;

export type ConversationMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type GenerateReplyInput = {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: ReplyAgent;
  /** The channel; a new thread records it. */
  source: ThreadSource;
  /** Who asks on that channel; a new thread records it. */
  owner: ThreadOwner;
  /** Continue this thread (404 unless it is this agent's in this sub account, of this channel and owner). */
  threadId?: string | null;
  /** The new user message; the thread's stored history is sent before it. */
  message?: string;
  /** Or the whole conversation as the caller keeps it (OpenAI-style clients); the thread records its last turn. */
  messages?: readonly ConversationMessage[];
  /** A provider key of the sub account to use instead of the agent's choice (demos). */
  providerKeyId?: string | null;
  /** Aborted when the client goes away: the provider call is cancelled. */
  signal?: AbortSignal;
  /** Remembers what changes only on edit (the stored provider key) between calls. */
  cache?: Cache;
  /** The channel's own record of an answered turn, written by the thread turn's one statement. */
  channelTurnOf?: (reply: ReplyResult) => ChannelTurn;
  /** The caller has just checked that the sub account is not locked (its authorization did). */
  isLockChecked?: boolean;
  /**
   * The turn context as the caller read it already (toTurnContextOrThrow, in its own statement,
   * which refuses a locked sub account): no read is sent.
   */
  turnContext?: TurnContext;
};

export type ReplyResult = Omit<LlmResult, 'meter'> & { threadId: string };
export type ReplyStream = { threadId: string; deltas: AsyncIterable<string>; result: Promise<ReplyResult> };

const DEFAULT_SYSTEM_PROMPT = 'You are a helpful assistant.';

function prepareConversation(input: GenerateReplyInput, history: ModelMessage[]) {
  if (input.messages) {
    const system = input.messages
      .filter((entry) => entry.role === 'system')
      .map((entry) => entry.content.trim())
      .filter(Boolean);
    const turns = input.messages.filter((entry) => entry.role !== 'system' && entry.content.trim() !== '');
    const userText = [...turns].reverse().find((entry) => entry.role === 'user')?.content ?? '';
    return {
      extraSystem: system.join('\n\n'),
      conversation: turns.map((entry): ModelMessage => ({
        role: entry.role as 'user' | 'assistant',
        content: entry.content,
      })),
      userText,
    };
  }
  const userText = input.message?.trim() ?? '';
  return {
    extraSystem: '',
    conversation: [...history, { role: 'user', content: userText } satisfies ModelMessage],
    userText,
  };
}

/**
 * The LLM gateway: every channel (test chat, widget, demos, public API, webhook, evaluation)
 * answers through this. It keeps the thread (created or continued, 404 across tenants),
 * sends the history, runs the agent's tools, and charges or records the call. With
 * `stream: true` it answers the text as it is written.
 */
export async function generateReply(input: GenerateReplyInput & { stream?: false }): Promise<ReplyResult>;
export async function generateReply(input: GenerateReplyInput & { stream: true }): Promise<ReplyStream>;
export async function generateReply(
  input: GenerateReplyInput & { stream?: boolean },
): Promise<ReplyResult | ReplyStream> {
  const { agent, db } = input;
  const thread = {
    id: input.threadId ?? randomUUID(),
    isNew: !input.threadId,
    subaccountId: agent.subaccountId,
    agentId: agent.agentId,
    source: input.source,
    owner: input.owner,
  };
  // One statement before the model is called: the sub account's lock (it decides first) and who
  // pays, and the history of the thread continued (404 unless it is this agent's here, this
  // channel's and this owner's). A sub account locked after a downgrade is read-only: no channel
  // spends its owner's credits.
  const { lockState, history } =
    input.turnContext ??
    (await readTurnContextOrThrow({
      db,
      subaccountId: agent.subaccountId,
      thread: input.threadId
        ? { threadId: input.threadId, agentId: agent.agentId, source: input.source, owner: input.owner }
        : undefined,
      isLockChecked: input.isLockChecked,
    }));
  const { extraSystem, conversation, userText } = prepareConversation(input, history);
  if (!userText.trim()) throw new AppError('VALIDATION_ERROR', { message: 'Message is required' });

  const callInput: LlmCallInput = {
    db,
    config: input.config,
    logger: input.logger,
    subaccountId: agent.subaccountId,
    agentId: agent.agentId,
    threadId: thread.id,
    source: input.source,
    choice: { provider: agent.provider, model: agent.model, providerKeyId: input.providerKeyId ?? agent.providerKeyId },
    sampling: agent,
    system: [agent.instructions.trim() || DEFAULT_SYSTEM_PROMPT, extraSystem].filter(Boolean).join('\n\n'),
    messages: conversation,
    tools: agent.tools,
    offline: ({ question }) =>
      answerFromKnowledge({ instructions: agent.instructions, firstMessage: agent.firstMessage, question }),
    signal: input.signal,
    cache: input.cache,
    billingUserId: lockState?.ownerUserId,
    // Whenever the call succeeds with text, its usage row and charge are written with the thread turn below.
    isMeteredWithAnswer: true,
  };

  async function keep(result: LlmResult): Promise<ReplyResult> {
    const { meter, ...answer } = result;
    const reply = { ...answer, threadId: thread.id };
    const { channelTurnOf } = input;
    try {
      // docs/product/agents.md#answering-every-channel: a reply without text is an error, never an empty bubble.
      if (!answer.text.trim()) throw new AppError('EMPTY_AI_RESPONSE');
      // One commit that waits for the disk: the turn, the channel's record, the usage and the charge.
      await saveThreadTurn({
        db,
        thread,
        userText,
        answer,
        meter,
        channelTurn: channelTurnOf?.(reply),
      });
    } catch (error) {
      // The turn was not stored: the call is still metered, on its own.
      const charged = meter ? await meter.meterAlone() : (result.chargedMillicredits ?? 0);
      if (typeof error === 'object' && error !== null)
        markFinishedProviderCall(error, {
          inputTokens: answer.inputTokens,
          outputTokens: answer.outputTokens,
          costUsd: answer.costUsd,
          millicredits: charged,
        });
      throw error;
    }
    return reply;
  }

  if (!input.stream) return keep(await generateLlmText(callInput));

  const stream = await streamLlmText(callInput);
  const result = stream.result.then(keep);
  result.catch(() => undefined);
  async function* deltas(): AsyncGenerator<string> {
    yield* stream.deltas;
    // The answer is stored (or found empty) before the stream reports that it is done.
    await result;
  }
  return { threadId: thread.id, deltas: deltas(), result };
}
