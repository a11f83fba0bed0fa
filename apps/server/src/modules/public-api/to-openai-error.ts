import { errorCatalogue } from '@agentry/core/errors';
import { AppError } from '../../platform/http/app-error';

export type OpenAiErrorBody = { error: { message: string; type: string; param: string | null; code: string | null } };

/** Our failures in OpenAI's error shape, so OpenAI SDKs raise their usual errors. */
export function toOpenAiError(error: unknown): { status: number; body: OpenAiErrorBody } {
  const body = (message: string, type: string, code: string | null): OpenAiErrorBody => ({
    error: { message, type, param: null, code },
  });
  if (!(error instanceof AppError))
    return { status: 500, body: body(errorCatalogue.INTERNAL_ERROR.message, 'server_error', null) };
  const { status, message } = error;
  switch (error.code) {
    case 'UNAUTHORIZED':
      return { status, body: body(message, 'invalid_request_error', 'invalid_api_key') };
    case 'INSUFFICIENT_CREDITS':
      return { status, body: body(message, 'insufficient_quota', 'insufficient_quota') };
    case 'RATE_LIMITED':
      return { status, body: body(message, 'requests', 'rate_limit_exceeded') };
    case 'VALIDATION_ERROR':
      return { status, body: body(message, 'invalid_request_error', null) };
    case 'AI_PROVIDER_ERROR':
      return {
        status,
        body: body(message, 'api_error', typeof error.extra?.type === 'string' ? error.extra.type : null),
      };
    default: {
      const code = typeof error.extra?.openAiCode === 'string' ? error.extra.openAiCode : error.code.toLowerCase();
      return { status, body: body(message, status >= 500 ? 'server_error' : 'invalid_request_error', code) };
    }
  }
}
