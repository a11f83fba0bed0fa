import type { TestProviderKeyReply } from '@agentry/core/llm';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { generateLlmText } from './call-language-model';
import { defaultModelFor } from './default-model-choice';
import { getProviderKeyRowOrThrow } from './get-provider-key-or-throw';
import { toLlmAppError } from './to-llm-app-error';

/**
 * A one-token call with the key, through the gateway (recorded as 'key-test', never billed:
 * it is the sub account's own key). Answers the parsed error instead of throwing it.
 */
export async function testProviderKey(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  keyId: string;
  model?: string;
}): Promise<TestProviderKeyReply> {
  const row = await getProviderKeyRowOrThrow({
    db: options.db,
    subaccountId: options.subaccountId,
    keyId: options.keyId,
  });
  try {
    await generateLlmText({
      db: options.db,
      config: options.config,
      subaccountId: options.subaccountId,
      agentId: null,
      threadId: null,
      source: 'key-test',
      choice: {
        provider: row.provider,
        model: options.model ?? row.defaultModel ?? defaultModelFor(options.config, row.provider),
        providerKeyId: row.id,
      },
      sampling: { temperature: 0, maxTokens: 1, topP: 1, frequencyPenalty: 0, presencePenalty: 0, stopSequences: [] },
      system: 'Answer with one word.',
      messages: [{ role: 'user', content: 'ping' }],
      offline: () => '',
    });
    return { ok: true };
  } catch (error) {
    const appError = toLlmAppError(error);
    if (appError.code === 'CONFIG_ERROR' || appError.code === 'NOT_FOUND') throw appError;
    const extra = appError.extra ?? {};
    return {
      ok: false,
      error: {
        type: typeof extra.type === 'string' ? extra.type : 'unknown_error',
        message: appError.message,
        advice:
          typeof extra.advice === 'string'
            ? extra.advice
            : 'Please try again. If the problem persists, contact support.',
      },
    };
  }
}
