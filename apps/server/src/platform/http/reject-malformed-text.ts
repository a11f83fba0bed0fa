import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { findMalformedText, type MalformedText } from './find-malformed-text';

function toValidationError(found: MalformedText) {
  return new AppError('VALIDATION_ERROR', { message: found.message, extra: { fields: [found] } });
}

function findInUrl(request: FastifyRequest) {
  return findMalformedText(request.params, '') ?? findMalformedText(request.query, '');
}

/**
 * Refuses NUL characters and lone surrogates in any string of a request (path parameters, query,
 * JSON body; object keys included) with the usual 400 VALIDATION_ERROR and a field message,
 * before a handler can pass them to the database (PostgreSQL refuses NUL in text) or encode them.
 * The URL is checked as the request arrives, before any route guard, since guards look rows up by
 * path parameters. The body is checked after the route guards (which answer 401 before any 400)
 * and schema validation, and before any pre-handler or handler reads it.
 */
export function registerMalformedTextCheck(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const found = findInUrl(request);
    done(found ? toValidationError(found) : undefined);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const found = findMalformedText(request.body);
    done(found ? toValidationError(found) : undefined);
  });
}
