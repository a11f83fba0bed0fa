import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { DevPhoneReply, DevPhoneSendBody } from '@agentry/core/sms';
import { AppError } from '../../platform/http/app-error';
import { requireLoopbackCaller } from '../../platform/http/require-loopback-caller';
import { channelConnection } from './channels.tables';
import { readTwilioSenders, twilioWebhookPaths, webhookSigningToken } from './create-messaging-provider';
import { devPhoneMessage } from './dev-phone.tables';
import { toE164OrThrow } from './phone-number';

const TEST_NUMBER = '+15005550006';

/**
 * The phone simulator for TEST MODE connections (no Twilio credentials): every message the
 * local provider "sent", per number, and a form that sends an inbound SMS or WhatsApp message.
 * An inbound message goes through the real webhook route, signed with the connection's TEST
 * MODE token, exactly as Twilio would post it. Registered only on a loopback PUBLIC_URL, and
 * both the API and the page answer only callers on this machine.
 */
export function registerDevPhoneRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config } = app.platform;

  app.get(
    '/api/dev/phone',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['dev'],
        summary: 'Phone simulator (TEST MODE SMS/WhatsApp)',
        querystring: z.object({ number: z.string().trim().optional() }),
        response: { 200: DevPhoneReply },
      },
    },
    async (request) => {
      const connections = await db
        .select()
        .from(channelConnection)
        .where(and(eq(channelConnection.serviceType, 'sms'), isNull(channelConnection.credentials)))
        .orderBy(desc(channelConnection.createdAt))
        .limit(50);
      const names = new Map(connections.map((row) => [row.id, row.name]));
      const rows = await db
        .select()
        .from(devPhoneMessage)
        .where(request.query.number ? eq(devPhoneMessage.phoneNumber, request.query.number) : undefined)
        .orderBy(desc(devPhoneMessage.createdAt))
        .limit(300);
      return {
        connections: connections.map((row) => ({
          id: row.id,
          name: row.name,
          smsFrom: readTwilioSenders(row).smsFrom ?? null,
        })),
        messages: rows
          .filter((row) => names.has(row.connectionId))
          .reverse()
          .map((row) => ({
            id: row.id,
            connectionId: row.connectionId,
            connectionName: names.get(row.connectionId) ?? '',
            channel: row.channel,
            direction: row.direction,
            phoneNumber: row.phoneNumber,
            body: row.body,
            createdAt: row.createdAt.toISOString(),
          })),
      };
    },
  );

  app.post(
    '/api/dev/phone/send',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['dev'],
        summary: 'Phone simulator: send an inbound message',
        body: DevPhoneSendBody,
        response: { 201: z.object({ messageSid: z.string() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const from = toE164OrThrow(body.from, { channel: body.channel });
      const [connection] = await db
        .select()
        .from(channelConnection)
        .where(and(eq(channelConnection.id, body.connectionId), eq(channelConnection.serviceType, 'sms')))
        .limit(1);
      // Only TEST MODE connections: a real Twilio connection's webhooks are Twilio's to send.
      if (!connection || connection.credentials) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
      const messageSid = `SM${randomBytes(16).toString('hex')}`;
      const senders = readTwilioSenders(connection);
      const to = (body.channel === 'whatsapp' ? senders.whatsappFrom : senders.smsFrom) ?? TEST_NUMBER;
      const prefix = body.channel === 'whatsapp' ? 'whatsapp:' : '';
      const params: Record<string, string> = {
        MessageSid: messageSid,
        SmsMessageSid: messageSid,
        SmsSid: messageSid,
        AccountSid: `AC${'0'.repeat(32)}`,
        From: `${prefix}${from}`,
        To: `${prefix}${to}`,
        Body: body.body,
        NumMedia: '0',
        NumSegments: '1',
        SmsStatus: 'received',
        ApiVersion: '2010-04-01',
        ...(body.channel === 'whatsapp' ? { ProfileName: 'Simulator', WaId: from.slice(1) } : {}),
      };
      await db.insert(devPhoneMessage).values({
        id: messageSid,
        connectionId: connection.id,
        channel: body.channel,
        direction: 'inbound',
        phoneNumber: from,
        body: body.body,
        status: 'received',
      });
      const path = twilioWebhookPaths(connection.id).inbound;
      const signature = twilio.getExpectedTwilioSignature(
        webhookSigningToken(config, connection),
        `${config.publicUrl}${path}`,
        params,
      );
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(params).toString(),
      });
      if (response.statusCode !== 200) {
        request.log.warn({ status: response.statusCode, body: response.body }, 'phone simulator: webhook refused');
        throw new AppError('INTERNAL_ERROR', { message: 'The webhook refused the simulated message.' });
      }
      return reply.status(201).send({ messageSid });
    },
  );

  // The web app's simulator page: served like any other SPA page, but only to loopback callers.
  app.get('/dev/phone', { onRequest: requireLoopbackCaller, schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}
