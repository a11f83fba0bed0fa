import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaChannelOf, SimulatorSendBody, SimulatorThreadReply } from '@agentry/core/meta-dms';
import { AppError } from '../../platform/http/app-error';
import { requireLoopbackCaller } from '../../platform/http/require-loopback-caller';
import { channelContact, channelConversation, channelMessage } from '../channels/channels.tables';
import { loadMetaConnection, testModePageId, testModeSecret, type MetaConnectionRow } from './meta-connection';
import { metaWebhookPath } from './meta-webhook.routes';
import { signMetaBody } from './verify-meta-signature';

const Params = z.object({ connectionId: z.string().min(1).max(64) });
const Query = z.object({
  senderId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('test_customer'),
});

/**
 * The DM simulator's API (TEST MODE): a developer writes as a customer and reads the thread.
 * Only on a server whose PUBLIC_URL is on this machine, only for callers on this machine, and
 * only for connections without a Meta app (never beside the real provider). A message goes
 * through the real webhook route, signed with the connection's test secret.
 */
export function registerDmSimulatorRoutes(root: FastifyInstance) {
  const { config } = root.platform;
  // The same rule as the phone simulator's (config.ts isLoopbackUrl: 127.example.com is public).
  if (!config.sms.isPhoneSimulatorEnabled) return;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;

  async function loadTestConnection(connectionId: string): Promise<MetaConnectionRow> {
    const row = await loadMetaConnection(db, connectionId);
    if (!row || row.credentials !== null) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
    return row;
  }

  app.get(
    '/api/dev/meta-dms/:connectionId/thread',
    {
      onRequest: requireLoopbackCaller,
      schema: { tags: ['dev'], params: Params, querystring: Query, response: { 200: SimulatorThreadReply } },
    },
    async (request) => {
      const row = await loadTestConnection(request.params.connectionId);
      const messages = await db
        .select({ message: channelMessage })
        .from(channelMessage)
        .innerJoin(channelConversation, eq(channelConversation.id, channelMessage.conversationId))
        .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
        .where(and(eq(channelConversation.connectionId, row.id), eq(channelContact.address, request.query.senderId)))
        .orderBy(asc(channelMessage.position));
      return {
        connection: { name: row.name, serviceType: row.serviceType, hasAgent: row.agentId !== null },
        messages: messages.map(({ message }) => ({
          id: message.id,
          role: message.role,
          content: message.content,
          status: message.status,
          errorCode: message.errorCode,
          createdAt: message.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/dev/meta-dms/:connectionId/messages',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['dev'],
        params: Params,
        body: SimulatorSendBody,
        response: { 202: z.object({ mid: z.string() }) },
      },
    },
    async (request, reply) => {
      const row = await loadTestConnection(request.params.connectionId);
      const { senderId, text, postback } = request.body;
      if (!text && !postback) throw new AppError('VALIDATION_ERROR', { message: 'Message is required' });
      const mid = `m_test_${randomUUID()}`;
      const pageId = testModePageId(row.id);
      const timestamp = Date.now();
      const event = postback
        ? { sender: { id: senderId }, recipient: { id: pageId }, timestamp, postback: { mid, ...postback } }
        : { sender: { id: senderId }, recipient: { id: pageId }, timestamp, message: { mid, text } };
      const body = JSON.stringify({
        object: metaChannelOf[row.serviceType] === 'instagram' ? 'instagram' : 'page',
        entry: [{ id: pageId, time: timestamp, messaging: [event] }],
      });
      const delivered = await app.inject({
        method: 'POST',
        url: metaWebhookPath(row.id),
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signMetaBody(testModeSecret(config, row.id), body),
        },
        payload: body,
      });
      if (delivered.statusCode !== 200)
        throw new AppError('INTERNAL_ERROR', { message: 'The webhook refused the message' });
      return reply.status(202).send({ mid });
    },
  );
}
