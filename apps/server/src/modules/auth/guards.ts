import type { FastifyInstance, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@agentry/core/auth';
import type { Action } from '@agentry/core/permissions';
import { AppError } from '../../platform/http/app-error';
import { authorize } from './authorize';
import { toFetchHeaders } from './to-fetch-headers';

export type SignedIn = {
  user: { id: string; email: string; name: string; image?: string | null; emailVerified: boolean };
  sessionId: string;
};

declare module 'fastify' {
  // Declaration merging is the reason for an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    signedIn: SignedIn | null;
  }
}

async function loadSignedIn(request: FastifyRequest): Promise<SignedIn | null> {
  const result = await request.server.authService.auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  if (!result) return null;
  return { user: result.user, sessionId: result.session.id };
}

async function ensureSignedIn(request: FastifyRequest): Promise<SignedIn> {
  request.signedIn ??= await loadSignedIn(request);
  if (!request.signedIn) throw new AppError('UNAUTHORIZED');
  return request.signedIn;
}

/**
 * Every guard below runs before the body is read (see moveGuardsBeforeValidation), so an anonymous
 * caller gets 401 and an outsider 404 before any 400 or 415 could say anything about the route.
 */
const guards = new WeakSet<object>();
export function asGuard(handler: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  guards.add(handler);
  return handler;
}

/** Route option: the caller must be signed in (401 otherwise). */
export const requireSession: preHandlerAsyncHookHandler = asGuard(async (request) => {
  await ensureSignedIn(request);
});

/**
 * Route option: signed in, and allowed to take `action` in `:subaccountId` by the permission
 * table (role, the lock after a downgrade, plan features). Params are still raw here: anything
 * that is not a sub account id the caller belongs to answers 404.
 */
export function requirePermission(action: Action): preHandlerAsyncHookHandler {
  return asGuard(async (request) => {
    const signedIn = await ensureSignedIn(request);
    const { subaccountId } = (request.params ?? {}) as { subaccountId?: unknown };
    if (typeof subaccountId !== 'string' || subaccountId.length === 0)
      throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
    await authorize({
      db: request.server.platform.database.db,
      subaccountId,
      userId: signedIn.user.id,
      action,
      log: request.log,
    });
  });
}

const actionOfRole: Record<Role, Action> = {
  viewer: 'subaccount.read',
  member: 'subaccount.update',
  admin: 'team.manage',
};

/** Route option kept for older routes: `requirePermission` of a generic read, write or admin action. */
export function requireMembership(minimumRole: Role = 'viewer'): preHandlerAsyncHookHandler {
  return requirePermission(actionOfRole[minimumRole]);
}

/** Route option: loads the session when there is one; the route decides what a visitor may do. */
export const loadOptionalSession: preHandlerAsyncHookHandler = asGuard(async (request) => {
  request.signedIn ??= await loadSignedIn(request);
});

function toHandlerList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Fastify parses the body (400 for broken JSON, 415 for another type) and validates the body,
 * params and query before `preHandler`. Registered before any route, this moves the guards above
 * from a route's `preHandler` or `preValidation` to the front of its `onRequest`, which runs once
 * the route is matched (its params are known) and before the body is read.
 */
export function moveGuardsBeforeValidation(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const isGuard = (handler: unknown) => typeof handler === 'function' && guards.has(handler);
    const preHandlers = toHandlerList(route.preHandler);
    const preValidations = toHandlerList(route.preValidation);
    const moved = [...preHandlers.filter(isGuard), ...preValidations.filter(isGuard)];
    if (moved.length === 0) return;
    // The route options' hook types differ per route generic; these are the route's own handlers.
    route.preHandler = preHandlers.filter((handler) => !isGuard(handler)) as RouteOptions['preHandler'];
    route.preValidation = preValidations.filter((handler) => !isGuard(handler)) as RouteOptions['preValidation'];
    route.onRequest = [...moved, ...toHandlerList(route.onRequest)] as RouteOptions['onRequest'];
  });
}

/** The signed-in user of a route guarded by requireSession or requirePermission. */
export function signedInUser(request: FastifyRequest) {
  if (!request.signedIn) throw new AppError('UNAUTHORIZED');
  return request.signedIn.user;
}
