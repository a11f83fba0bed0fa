import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '@agentry/core/permissions';
import {
  ChooseMetaPageBody,
  CreateMetaConnectionBody,
  MetaAppBody,
  MetaConnection,
  MetaConnectionsReply,
  MetaConversationsReply,
  MetaOAuthStartReply,
  MetaPageChoicesReply,
  MetaPageTokenBody,
  UpdateMetaConnectionBody,
} from '@agentry/core/meta-dms';
import { AppError } from '../../platform/http/app-error';
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import { listMetaConversations, loadMetaTranscript, MetaTranscriptReply } from './list-meta-conversations';
import {
  chooseMetaPage,
  createMetaConnection,
  disconnectMeta,
  finishMetaOAuth,
  listPageChoices,
  setMetaApp,
  startMetaOAuth,
  updateMetaConnection,
  usePageToken,
} from './manage-meta-connection';
import {
  getMetaConnectionForMemberOrThrow,
  listMetaConnections,
  loadMetaConnection,
  toMetaConnection,
} from './meta-connection';
import { registerMetaWebhookRoutes } from './meta-webhook.routes';
import { META_REPLY_QUEUE, queueMetaReply, type MetaReplyJob } from './ingest-meta-events';
import { answerInTurn, startReplySweeper, turnMsFor } from '../channels/reply-turns';
import { registerDmSimulatorRoutes } from './dm-simulator.routes';
import { failStaleQueuedReplies } from './fail-stale-queued-replies';
import { replyToMetaMessage } from './reply-to-meta-message';
import { channelConnection } from '../channels/channels.tables';
import { eq } from 'drizzle-orm';

const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const ConnectionParams = z.object({ connectionId: z.string().min(1) });
const tags = ['instagram-messenger'];

/** Instagram and Messenger agents: connections, Meta's webhooks, OAuth, conversations, the TEST MODE simulator. */
export async function registerMetaDmRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config } = app.platform;
  const load = (connectionId: string, userId: string, action: Action) =>
    getMetaConnectionForMemberOrThrow({ db, connectionId, userId, action });
  const view = (row: Parameters<typeof toMetaConnection>[1]) => toMetaConnection(config, row);

  app.get(
    '/api/subaccounts/:subaccountId/meta-dms/connections',
    {
      preValidation: requirePermission('channel.read'),
      schema: { tags, params: SubaccountParams, response: { 200: MetaConnectionsReply } },
    },
    async (request) => ({
      connections: (await listMetaConnections({ db, subaccountId: request.params.subaccountId })).map(view),
    }),
  );

  app.post(
    '/api/subaccounts/:subaccountId/meta-dms/connections',
    {
      preValidation: requirePermission('channel.create'),
      schema: { tags, params: SubaccountParams, body: CreateMetaConnectionBody, response: { 201: MetaConnection } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(view(await createMetaConnection({ db, subaccountId: request.params.subaccountId, body: request.body }))),
  );

  app.get(
    '/api/subaccounts/:subaccountId/meta-dms/conversations',
    {
      preValidation: requirePermission('channel.read'),
      schema: { tags, params: SubaccountParams, response: { 200: MetaConversationsReply } },
    },
    async (request) => ({
      conversations: await listMetaConversations({ db, subaccountId: request.params.subaccountId }),
    }),
  );

  app.get(
    '/api/meta-dms/connections/:connectionId',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 200: MetaConnection } } },
    async (request) => view(await load(request.params.connectionId, signedInUser(request).id, 'channel.read')),
  );

  app.put(
    '/api/meta-dms/connections/:connectionId',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: UpdateMetaConnectionBody, response: { 200: MetaConnection } },
    },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.update');
      return view(await updateMetaConnection({ db, config, row, body: request.body }));
    },
  );

  app.delete(
    '/api/meta-dms/connections/:connectionId',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.delete');
      await db.delete(channelConnection).where(eq(channelConnection.id, row.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/meta-dms/connections/:connectionId/app',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: MetaAppBody, response: { 200: MetaConnection } },
    },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.update');
      return view(await setMetaApp({ db, config, row, body: request.body }));
    },
  );

  app.post(
    '/api/meta-dms/connections/:connectionId/disconnect',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 200: MetaConnection } } },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.update');
      return view(await disconnectMeta({ db, config, row }));
    },
  );

  app.post(
    '/api/meta-dms/connections/:connectionId/page-token',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: MetaPageTokenBody, response: { 200: MetaConnection } },
    },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.update');
      return view(await usePageToken({ db, config, row, token: request.body.pageAccessToken }));
    },
  );

  app.post(
    '/api/meta-dms/connections/:connectionId/oauth/start',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 200: MetaOAuthStartReply } } },
    async (request) => {
      const userId = signedInUser(request).id;
      const row = await load(request.params.connectionId, userId, 'channel.update');
      return { url: await startMetaOAuth({ db, config, row, userId }) };
    },
  );

  app.get(
    '/api/meta-dms/connections/:connectionId/pages',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 200: MetaPageChoicesReply } } },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.update');
      return { pages: listPageChoices(config, row) };
    },
  );

  app.post(
    '/api/meta-dms/connections/:connectionId/pages',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: ChooseMetaPageBody, response: { 200: MetaConnection } },
    },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.update');
      return view(await chooseMetaPage({ db, config, row, pageId: request.body.pageId }));
    },
  );

  app.get(
    '/api/meta-dms/connections/:connectionId/conversations/:conversationId',
    {
      preHandler: requireSession,
      schema: {
        tags,
        params: ConnectionParams.extend({ conversationId: z.string().min(1) }),
        response: { 200: MetaTranscriptReply },
      },
    },
    async (request) => {
      const row = await load(request.params.connectionId, signedInUser(request).id, 'channel.read');
      return loadMetaTranscript({ db, connectionId: row.id, conversationId: request.params.conversationId });
    },
  );

  /**
   * The redirect back from the Facebook Login dialog. The browser is signed in; the state names
   * the connection and must be the one this user started. Back to the setup page either way.
   */
  app.get(
    '/api/meta-dms/oauth/callback',
    {
      preHandler: requireSession,
      schema: {
        hide: true,
        querystring: z.object({
          state: z.string().max(200).optional(),
          code: z.string().max(2000).optional(),
          error_description: z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const connectionId = request.query.state?.split('.')[0] ?? '';
      const found = connectionId ? await loadMetaConnection(db, connectionId) : null;
      if (!found) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
      const row = await load(found.id, userId, 'channel.update');
      const back = new URL(`${config.publicUrl}/${encodeURIComponent(row.subaccountId)}/link3`);
      back.searchParams.set('connection', row.id);
      try {
        if (!request.query.code)
          throw new AppError('VALIDATION_ERROR', {
            message: request.query.error_description ?? 'Facebook sign-in was cancelled.',
          });
        await finishMetaOAuth({ db, config, row, userId, state: request.query.state ?? '', code: request.query.code });
        back.searchParams.set('pick', '1');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        back.searchParams.set('oauthError', error.message);
      }
      return reply.redirect(back.toString(), 303);
    },
  );

  await registerMetaWebhookRoutes(root);
  registerDmSimulatorRoutes(root);

  app.platform.queue.work<MetaReplyJob>(
    META_REPLY_QUEUE,
    (job) =>
      answerInTurn({
        db,
        messageId: job.messageId,
        answer: (next) => replyToMetaMessage({ db, config, logger: app.log, messageId: next }),
        queueReply: (next, attempt) => queueMetaReply(app.platform.queue, next, attempt),
        turnMs: turnMsFor(config),
        logger: app.log,
      }),
    { concurrency: 2 },
  );
  startReplySweeper(app, {
    channels: ['instagram', 'messenger'],
    queueReply: (messageId, attempt) => queueMetaReply(app.platform.queue, messageId, attempt),
    settleStale: failStaleQueuedReplies,
  });
}
