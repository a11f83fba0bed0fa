import { and, desc, eq } from 'drizzle-orm';
import type { KeyedLlmProvider, LlmKeySource, LlmProvider } from '@agentry/core/llm';
import { listedPriceForModel, OFFLINE_MODEL } from '@agentry/core/llm';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { createLanguageModel } from '../../platform/llm/create-language-model';
import type { ChatModel, ProviderConnection } from '../../platform/llm/language-model';
import { createOfflineLanguageModel, type OfflineResponse } from '../../platform/llm/offline-responder';
import { withRetries } from '../../platform/llm/with-retries';
import { providerKey } from './llm.tables';
import { decryptSecret } from './secret-box';

export type ModelChoice = { provider: LlmProvider; model: string; providerKeyId: string | null };

/** Where a call goes and who pays: a platform key (credits), the sub account's own key, or nobody. */
export type ModelRoute = {
  provider: LlmProvider;
  modelId: string;
  keySource: LlmKeySource;
  /** Only platform keys cost credits; a keyless self-hosted server does not. */
  isBilled: boolean;
  model: ChatModel;
};

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The address a provider has when nobody gave one. */
export function defaultBaseUrl(config: AppConfig, provider: KeyedLlmProvider): string | undefined {
  if (provider === 'openrouter') return config.llm.openrouterBaseUrl;
  if (provider === 'openai') return config.llm.openaiBaseUrl ?? OPENAI_BASE_URL;
  return config.llm.openaiBaseUrl;
}

/** The platform's own connection for a provider, from the environment; undefined when not configured. */
function platformConnection(config: AppConfig, provider: KeyedLlmProvider): ProviderConnection | undefined {
  const { llm } = config;
  if (provider === 'openai' && llm.openaiApiKey)
    return { provider, apiKey: llm.openaiApiKey, baseUrl: llm.openaiBaseUrl ?? OPENAI_BASE_URL };
  if (provider === 'openrouter' && llm.openrouterApiKey)
    return { provider, apiKey: llm.openrouterApiKey, baseUrl: llm.openrouterBaseUrl, appUrl: config.publicUrl };
  if (provider === 'openai-compatible' && llm.openaiBaseUrl)
    return { provider, apiKey: llm.openaiApiKey, baseUrl: llm.openaiBaseUrl };
  return undefined;
}

/** A connection through a stored key of the sub account; its own base URL must be public. */
export function subaccountConnection(config: AppConfig, row: typeof providerKey.$inferSelect): ProviderConnection {
  const apiKey = decryptSecret({ key: config.encryptionKey, payload: row.encryptedKey });
  const baseUrl = row.baseUrl ?? defaultBaseUrl(config, row.provider);
  if (!baseUrl) throw new AppError('CONFIG_ERROR', { extra: { type: 'config_error' } });
  const allowLoopback = config.llm.allowLoopbackUrls;
  return {
    provider: row.provider,
    apiKey,
    baseUrl,
    guard: row.baseUrl ? { allowLoopback } : undefined,
    appUrl: config.publicUrl,
  };
}

async function findSubaccountKey(db: Database, subaccountId: string, choice: ModelChoice) {
  if (choice.providerKeyId) {
    const [row] = await db
      .select()
      .from(providerKey)
      .where(and(eq(providerKey.id, choice.providerKeyId), eq(providerKey.subaccountId, subaccountId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', { message: 'Provider key not found' });
    return row;
  }
  if (choice.provider === 'offline') return undefined;
  const [row] = await db
    .select()
    .from(providerKey)
    .where(and(eq(providerKey.subaccountId, subaccountId), eq(providerKey.provider, choice.provider)))
    .orderBy(desc(providerKey.updatedAt))
    .limit(1);
  return row;
}

/** The cache scope of stored provider keys: forget it after any key is added, changed or deleted. */
export const PROVIDER_KEYS_SCOPE = 'provider-keys';

/** The sub account's key for a choice, decrypted; remembered in `cache` until a key changes. */
function findSubaccountConnection(options: {
  db: Database;
  config: AppConfig;
  cache?: Cache;
  subaccountId: string;
  choice: ModelChoice;
}): Promise<ProviderConnection | undefined> {
  const { db, config, subaccountId, choice } = options;
  const load = async () => {
    const row = await findSubaccountKey(db, subaccountId, choice);
    return row ? subaccountConnection(config, row) : undefined;
  };
  if (!options.cache) return load();
  const key = JSON.stringify([subaccountId, choice.providerKeyId, choice.provider]);
  return options.cache.remember(PROVIDER_KEYS_SCOPE, key, load);
}

/**
 * Picks the connection for a call: the key chosen on the agent, else the sub account's newest
 * key for the provider, else the platform key, else the offline responder (which says so).
 * With `cache`, the stored key is read once and remembered until any key changes. A platform key
 * that costs credits runs only the models of the price table (400 for any other).
 */
export async function resolveModelRoute(options: {
  db: Database;
  config: AppConfig;
  cache?: Cache;
  subaccountId: string;
  choice: ModelChoice;
  offline: OfflineResponse;
}): Promise<ModelRoute> {
  const { config, choice } = options;
  const offline: ModelRoute = {
    provider: 'offline',
    modelId: OFFLINE_MODEL,
    keySource: 'offline',
    isBilled: false,
    model: createOfflineLanguageModel(options.offline),
  };
  if (choice.provider === 'offline' && !choice.providerKeyId) return offline;

  const connection = await findSubaccountConnection(options);
  if (connection) {
    return {
      provider: connection.provider,
      modelId: choice.model,
      keySource: 'subaccount',
      isBilled: false,
      model: withRetries(createLanguageModel(connection, choice.model)),
    };
  }
  if (choice.provider === 'offline') return offline;
  const platform = platformConnection(config, choice.provider);
  if (!platform) return offline;
  const isBilled = platform.apiKey !== undefined;
  // Credits are charged at the price table's rates: a model it does not list could cost the
  // platform more than the user is charged (docs/product/billing-and-credits.md#model-prices).
  if (isBilled && !listedPriceForModel(choice.model)) throw unpricedModelError(choice.model);
  return {
    provider: choice.provider,
    modelId: choice.model,
    keySource: 'platform',
    isBilled,
    model: withRetries(createLanguageModel(platform, choice.model)),
  };
}

function unpricedModelError(model: string) {
  return new AppError('VALIDATION_ERROR', {
    message: `The model ${model} has no price on this platform, so it cannot run on credits. Choose a listed model, or add your own provider key for it.`,
  });
}

/**
 * Refuses (400) a model choice that would run on platform credits at no listed price, when an
 * agent is saved with it: resolveModelRoute refuses it again on every call (a key deleted, a price
 * taken out of LLM_MODEL_PRICES since).
 */
export async function assertModelChoiceRunnable(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  choice: ModelChoice;
}) {
  const { choice } = options;
  if (choice.provider === 'offline') return;
  if (await findSubaccountKey(options.db, options.subaccountId, choice)) return;
  const platform = platformConnection(options.config, choice.provider);
  if (platform?.apiKey !== undefined && !listedPriceForModel(choice.model)) throw unpricedModelError(choice.model);
}

/** Whether two model choices differ in provider, model or key. */
export function isOtherModelChoice(a: ModelChoice, b: ModelChoice): boolean {
  return a.provider !== b.provider || a.model !== b.model || a.providerKeyId !== b.providerKeyId;
}
