import type { FastifyRequest } from 'fastify';
import { WIDGET_PARENT_ORIGIN_HEADER } from '@agentry/core/widget';
import { AppError } from '../../platform/http/app-error';
import { isOriginAllowed } from './is-origin-allowed';

/**
 * The visitor API's origin rule. Browsers send `Origin` on the iframe's POSTs: our own origins
 * (the iframe: PUBLIC_URL's, and on this machine its loopback aliases, config.trustedOrigins)
 * always pass; any other page must be on the widget's allowedDomains. Never the request's Host
 * header, which a page whose name was pointed at this server sends to match its own Origin. The
 * iframe also names the page that framed it in X-Widget-Parent-Origin, checked the same way
 * (defence in depth: frame-ancestors on the iframe page is what stops framing). 403 otherwise.
 */
export function assertWidgetOrigin(options: {
  request: FastifyRequest;
  ownOrigins: ReadonlySet<string>;
  allowedDomains: readonly string[];
}) {
  const { request, ownOrigins, allowedDomains } = options;
  if (allowedDomains.length === 0) return;
  for (const origin of [request.headers.origin, request.headers[WIDGET_PARENT_ORIGIN_HEADER]]) {
    if (typeof origin !== 'string' || origin === '') continue;
    if (!ownOrigins.has(origin) && !isOriginAllowed(origin, allowedDomains))
      throw new AppError('WIDGET_ORIGIN_NOT_ALLOWED');
  }
}
