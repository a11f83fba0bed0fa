import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@agentry/core/auth';
import { AppError } from '../../platform/http/app-error';
import { getMembershipOrThrow, type Membership } from '../accounts/get-membership-or-throw';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';
import { toFetchHeaders } from './to-fetch-headers';

export type SignedIn = { user: { id: string; email: string; name: string; image?: string | null; emailVerified: boolean }; sessionId: string };

declare module 'fastify' {
  // Declaration merging is the reason for an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    signedIn: SignedIn | null;
    membership: Membership | null;
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

/** Route option: the caller must be signed in (401 otherwise). */
export const requireSession: preHandlerAsyncHookHandler = async (request) => {
  await ensureSignedIn(request);
};

/** Route option: signed in, and a member of `:subaccountId` with at least `minimumRole`. */
export function requireMembership(minimumRole: Role = 'viewer'): preHandlerAsyncHookHandler {
  return async (request) => {
    const signedIn = await ensureSignedIn(request);
    const { subaccountId } = request.params as { subaccountId?: string };
    if (!subaccountId) throw new AppError('NOT_FOUND');
    const db = request.server.platform.database.db;
    request.membership = await getMembershipOrThrow({ db, subaccountId, userId: signedIn.user.id, minimumRole, log: request.log });
    // A sub account locked after a downgrade stays readable; writes wait for an upgrade.
    if (minimumRole !== 'viewer' && (await isSubaccountLocked({ db, subaccountId }))) {
      throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
    }
  };
}

/** Route option: loads the session when there is one; the route decides what a visitor may do. */
export const loadOptionalSession: preHandlerAsyncHookHandler = async (request) => {
  request.signedIn ??= await loadSignedIn(request);
};

/** The signed-in user of a route guarded by requireSession or requireMembership. */
export function signedInUser(request: FastifyRequest) {
  if (!request.signedIn) throw new AppError('UNAUTHORIZED');
  return request.signedIn.user;
}
