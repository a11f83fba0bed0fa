import { toHumanValidationMessage } from './to-human-validation-message';
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue } from '@agentry/core/errors';
import { AppError } from './app-error';

export function createSupportId() {
  // 32 hex digits. randomUUID draws from a buffer of random bytes refilled in batches: every
  // request gets an id, and randomBytes would ask the system for 16 bytes each time.
  return randomUUID().replaceAll('-', '');
}

type ErrorBody = {
  error: { code: string; message: string; support_id: string; fields?: { path: string; message: string }[] } & Record<
    string,
    unknown
  >;
};

/**
 * One place maps failures to answers: validation -> 400 with field messages, AppError -> its
 * status, anything else -> 500 whose cause is logged with the support id and never sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const supportId = createSupportId();
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: toHumanValidationMessage(issue),
      }));
      request.log.info({ supportId, fields }, 'request validation failed');
      return sendError(reply, 400, {
        code: 'VALIDATION_ERROR',
        message: fields[0]?.message ?? errorCatalogue.VALIDATION_ERROR.message,
        support_id: supportId,
        fields,
      });
    }
    if (error instanceof AppError) {
      const level = error.status >= 500 ? 'error' : 'info';
      request.log[level]({ supportId, code: error.code, err: error.status >= 500 ? error : undefined }, error.message);
      return sendError(reply, error.status, {
        ...error.extra,
        code: error.code,
        message: error.message,
        support_id: supportId,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ supportId, err: error, cause: error.cause }, 'response did not match its schema');
      return sendError(reply, 500, {
        code: 'INTERNAL_ERROR',
        message: errorCatalogue.INTERNAL_ERROR.message,
        support_id: supportId,
      });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type).
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ supportId, err: error }, 'client error');
      const code =
        error.statusCode === 429 ? 'RATE_LIMITED' : error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      const message =
        error.statusCode === 429
          ? errorCatalogue.RATE_LIMITED.message
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? UNSUPPORTED_MEDIA_TYPE_MESSAGE
            : error.message;
      return sendError(reply, error.statusCode, { code, message, support_id: supportId });
    }
    request.log.error({ supportId, err: error }, 'unhandled error');
    return sendError(reply, 500, {
      code: 'INTERNAL_ERROR',
      message: errorCatalogue.INTERNAL_ERROR.message,
      support_id: supportId,
    });
  });
}

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';
export const BAD_URL_MESSAGE = 'The address is not valid: a part of it is not valid percent-encoded UTF-8.';

/**
 * Errors Fastify raises before a route is chosen (a path whose percent-encoding is not valid
 * UTF-8, such as an encoded lone surrogate): the same structured 400 as any validation error.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const supportId = createSupportId();
  request.log.info({ supportId, err: error }, 'request refused before routing');
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void sendError(reply, status, {
    code: 'VALIDATION_ERROR',
    message: error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : errorCatalogue.VALIDATION_ERROR.message,
    support_id: supportId,
  });
}

/** Unknown routes under /api (and other server prefixes) answer 404 in the structured shape. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, {
    code: 'ROUTE_NOT_FOUND',
    message: errorCatalogue.ROUTE_NOT_FOUND.message,
    support_id: createSupportId(),
    method: request.method,
    path: request.url.split('?')[0],
  });
}

function sendError(reply: FastifyReply, status: number, error: ErrorBody['error']) {
  return reply
    .status(status)
    .type('application/json')
    .send({ error } satisfies ErrorBody);
}
