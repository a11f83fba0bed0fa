import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { metaChannelOf } from '@agentry/core/meta-dms';
import { AppError } from '../../platform/http/app-error';
import { ingestMetaEvents } from './ingest-meta-events';
import {
  loadMetaConnection,
  metaAccountIdOf,
  readMetaCredentials,
  readMetaSettings,
  testModeSecret,
} from './meta-connection';
import { parseMetaWebhook, type MetaWebhookPayload } from './parse-meta-webhook';
import { isMetaSignatureValid } from './verify-meta-signature';

export const metaWebhookPath = (connectionId: string) => `/api/meta-dms/webhook/${connectionId}`;
const Params = z.object({ connectionId: z.string().min(1).max(64) });

/**
 * The Callback URL a Meta app's Webhooks settings point at, one per connection. GET answers
 * the verification handshake; POST takes deliveries, checked against X-Hub-Signature-256 on
 * the exact body bytes (this plugin scope alone keeps JSON raw), stored, and answered at once:
 * the agent's replies are background jobs.
 */
export async function registerMetaWebhookRoutes(root: FastifyInstance) {
  const { db } = root.platform.database;
  const { config, queue } = root.platform;
  await root.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) =>
      parsed(null, body),
    );

    scope.get('/api/meta-dms/webhook/:connectionId', { schema: { hide: true } }, async (request, reply) => {
      const params = Params.safeParse(request.params);
      const query = request.query as Record<string, unknown>;
      const row = params.success ? await loadMetaConnection(db, params.data.connectionId) : null;
      const verifyToken = row ? readMetaSettings(row).verifyToken : '';
      if (
        !row ||
        query['hub.mode'] !== 'subscribe' ||
        typeof query['hub.challenge'] !== 'string' ||
        !verifyToken ||
        query['hub.verify_token'] !== verifyToken
      )
        throw new AppError('FORBIDDEN', { message: 'Verification token does not match' });
      return reply.type('text/plain').send(query['hub.challenge']);
    });

    scope.post('/api/meta-dms/webhook/:connectionId', { schema: { hide: true } }, async (request, reply) => {
      const parsedParams = Params.safeParse(request.params);
      const row = parsedParams.success ? await loadMetaConnection(db, parsedParams.data.connectionId) : null;
      if (!row) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
      const credentials = readMetaCredentials(config, row);
      const secret = credentials === null ? testModeSecret(config, row.id) : credentials.appSecret;
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      if (
        !secret ||
        !isMetaSignatureValid({ secret, rawBody, header: typeof header === 'string' ? header : undefined })
      )
        throw new AppError('META_SIGNATURE_INVALID');
      let payload: MetaWebhookPayload;
      try {
        payload = JSON.parse(rawBody.toString('utf8')) as MetaWebhookPayload;
      } catch {
        throw new AppError('VALIDATION_ERROR', { message: 'Body must be JSON' });
      }
      // A Page subscribed for Messenger also delivers Instagram events to an app, and the other way round.
      const expectedObject = metaChannelOf[row.serviceType] === 'instagram' ? 'instagram' : 'page';
      if (payload.object === expectedObject) {
        // Only this connection's account: another Page's events would be answered (and paid for) here.
        const accountId = metaAccountIdOf(row);
        const entries = payload.entry ?? [];
        const own = entries.filter((entry) => accountId !== null && entry.id === accountId);
        if (own.length < entries.length)
          request.log.warn(
            { connectionId: row.id, ignored: entries.length - own.length },
            'meta webhook: events of another account ignored',
          );
        await ingestMetaEvents({
          db,
          queue,
          row,
          appId: credentials?.appId ?? null,
          events: parseMetaWebhook({ ...payload, entry: own }),
        });
      }
      return reply.type('text/plain').send('EVENT_RECEIVED');
    });
    done();
  });
}
