import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckAccessQuery,
  CheckAccessReply,
  CheckLinkedAccessReply,
  CheckUserQuery,
  CheckUserReply,
  DirectLoginBody,
  DirectLoginReply,
  PreRegisterBody,
} from '@agentry/core/auth';
import { toSafeReturnPath as toSafeReturnPathOrUndefined } from '@agentry/core/return-url';
import { AppError } from '../../platform/http/app-error';
import { sendRouteNotFound } from '../../platform/http/error-handler';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { checkAccess, checkLinkedAccess, checkUser } from './check-user';
import { isMagicLinkRequest, limitSignInEmails } from './limit-sign-in-emails';
import { loadOptionalSession, requireSession, signedInUser } from './guards';
import { preRegisterUser } from './pre-register-user';
import { toFetchHeaders } from './to-fetch-headers';
import { toClientNetwork } from '../../platform/http/to-client-network';

/** The signed-in caller asks about their own address (addresses are stored lower-cased). */
function isAboutCaller(request: FastifyRequest, email: string) {
  return request.signedIn !== null && request.signedIn.user.email.toLowerCase() === email.trim().toLowerCase();
}

/** A path on this site only: never an open redirect to another origin. */
export function toSafeReturnPath(value: string | undefined, fallback: string) {
  return toSafeReturnPathOrUndefined(value) ?? fallback;
}

export function registerAuthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { cache, config } = app.platform;
  const lookupLimit = { limit: config.signIn.lookupsPerIpPerMinute, windowMs: 60_000 };

  // Better Auth serves everything else under /api/auth (magic link, session, sign-out, Google).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: (request, reply) => forwardToBetterAuth(request, reply),
  });

  app.get(
    '/api/auth/signin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in entry point: opens the sign-in modal',
        querystring: z.object({ callbackUrl: z.string().optional() }),
      },
    },
    (request, reply) => {
      const callbackUrl = toSafeReturnPath(request.query.callbackUrl, '/agents/create');
      return reply.redirect(`/?signin=1&callbackUrl=${encodeURIComponent(callbackUrl)}`);
    },
  );

  // Open to anyone signed out: they answer the same for every address, except to a signed-in
  // caller asking about their own, and are rate-limited per IP against probing.
  app.post(
    '/api/auth/pre-register',
    { schema: { tags: ['auth'], body: PreRegisterBody, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await enforceRateLimit({ cache, key: `pre-register:${toClientNetwork(request.ip)}`, ...lookupLimit });
      await preRegisterUser({ db, email: request.body.email, emailConsent: request.body.emailconsent });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/check-user',
    {
      preHandler: loadOptionalSession,
      schema: { tags: ['auth'], querystring: CheckUserQuery, response: { 200: CheckUserReply } },
    },
    async (request) => {
      await enforceRateLimit({ cache, key: `check-user:${toClientNetwork(request.ip)}`, ...lookupLimit });
      if (!isAboutCaller(request, request.query.email))
        return { exists: false, hasAccess: false, needsVerification: false };
      return checkUser({ db, email: request.query.email });
    },
  );

  app.get(
    '/api/auth/check-linked-access',
    {
      preHandler: loadOptionalSession,
      schema: { tags: ['auth'], querystring: CheckUserQuery, response: { 200: CheckLinkedAccessReply } },
    },
    async (request) => {
      await enforceRateLimit({ cache, key: `check-user:${toClientNetwork(request.ip)}`, ...lookupLimit });
      if (!isAboutCaller(request, request.query.email)) return { hasLinkedAccess: false };
      return checkLinkedAccess({ db, email: request.query.email });
    },
  );

  app.get(
    '/auth/check-access',
    {
      preHandler: requireSession,
      schema: { tags: ['auth'], querystring: CheckAccessQuery, response: { 200: CheckAccessReply } },
    },
    async (request) => {
      // Only about oneself: another user's id looks like an unknown one.
      if (request.query.userId !== signedInUser(request).id) throw new AppError('NOT_FOUND');
      return checkAccess({ db, userId: request.query.userId });
    },
  );

  app.post(
    '/api/direct-login',
    { schema: { tags: ['auth'], body: DirectLoginBody, response: { 200: DirectLoginReply } } },
    async (request) => {
      await enforceRateLimit({
        cache,
        key: `direct-login:${toClientNetwork(request.ip)}`,
        limit: 10,
        windowMs: 60_000,
      });
      const { email } = request.body;
      if (!config.directLoginEmails.includes(email)) throw new AppError('DIRECT_LOGIN_NOT_ALLOWED');
      await limitSignInEmails({ cache, limits: config.signIn, email, ip: request.ip });
      const callbackURL = toSafeReturnPath(request.body.returnUrl, '/agents/create');
      const redirectUrl = await app.authService.captureMagicLink(email, () =>
        app.authService.auth.api.signInMagicLink({
          body: { email, callbackURL },
          headers: toFetchHeaders(request.headers),
        }),
      );
      return { redirectUrl };
    },
  );
}

/**
 * The auth library's routes we use: magic-link sign-in and its link, Google sign-in and its
 * callback, sign-out and the session read. Everything else it mounts (organization plugin routes,
 * e-mail/password sign-up, change-email, update-user, delete-user, link/unlink-social, session
 * listing and revocation, ...) would bypass our plan and role rules or change an account in ways
 * the product never offers, so it answers our 404.
 */
const AUTH_LIBRARY_ROUTES: readonly { method: string; pattern: RegExp }[] = [
  { method: 'POST', pattern: /^\/api\/auth\/sign-in\/magic-link$/ },
  { method: 'GET', pattern: /^\/api\/auth\/magic-link\/verify$/ },
  { method: 'POST', pattern: /^\/api\/auth\/sign-in\/social$/ },
  { method: 'GET', pattern: /^\/api\/auth\/callback\/[a-z]+$/ },
  { method: 'POST', pattern: /^\/api\/auth\/callback\/[a-z]+$/ },
  { method: 'POST', pattern: /^\/api\/auth\/sign-out$/ },
  { method: 'GET', pattern: /^\/api\/auth\/get-session$/ },
  { method: 'GET', pattern: /^\/api\/auth\/(?:ok|error)$/ },
];

/**
 * Whether a request may reach the auth library: only the exact spellings listed above (the
 * library matches paths case-sensitively; anything with escapes, extra slashes or other cases is
 * refused rather than normalised).
 */
export function isAllowedAuthLibraryRoute(method: string, pathname: string) {
  return AUTH_LIBRARY_ROUTES.some((route) => route.method === method && route.pattern.test(pathname));
}

/**
 * Better Auth's organization plugin routes (create, update, delete, invitations, members,
 * set-active, lists, ...) would bypass our plan and role rules: sub accounts are created,
 * switched and shared through our own routes only. Matched loosely (any case, percent-encoded
 * letters, extra slashes) so no spelling reaches the library.
 */
export function isOrganizationPluginPath(pathname: string) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judge the raw path.
  }
  return [pathname, decoded].some((candidate) => /^\/+api\/+auth\/+organization(?:[/?#]|$)/i.test(candidate));
}

async function forwardToBetterAuth(request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, request.server.platform.config.publicUrl);
  if (isOrganizationPluginPath(url.pathname) || !isAllowedAuthLibraryRoute(request.method, url.pathname))
    return sendRouteNotFound(request, reply);
  if (isMagicLinkRequest(request.method, url.pathname)) {
    const email = (request.body as { email?: unknown } | null | undefined)?.email;
    if (typeof email === 'string') {
      const { cache, config } = request.server.platform;
      await limitSignInEmails({ cache, limits: config.signIn, email, ip: request.ip });
    }
  }
  const headers = toFetchHeaders(request.headers);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined && request.body !== null;
  const response = await request.server.authService.auth.handler(
    new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
  );
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key.toLowerCase() === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
