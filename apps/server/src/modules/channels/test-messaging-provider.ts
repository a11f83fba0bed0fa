import { randomBytes } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { devPhoneMessage } from './dev-phone.tables';
import type { MessagingProvider, OutboundMessage, ProviderLogEntry, SentMessage } from './messaging-provider';

const E164 = /^\+[1-9]\d{6,14}$/;

export function newTestMessageId() {
  return `TM${randomBytes(16).toString('hex')}`;
}

/** A WhatsApp template send as the simulated phone shows it. */
export function describeTemplate(contentSid: string, variables: Record<string, string> | undefined) {
  const values = Object.entries(variables ?? {})
    .map(([key, value]) => `{{${key}}}=${value}`)
    .join(', ');
  return `[Template ${contentSid}]${values ? ` ${values}` : ''}`;
}

/**
 * The local TEST MODE provider: a connection without Twilio credentials "sends" into the
 * dev_phone_message log, which the phone simulator (/dev/phone) shows per number. Messages
 * are delivered at once; nothing leaves the machine.
 */
export function createTestMessagingProvider(options: { db: Database; connectionId: string }): MessagingProvider {
  const { db, connectionId } = options;
  return {
    mode: 'test',

    async send(message: OutboundMessage): Promise<SentMessage> {
      if (!E164.test(message.to)) {
        throw new AppError(message.channel === 'whatsapp' ? 'WHATSAPP_INVALID_NUMBER' : 'SMS_INVALID_NUMBER');
      }
      const id = newTestMessageId();
      await db.insert(devPhoneMessage).values({
        id,
        connectionId,
        channel: message.channel,
        direction: 'outbound',
        phoneNumber: message.to,
        body: message.contentSid
          ? describeTemplate(message.contentSid, message.contentVariables)
          : (message.body ?? ''),
        contentSid: message.contentSid ?? null,
        contentVariables: message.contentVariables ?? null,
        status: 'delivered',
      });
      return { providerMessageId: id, status: 'delivered' };
    },

    async listSent({ channel, to, since }): Promise<ProviderLogEntry[]> {
      const rows = await db
        .select()
        .from(devPhoneMessage)
        .where(
          and(
            eq(devPhoneMessage.connectionId, connectionId),
            eq(devPhoneMessage.channel, channel),
            eq(devPhoneMessage.direction, 'outbound'),
            eq(devPhoneMessage.phoneNumber, to),
            gte(devPhoneMessage.createdAt, since),
          ),
        );
      return rows.map((row) => ({
        providerMessageId: row.id,
        to: row.phoneNumber,
        body: row.body,
        sentAt: row.createdAt,
        status: row.status,
      }));
    },

    async verifyCredentials() {
      // Nothing to check: TEST MODE has no credentials.
    },
  };
}
