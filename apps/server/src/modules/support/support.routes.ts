import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportRequestBody, SupportRequestReply } from '@agentry/core/support';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { toClientNetwork } from '../../platform/http/to-client-network';
import { loadOptionalSession } from '../auth/guards';
import { sendSupportRequest } from './send-support-request';

/** Per caller (account, else client network: IPv6 by /64): a handful of requests an hour is plenty for a person. */
export const SUPPORT_RATE_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 };

export function registerSupportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { cache, mailer } = app.platform;
  app.post(
    '/api/support',
    {
      preHandler: [loadOptionalSession],
      schema: {
        tags: ['support'],
        summary: 'Send a support request (signed in or not); it is e-mailed to support',
        body: SupportRequestBody,
        response: { 202: SupportRequestReply },
      },
    },
    async (request, reply) => {
      const user = request.signedIn?.user ?? null;
      await enforceRateLimit({
        cache,
        key: `support:${user?.id ?? toClientNetwork(request.ip)}`,
        ...SUPPORT_RATE_LIMIT,
      });
      const sent = await sendSupportRequest({
        mailer,
        logger: request.log,
        request: request.body,
        account: user ? { id: user.id, email: user.email } : null,
      });
      return reply.status(202).send(sent);
    },
  );
}
