import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailboxReply } from '@agentry/core/auth';
import { requireLoopbackCaller } from '../../platform/http/require-loopback-caller';
import { devMailbox } from '../../platform/mail/mail.tables';

/**
 * The dev mailbox: what the log mailer "sent", newest first, so a new user on the embedded
 * defaults and the tests can follow sign-in links. Registered only when it is enabled
 * (no SMTP, loopback PUBLIC_URL); otherwise the path is an unknown route (404). It holds
 * everyone's sign-in links, so both the API and the page answer only callers on this machine.
 */
export function registerDevMailboxRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  app.get(
    '/api/dev/mailbox',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox (no SMTP configured)',
        querystring: z.object({ email: z.string().trim().toLowerCase().optional() }),
        response: { 200: MailboxReply },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(devMailbox)
        .where(request.query.email ? eq(devMailbox.to, request.query.email) : undefined)
        .orderBy(desc(devMailbox.createdAt))
        .limit(50);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          link: row.link,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  // The web app's mailbox page: served like any other SPA page, but only to loopback callers.
  app.get('/dev/mailbox', { onRequest: requireLoopbackCaller, schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}
