import type { preHandlerAsyncHookHandler } from 'fastify';
import { signedInUser } from '../auth/guards';
import { assertCapabilityOrThrow } from '../billing/resolve-capabilities';

/** Route option after requireSession: posting and contacting need a plan with marketplace access (403 otherwise). */
export const requireMarketplaceAccess: preHandlerAsyncHookHandler = async (request) => {
  const { id } = signedInUser(request);
  await assertCapabilityOrThrow({
    db: request.server.platform.database.db,
    billingUserId: id,
    check: { feature: 'marketplace' },
  });
};
