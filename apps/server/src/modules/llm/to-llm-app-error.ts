import { parseAiError, type ParsedAiError } from '@agentry/core/ai-error-parsing';
import { AppError } from '../../platform/http/app-error';
import { ProviderCallError } from '../../platform/llm/chat-completions';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && NETWORK_CODES.has(code)) return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** What the shared parser says about a provider failure (docs/product/README.md#errors). */
export function parseProviderError(last: unknown): ParsedAiError {
  if (last instanceof Error && (last.name === 'TimeoutError' || /timeout of \d+ms exceeded/i.test(last.message)))
    return parseAiError('timeout');
  if (last instanceof ProviderCallError) {
    if (last.statusCode === undefined && (isNetworkFailure(last.cause) || /cannot connect to api/i.test(last.message)))
      return parseAiError(new TypeError('fetch failed'));
    return parseAiError({ status: last.statusCode, body: last.responseBody, message: last.message });
  }
  if (isNetworkFailure(last) || isNetworkFailure((last as { cause?: unknown } | undefined)?.cause))
    return parseAiError(new TypeError('fetch failed'));
  return parseAiError(last instanceof Error ? last : String(last));
}

/**
 * A provider failure as the AppError the error handler answers: the parsed message, and the
 * error-dialog `type` and `advice` in the body so the web can open the error dialog. Our own
 * AppErrors (402 insufficient credits, blocked URLs) pass through unchanged.
 */
export function toLlmAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const parsed = parseProviderError(error);
  return new AppError(parsed.type === 'rate_limit' ? 'RATE_LIMITED' : 'AI_PROVIDER_ERROR', {
    message: parsed.message,
    extra: { type: parsed.type, advice: parsed.advice },
    cause: error,
  });
}
