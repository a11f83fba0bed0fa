import type { KeyedLlmProvider } from '@agentry/core/llm';
import type { AppConfig } from '../../../config';
import { defaultProvider } from '../../llm/default-model-choice';
import type { ModelChoice } from '../../llm/resolve-model-route';

/**
 * The provider a bare model name ('gpt-4o') goes through: the sub account's own keys first
 * (OpenAI, then OpenRouter, then an OpenAI-compatible server), else the platform's provider;
 * the gateway falls back to the offline responder when nothing is configured. OpenRouter
 * names OpenAI's models with a vendor prefix.
 */
export function chooseModelProvider(options: {
  config: AppConfig;
  keyProviders: readonly KeyedLlmProvider[];
  model: string;
}): ModelChoice {
  const { model } = options;
  const has = (provider: KeyedLlmProvider) => options.keyProviders.includes(provider);
  const forOpenRouter = model.includes('/') ? model : `openai/${model}`;
  if (model.includes('/')) return { provider: 'openrouter', model, providerKeyId: null };
  if (has('openai')) return { provider: 'openai', model, providerKeyId: null };
  if (has('openrouter')) return { provider: 'openrouter', model: forOpenRouter, providerKeyId: null };
  if (has('openai-compatible')) return { provider: 'openai-compatible', model, providerKeyId: null };
  const provider = defaultProvider(options.config);
  return { provider, model: provider === 'openrouter' ? forOpenRouter : model, providerKeyId: null };
}
