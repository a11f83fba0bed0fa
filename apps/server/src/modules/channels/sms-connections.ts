import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type {
  CreateSmsConnectionBody,
  SmsConnection,
  TwilioCredentialsInput,
  UpdateSmsConnectionBody,
} from '@agentry/core/sms';
import type { Action } from '@agentry/core/permissions';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { insertWithinPlanLimit } from '../billing/insert-within-plan-limit';
import { encryptSecret } from '../llm/secret-box';
import { channelConnection } from './channels.tables';
import { readTwilioCredentials, readTwilioSenders, twilioWebhookPaths } from './create-messaging-provider';
import { toE164OrThrow } from './phone-number';

type ConnectionRow = typeof channelConnection.$inferSelect;

const NOT_FOUND = 'Connection not found';

export function toSmsConnection(config: AppConfig, row: ConnectionRow): SmsConnection {
  const credentials = row.credentials ? readTwilioCredentials(config, row) : undefined;
  const senders = readTwilioSenders(row);
  const paths = twilioWebhookPaths(row.id);
  return {
    id: row.id,
    subaccountId: row.subaccountId,
    name: row.name,
    agentId: row.agentId,
    status: row.status,
    mode: credentials ? 'twilio' : 'test',
    accountSidHint: credentials ? credentials.accountSid.slice(-4) : null,
    usesApiKey: Boolean(credentials?.apiKeySid),
    smsFrom: senders.smsFrom ?? null,
    messagingServiceSid: senders.messagingServiceSid ?? null,
    whatsappFrom: senders.whatsappFrom ?? null,
    webhookUrls: { inbound: `${config.publicUrl}${paths.inbound}`, status: `${config.publicUrl}${paths.status}` },
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An SMS connection addressed by its id: another tenant's (or a missing one) is a 404. */
export async function getSmsConnectionForMemberOrThrow(options: {
  db: Database;
  connectionId: string;
  userId: string;
  action: Action;
}): Promise<ConnectionRow> {
  const [row] = await options.db
    .select()
    .from(channelConnection)
    .where(and(eq(channelConnection.id, options.connectionId), eq(channelConnection.serviceType, 'sms')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: NOT_FOUND });
  await authorizeForRow({ ...options, subaccountId: row.subaccountId, notFoundMessage: NOT_FOUND });
  return row;
}

export async function listSmsConnections(options: { db: Database; subaccountId: string }) {
  return options.db
    .select()
    .from(channelConnection)
    .where(and(eq(channelConnection.subaccountId, options.subaccountId), eq(channelConnection.serviceType, 'sms')))
    .orderBy(desc(channelConnection.createdAt));
}

function encryptCredentials(config: AppConfig, credentials: TwilioCredentialsInput) {
  const stored = {
    accountSid: credentials.accountSid,
    authToken: credentials.authToken,
    ...(credentials.apiKeySid && credentials.apiKeySecret
      ? { apiKeySid: credentials.apiKeySid, apiKeySecret: credentials.apiKeySecret }
      : {}),
  };
  return encryptSecret({ key: config.encryptionKey, plaintext: JSON.stringify(stored) });
}

function normaliseSenders(body: Pick<CreateSmsConnectionBody, 'smsFrom' | 'messagingServiceSid' | 'whatsappFrom'>) {
  const senders: Record<string, string | null> = {};
  if (body.smsFrom !== undefined) senders.smsFrom = body.smsFrom ? toE164OrThrow(body.smsFrom) : null;
  if (body.whatsappFrom !== undefined)
    senders.whatsappFrom = body.whatsappFrom ? toE164OrThrow(body.whatsappFrom, { channel: 'whatsapp' }) : null;
  if (body.messagingServiceSid !== undefined) senders.messagingServiceSid = body.messagingServiceSid || null;
  return senders;
}

/** pending_connection until an agent answers; active after. A refused token sets needs_attention elsewhere. */
function statusFor(agentId: string | null) {
  return agentId ? ('active' as const) : ('pending_connection' as const);
}

export async function createSmsConnection(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  body: CreateSmsConnectionBody;
}): Promise<ConnectionRow> {
  const { db, config, subaccountId, body } = options;
  const agentId = body.agentId ?? null;
  if (agentId) await getAgentRowOrThrow({ db, agentId, subaccountId });
  const settings = normaliseSenders(body);
  const credentials = body.credentials ? encryptCredentials(config, body.credentials) : null;
  const now = new Date();
  const [row] = await insertWithinPlanLimit({
    db,
    subaccountId,
    limit: 'connections_per_type',
    countExisting: async (tx) =>
      (
        await tx
          .select({ value: count() })
          .from(channelConnection)
          .where(and(eq(channelConnection.subaccountId, subaccountId), eq(channelConnection.serviceType, 'sms')))
      )[0]?.value ?? 0,
    insert: (tx) =>
      tx
        .insert(channelConnection)
        .values({
          id: randomUUID(),
          subaccountId,
          serviceType: 'sms',
          name: body.name,
          agentId,
          status: statusFor(agentId),
          credentials,
          settings,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
  });
  if (!row) throw new Error('sms connection insert returned nothing');
  return row;
}

export async function updateSmsConnection(options: {
  db: Database;
  config: AppConfig;
  connection: ConnectionRow;
  body: UpdateSmsConnectionBody;
}): Promise<ConnectionRow> {
  const { db, config, connection, body } = options;
  if (body.agentId) await getAgentRowOrThrow({ db, agentId: body.agentId, subaccountId: connection.subaccountId });
  const agentId = body.agentId === undefined ? connection.agentId : body.agentId;
  const credentialsChanged = body.credentials !== undefined;
  const [row] = await db
    .update(channelConnection)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      agentId,
      ...(credentialsChanged
        ? { credentials: body.credentials ? encryptCredentials(config, body.credentials) : null, lastError: null }
        : {}),
      settings: { ...connection.settings, ...normaliseSenders(body) },
      // New credentials clear a needs_attention state until the next refusal.
      status: credentialsChanged || connection.status !== 'needs_attention' ? statusFor(agentId) : connection.status,
      updatedAt: new Date(),
    })
    .where(eq(channelConnection.id, connection.id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: NOT_FOUND });
  return row;
}

/** Records a provider refusal of the credentials: the connection needs attention (reconnect). */
export async function markConnectionRefused(options: { db: Database; connectionId: string; message: string }) {
  await options.db
    .update(channelConnection)
    .set({ status: 'needs_attention', lastError: options.message, updatedAt: new Date() })
    .where(eq(channelConnection.id, options.connectionId));
}

export async function markConnectionHealthy(options: { db: Database; connection: ConnectionRow }) {
  await options.db
    .update(channelConnection)
    .set({ status: statusFor(options.connection.agentId), lastError: null, updatedAt: new Date() })
    .where(eq(channelConnection.id, options.connection.id));
}

export async function deleteSmsConnection(options: { db: Database; connectionId: string }) {
  await options.db.delete(channelConnection).where(eq(channelConnection.id, options.connectionId));
}
