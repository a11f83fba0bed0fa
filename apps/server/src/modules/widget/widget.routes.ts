import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConnectionConversationParams,
  ConnectionParams,
  ConversationTranscript,
  CreateConnectionBody,
  ListConnectionsQuery,
  ListConnectionsReply,
  LiveConversationsReply,
  UpdateConnectionBody,
  UpdateConnectionBuildBody,
  WidgetConnection,
} from '@agentry/core/widget';
import type { Action } from '@agentry/core/permissions';
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import { createConnection } from './create-connection';
import { deleteConnection } from './delete-connection';
import { deployConnection } from './deploy-connection';
import { getConnectionForMemberOrThrow } from './get-connection-for-member-or-throw';
import { getConversationTranscriptOrThrow } from './get-conversation-transcript';
import { listConnections } from './list-connections';
import { listConversations } from './list-conversations';
import { toWidgetConnection } from './to-widget-connection';
import { updateConnection } from './update-connection';
import { AGENTS_SCOPE } from '../agents/agents-cache-scope';
import { updateConnectionAgent } from './update-connection-agent';
import { registerVisitorChatRoutes } from './visitor-chat.routes';
import { registerWidgetPageRoutes } from './widget-pages.routes';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const tags = ['widget'];

/** The website widget: the dashboard's connections and conversations, the visitor API, the runtime pages. */
export async function registerWidgetRoutes(root: FastifyInstance) {
  registerConnectionRoutes(root);
  registerVisitorChatRoutes(root);
  await registerWidgetPageRoutes(root);
}

function registerConnectionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { cache } = app.platform;
  const loadConnection = (request: { params: { connectionId: string } }, userId: string, action: Action) =>
    getConnectionForMemberOrThrow({ db, connectionId: request.params.connectionId, userId, action });

  app.get(
    '/api/subaccounts/:subaccountId/connections',
    {
      preValidation: requirePermission('widget.read'),
      schema: {
        tags,
        params: SubaccountParams,
        querystring: ListConnectionsQuery,
        response: { 200: ListConnectionsReply },
      },
    },
    async (request) => ({
      connections: await listConnections({
        db,
        subaccountId: request.params.subaccountId,
        type: request.query.type,
      }),
    }),
  );

  app.post(
    '/api/subaccounts/:subaccountId/connections',
    {
      preValidation: requirePermission('widget.create'),
      schema: { tags, params: SubaccountParams, body: CreateConnectionBody, response: { 201: WidgetConnection } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createConnection({ db, subaccountId: request.params.subaccountId, body: request.body })),
  );

  app.get(
    '/api/connections/:connectionId',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 200: WidgetConnection } } },
    async (request) => toWidgetConnection(await loadConnection(request, signedInUser(request).id, 'widget.read')),
  );

  app.put(
    '/api/connections/:connectionId',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: UpdateConnectionBody, response: { 200: WidgetConnection } },
    },
    async (request) => {
      const connection = await loadConnection(request, signedInUser(request).id, 'widget.update');
      const updated = await updateConnection({
        db,
        connectionId: connection.id,
        settings: request.body.settings,
        deploy: request.body.deploy,
      });
      await cache.forget(AGENTS_SCOPE);
      return updated;
    },
  );

  app.post(
    '/api/connections/:connectionId/deploy',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 200: WidgetConnection } } },
    async (request) => {
      const connection = await loadConnection(request, signedInUser(request).id, 'widget.deploy');
      const deployed = await deployConnection({ db, connectionId: connection.id });
      await cache.forget(AGENTS_SCOPE);
      return deployed;
    },
  );

  app.put(
    '/api/connections/:connectionId/update-build',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: UpdateConnectionBuildBody, response: { 200: WidgetConnection } },
    },
    async (request) => {
      const connection = await loadConnection(request, signedInUser(request).id, 'widget.update');
      const updated = await updateConnectionAgent({ db, connection, agentId: request.body.buildId });
      await cache.forget(AGENTS_SCOPE);
      return updated;
    },
  );

  app.delete(
    '/api/connections/:connectionId',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const connection = await loadConnection(request, signedInUser(request).id, 'widget.delete');
      await deleteConnection({ db, connectionId: connection.id });
      await cache.forget(AGENTS_SCOPE);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/connections/:connectionId/conversations',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, response: { 200: LiveConversationsReply } },
    },
    async (request) => {
      const connection = await loadConnection(request, signedInUser(request).id, 'widget.read');
      return { conversations: await listConversations({ db, connectionId: connection.id }) };
    },
  );

  app.get(
    '/api/connections/:connectionId/conversations/:threadId',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionConversationParams, response: { 200: ConversationTranscript } },
    },
    async (request) => {
      const connection = await loadConnection(request, signedInUser(request).id, 'widget.read');
      return getConversationTranscriptOrThrow({
        db,
        connectionId: connection.id,
        conversationId: request.params.threadId,
      });
    },
  );
}
