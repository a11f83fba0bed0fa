import {
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENROUTER_MODEL,
  OFFLINE_MODEL,
  type KeyedLlmProvider,
  type LlmProvider,
} from '@agentry/core/llm';
import type { AppConfig } from '../../config';

/**
 * The provider a new agent gets: the first platform provider configured, else OpenAI, which
 * the offline responder stands in for until a key exists.
 */
export function defaultProvider(config: AppConfig): KeyedLlmProvider {
  const { llm } = config;
  if (llm.openaiApiKey) return 'openai';
  if (llm.openaiBaseUrl) return 'openai-compatible';
  if (llm.openrouterApiKey) return 'openrouter';
  return 'openai';
}

/** The model an agent of `provider` gets unless one is chosen (LLM_DEFAULT_MODEL for the default provider). */
export function defaultModelFor(config: AppConfig, provider: LlmProvider): string {
  if (provider === 'offline') return OFFLINE_MODEL;
  if (provider === defaultProvider(config) && config.llm.defaultModel) return config.llm.defaultModel;
  return provider === 'openrouter' ? DEFAULT_OPENROUTER_MODEL : DEFAULT_OPENAI_MODEL;
}
