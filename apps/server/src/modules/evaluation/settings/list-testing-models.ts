import { eq } from 'drizzle-orm';
import { evaluationTestingModels, type TestingModel } from '@agentry/core/evaluation';
import { DEFAULT_OPENROUTER_MODEL } from '@agentry/core/llm';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { agent } from '../../agents/agents.tables';
import { listProviderKeys } from '../../llm/list-provider-keys';

/**
 * The four testing models of docs/product/evaluation.md#test-settings, plus the models of the providers configured for this sub account
 * (its own keys, then the platform's): the models its agents use on them and the configured
 * default model.
 */
export async function listTestingModels(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
}): Promise<TestingModel[]> {
  const { config } = options;
  const models: TestingModel[] = evaluationTestingModels.map((id) => ({ id, label: id, provider: 'openai' }));
  const add = (id: string, provider: string) => {
    if (id && !models.some((model) => model.id === id)) models.push({ id, label: id, provider });
  };
  const keys = await listProviderKeys({ db: options.db, subaccountId: options.subaccountId });
  const providers = new Set<string>(keys.map((key) => key.provider));
  if (config.llm.openaiApiKey) providers.add('openai');
  if (config.llm.openaiBaseUrl) providers.add('openai-compatible');
  if (config.llm.openrouterApiKey) providers.add('openrouter');
  if (providers.has('openrouter')) add(DEFAULT_OPENROUTER_MODEL, 'openrouter');
  if (config.llm.defaultModel)
    add(
      config.llm.defaultModel,
      config.llm.openaiBaseUrl
        ? 'openai-compatible'
        : config.llm.openrouterApiKey && !config.llm.openaiApiKey
          ? 'openrouter'
          : 'openai',
    );
  const agentModels = await options.db
    .selectDistinct({ model: agent.model, provider: agent.provider })
    .from(agent)
    .where(eq(agent.subaccountId, options.subaccountId));
  for (const entry of agentModels) if (providers.has(entry.provider)) add(entry.model, entry.provider);
  return models;
}
