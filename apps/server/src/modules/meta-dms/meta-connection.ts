import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ConnectionStatus } from '@agentry/core/channels';
import type { Action } from '@agentry/core/permissions';
import {
  defaultMetaHandover,
  MetaHandover,
  metaChannelOf,
  metaServiceTypes,
  type MetaConnection,
  type MetaServiceType,
} from '@agentry/core/meta-dms';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { channelConnection } from '../channels/channels.tables';
import { decryptSecret, encryptSecret } from '../llm/secret-box';

export type MetaConnectionRow = typeof channelConnection.$inferSelect & { serviceType: MetaServiceType };

/** The encrypted part of a connection (secret-box JSON); `null` in the row means TEST MODE. */
export type MetaCredentials = {
  appId?: string;
  appSecret?: string;
  /** Long-lived user token from 'Continue with Facebook', kept only until a Page is chosen. */
  userToken?: string;
  pageToken?: string;
  /** Pages offered after OAuth, with their tokens, until one is chosen. */
  pendingPages?: { id: string; name: string; token: string; instagram: { id: string; username: string } | null }[];
};

/** Non-secret settings kept in `settings` jsonb. */
export type MetaSettings = {
  verifyToken: string;
  page: { id: string; name: string } | null;
  instagram: { id: string; username: string } | null;
  handover: MetaHandover;
  /** 'Continue with Facebook' in progress: the state value, who started it and until when it is good. */
  oauth?: { state: string; userId: string; expiresAt: string } | null;
};

export function readMetaSettings(row: { settings: Record<string, unknown> }): MetaSettings {
  const settings = row.settings as Partial<MetaSettings>;
  const handover = MetaHandover.safeParse(settings.handover);
  return {
    verifyToken: typeof settings.verifyToken === 'string' ? settings.verifyToken : '',
    page: settings.page ?? null,
    instagram: settings.instagram ?? null,
    handover: handover.success ? handover.data : defaultMetaHandover,
    oauth: settings.oauth ?? null,
  };
}

export function createVerifyToken() {
  return `vt_${randomBytes(18).toString('base64url')}`;
}

export function readMetaCredentials(config: AppConfig, row: { credentials: string | null }): MetaCredentials | null {
  if (row.credentials === null) return null;
  return JSON.parse(decryptSecret({ key: config.encryptionKey, payload: row.credentials })) as MetaCredentials;
}

export function sealMetaCredentials(config: AppConfig, credentials: MetaCredentials): string {
  return encryptSecret({ key: config.encryptionKey, plaintext: JSON.stringify(credentials) });
}

/**
 * The secret a TEST MODE connection's webhook deliveries are signed with: derived from the
 * server's own secret, so it is never stored and never leaves the server (the simulator signs
 * on the server side).
 */
export function testModeSecret(config: AppConfig, connectionId: string) {
  return createHmac('sha256', config.authSecret).update(`meta-dm-test:${connectionId}`).digest('hex');
}

/** The Page the DM simulator writes to, for a connection in TEST MODE. */
export function testModePageId(connectionId: string) {
  return `test_page_${connectionId.slice(0, 8)}`;
}

/**
 * The account whose events a connection takes: its Instagram account or its Page (the `id` of a
 * webhook entry), the simulator's Page in TEST MODE; null before one is chosen. One Meta app can
 * serve several connections and posts every Page's events to the one URL it was given.
 */
export function metaAccountIdOf(row: MetaConnectionRow): string | null {
  // No credentials: the connection runs in TEST MODE.
  if (row.credentials === null) return testModePageId(row.id);
  const settings = readMetaSettings(row);
  return (metaChannelOf[row.serviceType] === 'instagram' ? settings.instagram?.id : settings.page?.id) ?? null;
}

/** What a connection's state is after a change (a refused token stays 'needs_attention' until a reconnect). */
export function deriveStatus(options: {
  agentId: string | null;
  credentials: MetaCredentials | null;
}): ConnectionStatus {
  const isReady = options.credentials === null || Boolean(options.credentials.pageToken);
  return isReady && options.agentId ? 'active' : 'pending_connection';
}

export function toMetaConnection(config: AppConfig, row: MetaConnectionRow): MetaConnection {
  const settings = readMetaSettings(row);
  const credentials = row.credentials === null ? null : safeCredentials(config, row);
  return {
    connectionId: row.id,
    subaccountId: row.subaccountId,
    serviceType: row.serviceType,
    name: row.name,
    agentId: row.agentId,
    status: row.status,
    mode: row.credentials === null ? 'test' : 'meta',
    appId: credentials?.appId ?? null,
    hasAppSecret: Boolean(credentials?.appSecret),
    page: settings.page,
    instagram: settings.instagram,
    webhookUrl: `${config.publicUrl}/api/meta-dms/webhook/${row.id}`,
    verifyToken: settings.verifyToken,
    handover: settings.handover,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** For display only: unreadable credentials (a rotated ENCRYPTION_KEY) show as not configured. */
function safeCredentials(config: AppConfig, row: MetaConnectionRow) {
  try {
    return readMetaCredentials(config, row);
  } catch {
    return null;
  }
}

export async function listMetaConnections(options: { db: Database; subaccountId: string }) {
  const rows = await options.db
    .select()
    .from(channelConnection)
    .where(
      and(
        eq(channelConnection.subaccountId, options.subaccountId),
        inArray(channelConnection.serviceType, [...metaServiceTypes]),
      ),
    )
    .orderBy(channelConnection.createdAt);
  return rows as MetaConnectionRow[];
}

export async function loadMetaConnection(db: Database, connectionId: string): Promise<MetaConnectionRow | null> {
  const [row] = await db
    .select()
    .from(channelConnection)
    .where(and(eq(channelConnection.id, connectionId), inArray(channelConnection.serviceType, [...metaServiceTypes])))
    .limit(1);
  return (row as MetaConnectionRow | undefined) ?? null;
}

/** A connection addressed by id alone: the caller must be allowed `action` in its sub account (404 otherwise). */
export async function getMetaConnectionForMemberOrThrow(options: {
  db: Database;
  connectionId: string;
  userId: string;
  action: Action;
}): Promise<MetaConnectionRow> {
  const row = await loadMetaConnection(options.db, options.connectionId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Connection not found',
  });
  return row;
}
