import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { decryptSecret } from '../llm/secret-box';
import type { channelConnection } from './channels.tables';
import type { MessagingProvider } from './messaging-provider';
import { createTestMessagingProvider } from './test-messaging-provider';
import { createTwilioMessagingProvider, type TwilioCredentials, type TwilioSenders } from './twilio-messaging-provider';

type ConnectionRow = Pick<typeof channelConnection.$inferSelect, 'id' | 'credentials' | 'settings'>;

const StoredCredentials = z.object({
  accountSid: z.string(),
  authToken: z.string(),
  apiKeySid: z.string().optional(),
  apiKeySecret: z.string().optional(),
});

/** The decrypted Twilio credentials of a connection; undefined in TEST MODE (none stored). */
export function readTwilioCredentials(config: AppConfig, connection: ConnectionRow): TwilioCredentials | undefined {
  if (!connection.credentials) return undefined;
  const plaintext = decryptSecret({ key: config.encryptionKey, payload: connection.credentials });
  const parsed = StoredCredentials.safeParse(JSON.parse(plaintext));
  if (!parsed.success) throw new AppError('CONFIG_ERROR', { extra: { type: 'config_error' } });
  return parsed.data;
}

/** The non-secret senders kept in the connection's settings. */
export function readTwilioSenders(connection: Pick<ConnectionRow, 'settings'>): TwilioSenders {
  const settings = connection.settings;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    smsFrom: text(settings.smsFrom),
    messagingServiceSid: text(settings.messagingServiceSid),
    whatsappFrom: text(settings.whatsappFrom),
  };
}

/**
 * The token webhooks of this connection are signed with: the Twilio auth token, or in TEST
 * MODE a per-connection secret derived from AUTH_SECRET (the phone simulator signs with it, so
 * simulated messages pass the same X-Twilio-Signature check as Twilio's).
 */
export function webhookSigningToken(config: AppConfig, connection: ConnectionRow): string {
  const credentials = readTwilioCredentials(config, connection);
  if (credentials) return credentials.authToken;
  return createHmac('sha256', config.authSecret).update(`sms-test-mode:${connection.id}`).digest('hex');
}

/** The paths Twilio (and the simulator) call for one connection. */
export function twilioWebhookPaths(connectionId: string) {
  return {
    inbound: `/api/channels/twilio/${connectionId}/inbound`,
    status: `/api/channels/twilio/${connectionId}/status`,
  };
}

/** The one place that picks a connection's messaging provider: Twilio with credentials, TEST MODE without. */
export function createMessagingProvider(options: {
  config: AppConfig;
  db: Database;
  connection: ConnectionRow;
}): MessagingProvider {
  const { config, db, connection } = options;
  const credentials = readTwilioCredentials(config, connection);
  if (!credentials) return createTestMessagingProvider({ db, connectionId: connection.id });
  return createTwilioMessagingProvider({
    credentials,
    senders: readTwilioSenders(connection),
    statusCallbackUrl: `${config.publicUrl}${twilioWebhookPaths(connection.id).status}`,
    apiBase: config.sms.twilioApiBase,
  });
}
