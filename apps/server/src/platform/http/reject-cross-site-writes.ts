import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that browsers on other sites may call with a cookie present, because something other
 * than the session authenticates them or they are public by design: the Stripe webhook (signed
 * raw body), the agent webhook (secret header), the OpenAI-compatible API (API key), and the
 * widget visitor chat and demo chat (their own origin allow-lists).
 */
const EXEMPT_ROUTES = new Set([
  '/api/stripe/webhook',
  '/webhook/:agentId',
  '/api/widget/:widgetId/chat',
  '/api/demo-chat',
  '/api/openrouter/chat',
  '/api/channels/twilio/:connectionId/inbound',
  '/api/channels/twilio/:connectionId/status',
]);
const EXEMPT_PREFIXES = ['/v1/'];

export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

function isExempt(routeUrl: string) {
  return EXEMPT_ROUTES.has(routeUrl) || EXEMPT_PREFIXES.some((prefix) => routeUrl.startsWith(prefix));
}

/**
 * The origins whose pages may change state with the session cookie: PUBLIC_URL's, and outside
 * production also the same port under the other loopback name and the Vite dev server.
 */
export function toAllowedOrigins(config: Pick<AppConfig, 'publicUrl' | 'isProduction'>): Set<string> {
  const own = new URL(config.publicUrl);
  const origins = new Set([own.origin]);
  if (!config.isProduction) {
    for (const hostname of ['localhost', '127.0.0.1']) {
      const alias = new URL(own.origin);
      alias.hostname = hostname;
      origins.add(alias.origin);
      origins.add(`http://${hostname}:5173`);
    }
  }
  return origins;
}

function isSameSiteRequest(request: FastifyRequest, allowedOrigins: Set<string>) {
  const origin = request.headers.origin;
  if (origin !== undefined) return allowedOrigins.has(origin);
  // No Origin (older browsers on same-origin requests, and non-browser clients): Fetch Metadata
  // still tells a cross-site request apart; 'none' is the user's own navigation.
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Cross-site request forgery guard: a state-changing request that carries cookies must come from
 * one of the app's own pages (Origin, or Sec-Fetch-Site without it); 403 otherwise. Cookies are
 * SameSite=Lax, which does not stop same-site pages (another port of the same host, a sibling
 * subdomain). Runs before the body is read, so a refused upload is never buffered.
 */
export function registerCrossSiteCheck(app: FastifyInstance, config: Pick<AppConfig, 'publicUrl' | 'isProduction'>) {
  const allowedOrigins = toAllowedOrigins(config);
  app.addHook('onRequest', (request, _reply, done) => {
    const routeUrl = request.routeOptions.url;
    const isChecked =
      !SAFE_METHODS.has(request.method) &&
      Boolean(request.headers.cookie) &&
      routeUrl !== undefined &&
      !isExempt(routeUrl);
    done(
      isChecked && !isSameSiteRequest(request, allowedOrigins)
        ? new AppError('FORBIDDEN', { message: CROSS_SITE_MESSAGE })
        : undefined,
    );
  });
}
