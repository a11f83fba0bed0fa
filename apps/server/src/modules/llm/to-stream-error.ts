import type { FastifyBaseLogger } from 'fastify';
import { errorCatalogue } from '@agentry/core/errors';
import { AppError } from '../../platform/http/app-error';
import { createSupportId } from '../../platform/http/error-handler';

/**
 * The `{code, message, support_id, ...}` of a failure that happens after a stream has started,
 * logged like the error handler logs it (causes of 5xx only in the log, never in the body).
 */
export function toStreamError(error: unknown, logger: FastifyBaseLogger) {
  const supportId = createSupportId();
  if (error instanceof AppError) {
    if (error.status >= 500) logger.error({ supportId, code: error.code, err: error }, error.message);
    else logger.info({ supportId, code: error.code }, error.message);
    return { ...error.extra, code: error.code, message: error.message, support_id: supportId };
  }
  logger.error({ supportId, err: error }, 'stream failed');
  return { code: 'INTERNAL_ERROR', message: errorCatalogue.INTERNAL_ERROR.message, support_id: supportId };
}
