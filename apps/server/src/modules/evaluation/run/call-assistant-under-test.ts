import type { FastifyBaseLogger } from 'fastify';
import { millicreditsForCost } from '@agentry/core/credits';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { answerFromKnowledge } from '../../../platform/llm/offline-responder';
import { generateLlmText, type LlmResult, type SamplingSettings } from '../../llm/call-language-model';
import { generateReply, type ReplyAgent } from '../../llm/generate-reply';
import { toSubaccountThreadOwner } from '../../llm/thread-owner';
import type { ModelChoice, ModelRoute } from '../../llm/resolve-model-route';
import type { CallUsage, TranscriptMessage } from '../evaluation-types';

/** What answers as the assistant: one of the sub account's agents, or a model with a system prompt. */
export type AssistantUnderTest =
  | { kind: 'agent'; agent: ReplyAgent }
  | {
      kind: 'chat-completion';
      subaccountId: string;
      choice: ModelChoice;
      /** The choice's route, resolved once per run (like the testing model's); absent when offline, which answers per question. */
      route?: ModelRoute;
      /** Who pays on a billed route, read once per run with the route (a read per answer otherwise). */
      billingUserId?: string | null;
      sampling: SamplingSettings;
      system: string;
      initialMessage: string;
    };

/** Credits are charged only for platform keys that have a key (a keyless self-hosted server costs nothing). */
function chargedMillicredits(config: AppConfig, result: LlmResult): number {
  if (result.keySource !== 'platform') return 0;
  if (result.provider === 'openai-compatible' && !config.llm.openaiApiKey) return 0;
  return millicreditsForCost(result.costUsd);
}

/**
 * The assistant's answer to the conversation so far, through the LLM gateway exactly as a
 * visitor's message would go: an agent through generateReply (its thread, tools, key, credits),
 * a chat-completion model through the same call path with the run's model and sampling.
 */
export async function callAssistantUnderTest(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  assistant: AssistantUnderTest;
  transcript: readonly TranscriptMessage[];
  threadId: string | null;
  signal?: AbortSignal;
}): Promise<{ text: string; usage: CallUsage; threadId: string | null }> {
  const { assistant, db, config } = options;
  const messages = options.transcript.map((message) => ({ role: message.role, content: message.content }));
  if (assistant.kind === 'agent') {
    const result = await generateReply({
      db,
      config,
      logger: options.logger,
      agent: assistant.agent,
      source: 'evaluation',
      owner: toSubaccountThreadOwner(assistant.agent.subaccountId),
      threadId: options.threadId,
      messages,
      signal: options.signal,
    });
    return { text: result.text, usage: toUsage(config, result), threadId: result.threadId };
  }
  const question = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const result = await generateLlmText({
    db,
    config,
    logger: options.logger,
    subaccountId: assistant.subaccountId,
    agentId: null,
    threadId: null,
    source: 'evaluation',
    choice: assistant.choice,
    route: assistant.route,
    billingUserId: assistant.billingUserId,
    sampling: assistant.sampling,
    system: assistant.system,
    messages,
    offline: () =>
      answerFromKnowledge({ instructions: assistant.system, firstMessage: assistant.initialMessage, question }),
    signal: options.signal,
  });
  return { text: result.text, usage: toUsage(config, result), threadId: null };
}

function toUsage(config: AppConfig, result: LlmResult): CallUsage {
  return {
    inputTokens: result.inputTokens,
    outputTokens: result.outputTokens,
    costUsd: result.costUsd,
    millicredits: chargedMillicredits(config, result),
  };
}
