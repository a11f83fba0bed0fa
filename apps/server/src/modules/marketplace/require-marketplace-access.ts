import type { preHandlerAsyncHookHandler } from 'fastify';
import { asGuard, signedInUser } from '../auth/guards';
import { assertCapabilityOrThrow } from '../billing/resolve-capabilities';

/**
 * Route option after requireSession: posting and contacting need a plan with marketplace access
 * (403 otherwise). A guard: it answers before the body is read or validated.
 */
export const requireMarketplaceAccess: preHandlerAsyncHookHandler = asGuard(async (request) => {
  const { id } = signedInUser(request);
  await assertCapabilityOrThrow({
    db: request.server.platform.database.db,
    billingUserId: id,
    check: { feature: 'marketplace' },
  });
});
