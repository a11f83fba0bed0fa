import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChannelConversationsReply,
  ChannelTranscript,
  CreateSmsConnectionBody,
  DEFAULT_SMS_SETTINGS,
  SmsConnection,
  SmsConnectionsReply,
  SmsSettings,
  TestSmsConnectionReply,
  UpdateSmsConnectionBody,
  UpdateSmsSettingsBody,
} from '@agentry/core/sms';
import { AppError } from '../../platform/http/app-error';
import { requirePermission, requireSession, signedInUser } from '../auth/guards';
import {
  CHANNEL_REPLY_QUEUE,
  queueChannelReply,
  receiveInboundMessage,
  runChannelReplyJob,
  sendHumanReply,
} from './channel-messages';
import { answerInTurn, startReplySweeper, turnMsFor } from './reply-turns';
import {
  getChannelConversationForMemberOrThrow,
  getChannelTranscript,
  listChannelConversations,
} from './channel-conversations';
import { recordMessageStatus } from './record-message-status';
import { channelConnection } from './channels.tables';
import { createMessagingProvider, webhookSigningToken } from './create-messaging-provider';
import { toE164 } from './phone-number';
import {
  createSmsConnection,
  deleteSmsConnection,
  getSmsConnectionForMemberOrThrow,
  listSmsConnections,
  markConnectionHealthy,
  markConnectionRefused,
  toSmsConnection,
  updateSmsConnection,
} from './sms-connections';
import { smsSettings } from './sms-settings.tables';
import { isValidTwilioSignature, toMessageStatus } from './twilio-messaging-provider';

const tags = ['sms'];
const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const ConnectionParams = z.object({ connectionId: z.string().min(1).max(100) });
const ConversationParams = z.object({ conversationId: z.string().min(1).max(100) });
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** SMS and WhatsApp: connections, the SMS area settings, conversations and Twilio's webhooks. */
export async function registerSmsRoutes(root: FastifyInstance) {
  registerConnectionRoutes(root);
  registerConversationRoutes(root);
  registerSettingsRoutes(root);
  await registerWebhookRoutes(root);
  startChannelReplyWorker(root);
}

function startChannelReplyWorker(app: FastifyInstance) {
  const { database, config, queue } = app.platform;
  queue.work<unknown>(
    CHANNEL_REPLY_QUEUE,
    async (payload) => {
      const { messageId } = z.object({ messageId: z.string().min(1) }).parse(payload);
      await answerInTurn({
        db: database.db,
        messageId,
        answer: (next) => runChannelReplyJob({ db: database.db, config, logger: app.log, messageId: next }),
        queueReply: (next, attempt) => queueChannelReply(queue, next, attempt),
        turnMs: turnMsFor(config),
        logger: app.log,
      });
    },
    { concurrency: 8 },
  );
  startReplySweeper(app, {
    channels: ['sms', 'whatsapp'],
    queueReply: (messageId, attempt) => queueChannelReply(queue, messageId, attempt),
  });
}

function registerConnectionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config } = app.platform;
  const load = (
    request: FastifyRequest & { params: { connectionId: string } },
    action: Parameters<typeof requirePermission>[0],
  ) =>
    getSmsConnectionForMemberOrThrow({
      db,
      connectionId: request.params.connectionId,
      userId: signedInUser(request).id,
      action,
    });

  app.get(
    '/api/subaccounts/:subaccountId/sms-connections',
    {
      preValidation: requirePermission('channel.read'),
      schema: { tags, params: SubaccountParams, response: { 200: SmsConnectionsReply } },
    },
    async (request) => ({
      connections: (await listSmsConnections({ db, subaccountId: request.params.subaccountId })).map((row) =>
        toSmsConnection(config, row),
      ),
    }),
  );

  app.post(
    '/api/subaccounts/:subaccountId/sms-connections',
    {
      preValidation: requirePermission('channel.create'),
      schema: { tags, params: SubaccountParams, body: CreateSmsConnectionBody, response: { 201: SmsConnection } },
    },
    async (request, reply) => {
      const row = await createSmsConnection({
        db,
        config,
        subaccountId: request.params.subaccountId,
        body: request.body,
      });
      return reply.status(201).send(toSmsConnection(config, row));
    },
  );

  app.patch(
    '/api/sms-connections/:connectionId',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, body: UpdateSmsConnectionBody, response: { 200: SmsConnection } },
    },
    async (request) => {
      const connection = await load(request, 'channel.update');
      return toSmsConnection(config, await updateSmsConnection({ db, config, connection, body: request.body }));
    },
  );

  app.delete(
    '/api/sms-connections/:connectionId',
    { preHandler: requireSession, schema: { tags, params: ConnectionParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const connection = await load(request, 'channel.delete');
      await deleteSmsConnection({ db, connectionId: connection.id });
      return reply.status(204).send(null);
    },
  );

  // 'Test connection': the stored credentials against Twilio (TEST MODE always passes).
  app.post(
    '/api/sms-connections/:connectionId/test',
    {
      preHandler: requireSession,
      schema: { tags, params: ConnectionParams, response: { 200: TestSmsConnectionReply } },
    },
    async (request) => {
      const connection = await load(request, 'channel.update');
      const provider = createMessagingProvider({ config, db, connection });
      try {
        await provider.verifyCredentials();
      } catch (error) {
        if (error instanceof AppError && error.code === 'SMS_AUTH_FAILED') {
          await markConnectionRefused({ db, connectionId: connection.id, message: error.message });
        }
        throw error;
      }
      await markConnectionHealthy({ db, connection });
      return { ok: true as const, mode: provider.mode };
    },
  );
}

function registerConversationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config } = app.platform;

  app.get(
    '/api/subaccounts/:subaccountId/channel-conversations',
    {
      preValidation: requirePermission('channel.read'),
      schema: { tags, params: SubaccountParams, response: { 200: ChannelConversationsReply } },
    },
    async (request) => ({
      conversations: await listChannelConversations({ db, subaccountId: request.params.subaccountId }),
    }),
  );

  app.get(
    '/api/channel-conversations/:conversationId',
    { preHandler: requireSession, schema: { tags, params: ConversationParams, response: { 200: ChannelTranscript } } },
    async (request) => {
      const summary = await getChannelConversationForMemberOrThrow({
        db,
        conversationId: request.params.conversationId,
        userId: signedInUser(request).id,
        action: 'channel.read',
      });
      return getChannelTranscript({ db, summary });
    },
  );

  app.post(
    '/api/channel-conversations/:conversationId/messages',
    {
      preHandler: requireSession,
      schema: {
        tags,
        params: ConversationParams,
        body: z.object({ body: z.string().trim().min(1, 'Message is required').max(1600) }),
        response: { 201: z.object({ id: z.string(), status: z.string() }) },
      },
    },
    async (request, reply) => {
      const summary = await getChannelConversationForMemberOrThrow({
        db,
        conversationId: request.params.conversationId,
        userId: signedInUser(request).id,
        action: 'channel.reply',
      });
      const sent = await sendHumanReply({
        db,
        config,
        logger: request.log,
        conversationId: summary.id,
        body: request.body.body,
      });
      return reply.status(201).send({ id: sent.id, status: sent.status });
    },
  );
}

function registerSettingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  async function readSettings(subaccountId: string) {
    const [row] = await db.select().from(smsSettings).where(eq(smsSettings.subaccountId, subaccountId)).limit(1);
    return row
      ? { companyName: row.companyName, logoUrl: row.logoUrl, theme: row.theme, primaryColor: row.primaryColor }
      : DEFAULT_SMS_SETTINGS;
  }

  // connectId of the SMS area is the sub account id.
  app.get(
    '/api/sms/:subaccountId/settings',
    {
      preValidation: requirePermission('channel.read'),
      schema: { tags, params: SubaccountParams, response: { 200: SmsSettings } },
    },
    async (request, reply) => {
      noStore(reply);
      return readSettings(request.params.subaccountId);
    },
  );

  app.patch(
    '/api/sms/:subaccountId/settings',
    {
      preValidation: requirePermission('channel.update'),
      schema: { tags, params: SubaccountParams, body: UpdateSmsSettingsBody, response: { 200: SmsSettings } },
    },
    async (request, reply) => {
      noStore(reply);
      const { subaccountId } = request.params;
      const next = { ...(await readSettings(subaccountId)) };
      const body = request.body;
      if (body.companyName !== undefined) next.companyName = body.companyName;
      if (body.logoUrl !== undefined) next.logoUrl = body.logoUrl || null;
      if (body.theme !== undefined) next.theme = body.theme;
      if (body.primaryColor !== undefined) next.primaryColor = body.primaryColor.toLowerCase();
      await db
        .insert(smsSettings)
        .values({ subaccountId, ...next, updatedAt: new Date() })
        .onConflictDoUpdate({ target: smsSettings.subaccountId, set: { ...next, updatedAt: new Date() } });
      return next;
    },
  );
}

/**
 * Twilio's webhooks (and the phone simulator's, through the same routes): form-encoded, signed
 * with X-Twilio-Signature over PUBLIC_URL + the path. They answer at once (empty TwiML); the
 * agent's reply is a background job.
 */
async function registerWebhookRoutes(root: FastifyInstance) {
  await root.register((scope, _options, done) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { db } = app.platform.database;
    const { config, queue } = app.platform;
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    const FormBody = z.record(z.string(), z.string());

    async function verifiedConnection(request: FastifyRequest & { params: { connectionId: string } }) {
      const [connection] = await db
        .select()
        .from(channelConnection)
        .where(eq(channelConnection.id, request.params.connectionId))
        .limit(1);
      if (!connection || connection.serviceType !== 'sms')
        throw new AppError('NOT_FOUND', { message: 'Connection not found' });
      const signature = request.headers['x-twilio-signature'];
      const valid = isValidTwilioSignature({
        authToken: webhookSigningToken(config, connection),
        signature: typeof signature === 'string' ? signature : undefined,
        url: `${config.publicUrl}${request.url}`,
        params: request.body as Record<string, string>,
      });
      if (!valid) throw new AppError('FORBIDDEN', { message: 'Invalid Twilio signature' });
      return connection;
    }

    app.post(
      '/api/channels/twilio/:connectionId/inbound',
      { schema: { tags, params: ConnectionParams, body: FormBody, hide: true } },
      async (request, reply) => {
        const connection = await verifiedConnection(request);
        const form = request.body;
        const channel = (form.From ?? '').startsWith('whatsapp:') ? 'whatsapp' : 'sms';
        const from = toE164(form.From ?? '');
        if (!from || !form.MessageSid) {
          request.log.warn({ connectionId: connection.id }, 'sms: inbound message without a valid sender ignored');
        } else {
          await receiveInboundMessage({
            db,
            config,
            queue,
            logger: request.log,
            connection,
            message: {
              providerMessageId: form.MessageSid,
              channel,
              from,
              body: form.Body ?? '',
              profileName: form.ProfileName,
            },
          });
        }
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );

    app.post(
      '/api/channels/twilio/:connectionId/status',
      { schema: { tags, params: ConnectionParams, body: FormBody, hide: true } },
      async (request, reply) => {
        const connection = await verifiedConnection(request);
        const form = request.body;
        const sid = form.MessageSid ?? form.SmsSid;
        if (sid) {
          await recordMessageStatus({
            db,
            connectionId: connection.id,
            providerMessageId: sid,
            status: toMessageStatus(form.MessageStatus ?? form.SmsStatus),
            errorCode: form.ErrorCode,
          });
        }
        return reply.status(204).send();
      },
    );
    done();
  });
}
