import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { millicreditsForCost } from '@agentry/core/credits';
import { costForUsage, estimateTokens } from '@agentry/core/llm';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { releaseCredits } from '../../credits/release-credits';
import { reserveCredits } from '../../credits/reserve-credits';
import { retrySettlement } from '../../credits/retry-settlement';
import { settleCredits } from '../../credits/settle-credits';
import { toChatMessages, type ConversationMessage } from '../../llm/call-language-model';
import { createCallSignal } from '../../llm/create-call-signal';
import { toLlmAppError } from '../../llm/to-llm-app-error';
import type { CallUsage } from '../evaluation-types';
import type { TestingModel } from '../settings/resolve-testing-model';

export type TestingModelAnswer = { text: string; usage: CallUsage; isOffline: boolean };

/**
 * One call of the testing model (simulated user, rewordings, judge, question generation).
 * With `json`, the provider is made to answer that JSON schema (response_format). Platform
 * keys are charged like the gateway does: the most the call can cost is reserved first, the
 * real cost settled after. With no provider configured, `offlineAnswer` answers instead.
 */
export async function callTestingModel(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  testingModel: TestingModel;
  system: string;
  messages: readonly ConversationMessage[];
  temperature: number;
  maxTokens: number;
  json?: { name: string; schema: object };
  signal?: AbortSignal;
  offlineAnswer: () => string;
}): Promise<TestingModelAnswer> {
  const { route, billingUserId, subaccountId } = options.testingModel;
  const promptText = [
    options.system,
    ...options.messages.map((message) => (typeof message.content === 'string' ? message.content : '')),
  ].join('\n');
  const estimatedInputTokens = estimateTokens(promptText);
  if (route.provider === 'offline') {
    const text = options.offlineAnswer();
    return {
      text,
      usage: { inputTokens: estimatedInputTokens, outputTokens: estimateTokens(text), costUsd: 0, millicredits: 0 },
      isOffline: true,
    };
  }

  let holdId: string | undefined;
  let held = 0;
  if (billingUserId) {
    held = Math.max(
      1,
      millicreditsForCost(
        costForUsage({ model: route.modelId, inputTokens: estimatedInputTokens, outputTokens: options.maxTokens }),
      ),
    );
    ({ holdId } = await reserveCredits({
      db: options.db,
      billingUserId,
      millicredits: held,
      reference: `evaluation:${randomUUID()}`,
    }));
  }
  // OpenAI is held to the schema (structured outputs); OpenAI-compatible servers get JSON mode
  // (platform/llm/chat-completions.ts), and the answer is schema-checked here either way.
  const callSignal = createCallSignal([options.signal], options.config.llm.requestTimeoutMs);
  try {
    const result = await route.model
      .complete(
        {
          messages: toChatMessages(options.system, options.messages),
          temperature: options.temperature,
          maxTokens: options.maxTokens,
          responseFormat: options.json,
        },
        // The route retries 429 and 5xx itself (platform/llm/with-retries.ts).
        callSignal.signal,
      )
      .finally(callSignal.release);
    const inputTokens = result.usage?.inputTokens ?? estimatedInputTokens;
    const outputTokens = result.usage?.outputTokens ?? estimateTokens(result.text);
    const costUsd = costForUsage({ model: route.modelId, inputTokens, outputTokens });
    let millicredits = 0;
    if (holdId) {
      // The usage the provider reported, even above the hold (the balance pays the rest, or owes it).
      const charge = millicreditsForCost(costUsd);
      const usage = {
        model: route.modelId,
        provider: route.provider,
        inputTokens,
        outputTokens,
        costUsd,
        source: 'evaluation',
        subaccountId,
      };
      // What the run reports is what was charged: nothing when the settlement never went through.
      millicredits = await retrySettlement(() =>
        settleCredits({ db: options.db, holdId, millicredits: charge, usage }),
      ).then(
        (closing) => closing.chargedMillicredits,
        (error: unknown) => {
          options.logger?.error({ err: error, holdId }, 'could not settle credits');
          return 0;
        },
      );
    }
    return { text: result.text, usage: { inputTokens, outputTokens, costUsd, millicredits }, isOffline: false };
  } catch (error) {
    if (holdId)
      await releaseCredits({ db: options.db, holdId }).catch((releaseError: unknown) =>
        options.logger?.error({ err: releaseError, holdId }, 'could not release credits'),
      );
    throw toLlmAppError(error);
  }
}
