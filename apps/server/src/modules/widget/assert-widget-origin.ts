import type { FastifyRequest } from 'fastify';
import { WIDGET_PARENT_ORIGIN_HEADER } from '@agentry/core/widget';
import { AppError } from '../../platform/http/app-error';
import { isOriginAllowed } from './is-origin-allowed';

/**
 * The visitor API's origin rule. Browsers send `Origin` on the iframe's POSTs: our own origin
 * (the iframe) always passes; any other page must be on the widget's allowedDomains. The
 * iframe also names the page that framed it in X-Widget-Parent-Origin, checked the same way
 * (defence in depth: frame-ancestors on the iframe page is what stops framing). 403 otherwise.
 */
export function assertWidgetOrigin(options: {
  request: FastifyRequest;
  ownOrigin: string;
  allowedDomains: readonly string[];
}) {
  const { request, ownOrigin, allowedDomains } = options;
  if (allowedDomains.length === 0) return;
  const isOwn = (origin: string) => origin === ownOrigin || hostOf(origin) === request.headers.host;
  for (const origin of [request.headers.origin, request.headers[WIDGET_PARENT_ORIGIN_HEADER]]) {
    if (typeof origin !== 'string' || origin === '') continue;
    if (!isOwn(origin) && !isOriginAllowed(origin, allowedDomains)) throw new AppError('WIDGET_ORIGIN_NOT_ALLOWED');
  }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
