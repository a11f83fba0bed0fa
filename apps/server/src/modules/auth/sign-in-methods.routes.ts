import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignInMethodsReply } from '@agentry/core/auth';

/** Which sign-in methods this server offers, so the sign-in modal never shows one that would fail. */
export function registerSignInMethodsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config } = app.platform;
  app.get(
    '/api/auth/methods',
    {
      schema: { tags: ['auth'], summary: 'Sign-in methods this server offers', response: { 200: SignInMethodsReply } },
    },
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { email: true, google: config.google !== undefined };
    },
  );
}
