import type { KeyedLlmProvider } from '@agentry/core/llm';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/http/app-error';
import { assertPublicHttpUrlOrThrow } from '../../platform/http/ssrf-guard';
import { defaultBaseUrl } from './resolve-model-route';

/**
 * A key's own base URL must be a public address (calls to it also go through the guarded
 * fetch); an OpenAI-compatible key needs one unless the platform has OPENAI_BASE_URL.
 */
export async function assertProviderBaseUrl(options: {
  config: AppConfig;
  provider: KeyedLlmProvider;
  baseUrl: string | null | undefined;
}) {
  if (options.baseUrl) {
    await assertPublicHttpUrlOrThrow(options.baseUrl, { allowLoopback: options.config.llm.allowLoopbackUrls });
    return;
  }
  if (!defaultBaseUrl(options.config, options.provider)) {
    throw new AppError('VALIDATION_ERROR', { message: 'An OpenAI-compatible key needs the base URL of its server' });
  }
}
