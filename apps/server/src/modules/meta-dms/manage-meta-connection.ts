import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type {
  CreateMetaConnectionBody,
  MetaAppBody,
  MetaPageChoice,
  UpdateMetaConnectionBody,
} from '@agentry/core/meta-dms';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { insertWithinPlanLimit } from '../billing/insert-within-plan-limit';
import { channelConnection } from '../channels/channels.tables';
import { createGraphApi, GraphRequestError } from './graph-api';
import {
  createVerifyToken,
  deriveStatus,
  readMetaCredentials,
  readMetaSettings,
  sealMetaCredentials,
  type MetaConnectionRow,
  type MetaCredentials,
  type MetaSettings,
} from './meta-connection';

const defaultNames = { 'instagram-dms': 'Instagram DMs', 'facebook-dms': 'Messenger' } as const;
/** 'Continue with Facebook' must come back within this time. */
const OAUTH_STATE_TTL_MS = 15 * 60_000;

async function saveRow(
  db: Database,
  row: MetaConnectionRow,
  changes: {
    credentials?: MetaCredentials | null;
    settings?: MetaSettings;
    agentId?: string | null;
    name?: string;
    lastError?: string | null;
  },
  config: AppConfig,
): Promise<MetaConnectionRow> {
  const credentials =
    changes.credentials === undefined ? readMetaCredentials(config, row) : (changes.credentials ?? null);
  const agentId = changes.agentId === undefined ? row.agentId : changes.agentId;
  // A refused token keeps the connection 'needs_attention' until new credentials arrive.
  const keepsAttention = row.status === 'needs_attention' && changes.credentials === undefined;
  const [updated] = await db
    .update(channelConnection)
    .set({
      ...(changes.credentials === undefined
        ? {}
        : { credentials: credentials ? sealMetaCredentials(config, credentials) : null }),
      ...(changes.settings ? { settings: changes.settings } : {}),
      ...(changes.name ? { name: changes.name } : {}),
      ...(changes.lastError === undefined ? {} : { lastError: changes.lastError }),
      agentId,
      status: keepsAttention ? 'needs_attention' : deriveStatus({ agentId, credentials }),
      updatedAt: new Date(),
    })
    .where(eq(channelConnection.id, row.id))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
  return updated as MetaConnectionRow;
}

/** A new connection starts in TEST MODE (no Meta app): the DM simulator answers for Meta until one is connected. */
export async function createMetaConnection(options: {
  db: Database;
  subaccountId: string;
  body: CreateMetaConnectionBody;
}): Promise<MetaConnectionRow> {
  const { db, subaccountId, body } = options;
  const agentId = body.agentId ?? null;
  if (agentId) await getAgentRowOrThrow({ db, agentId, subaccountId });
  const settings: MetaSettings = {
    verifyToken: createVerifyToken(),
    page: null,
    instagram: null,
    handover: { enabled: false, resumeAfterMinutes: 60 },
  };
  const [row] = await insertWithinPlanLimit({
    db,
    subaccountId,
    limit: 'connections_per_type',
    countExisting: async (tx) =>
      (
        await tx
          .select({ value: count() })
          .from(channelConnection)
          .where(
            and(eq(channelConnection.subaccountId, subaccountId), eq(channelConnection.serviceType, body.serviceType)),
          )
      )[0]?.value ?? 0,
    insert: (tx) =>
      tx
        .insert(channelConnection)
        .values({
          id: randomUUID(),
          subaccountId,
          serviceType: body.serviceType,
          name: body.name ?? defaultNames[body.serviceType],
          agentId,
          status: deriveStatus({ agentId, credentials: null }),
          credentials: null,
          settings,
        })
        .returning(),
  });
  if (!row) throw new Error('channel connection insert returned nothing');
  return row as MetaConnectionRow;
}

export async function updateMetaConnection(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  body: UpdateMetaConnectionBody;
}) {
  const { db, row, body } = options;
  if (body.agentId) await getAgentRowOrThrow({ db, agentId: body.agentId, subaccountId: row.subaccountId });
  const settings = body.handover ? { ...readMetaSettings(row), handover: body.handover } : undefined;
  return saveRow(db, row, { agentId: body.agentId, name: body.name, settings }, options.config);
}

/** Stores the agency's Meta app (App ID and App Secret); the secret signs every webhook delivery. */
export async function setMetaApp(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  body: MetaAppBody;
}) {
  const { config, row } = options;
  const current = readMetaCredentials(config, row) ?? {};
  const isSameApp = current.appId === options.body.appId;
  const credentials: MetaCredentials = {
    ...(isSameApp ? current : {}),
    appId: options.body.appId,
    appSecret: options.body.appSecret,
  };
  const settings = isSameApp ? undefined : { ...readMetaSettings(row), page: null, instagram: null, oauth: null };
  return saveRow(options.db, row, { credentials, settings, lastError: null }, config);
}

/** Back to TEST MODE: the Meta app, tokens and Page are forgotten. */
export async function disconnectMeta(options: { db: Database; config: AppConfig; row: MetaConnectionRow }) {
  const settings = { ...readMetaSettings(options.row), page: null, instagram: null, oauth: null };
  return saveRow(options.db, options.row, { credentials: null, settings, lastError: null }, options.config);
}

function requireApp(credentials: MetaCredentials | null): { appId: string; appSecret: string } {
  if (!credentials?.appId || !credentials.appSecret)
    throw new AppError('VALIDATION_ERROR', { message: 'Save the App ID and App Secret first' });
  return { appId: credentials.appId, appSecret: credentials.appSecret };
}

export function oauthRedirectUri(config: AppConfig) {
  return `${config.publicUrl}/api/meta-dms/oauth/callback`;
}

/** The Facebook Login dialog for the agency's app, with a one-time state tied to the user. */
export async function startMetaOAuth(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  userId: string;
}): Promise<string> {
  const { config, row } = options;
  const { appId } = requireApp(readMetaCredentials(config, row));
  const state = `${row.id}.${randomBytes(18).toString('base64url')}`;
  const settings = {
    ...readMetaSettings(row),
    oauth: { state, userId: options.userId, expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS).toISOString() },
  };
  await saveRow(options.db, row, { settings }, config);
  const url = new URL(`${config.meta.dialogBaseUrl}/dialog/oauth`);
  url.searchParams.set('client_id', appId);
  url.searchParams.set('redirect_uri', oauthRedirectUri(config));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set(
    'scope',
    row.serviceType === 'instagram-dms'
      ? 'pages_show_list,pages_manage_metadata,pages_messaging,instagram_basic,instagram_manage_messages,business_management'
      : 'pages_show_list,pages_manage_metadata,pages_messaging',
  );
  return url.toString();
}

/**
 * The dialog's redirect: the state must be this connection's, unexpired and started by this user.
 * The code becomes a long-lived user token and the list of Pages (with their tokens), kept
 * encrypted until the user picks one.
 */
export async function finishMetaOAuth(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  userId: string;
  state: string;
  code: string;
}) {
  const { config, row } = options;
  const settings = readMetaSettings(row);
  const oauth = settings.oauth;
  if (
    !oauth ||
    oauth.state !== options.state ||
    oauth.userId !== options.userId ||
    Date.parse(oauth.expiresAt) < Date.now()
  )
    throw new AppError('VALIDATION_ERROR', { message: 'This Facebook sign-in expired. Please try again.' });
  const credentials = readMetaCredentials(config, row);
  const app = requireApp(credentials);
  const graph = createGraphApi(config.meta.graphBaseUrl);
  const short = await graph.exchangeCode({ ...app, redirectUri: oauthRedirectUri(config), code: options.code });
  const long = await graph.exchangeLongLived({ ...app, token: short.access_token });
  const pages = await graph.listPages(long.access_token);
  return saveRow(
    options.db,
    row,
    {
      // The old Page token goes: the connection waits for a Page to be picked.
      credentials: {
        appId: app.appId,
        appSecret: app.appSecret,
        userToken: long.access_token,
        pendingPages: pages.map((page) => ({
          id: page.id,
          name: page.name,
          token: page.access_token,
          instagram: page.instagram_business_account
            ? {
                id: page.instagram_business_account.id,
                username: page.instagram_business_account.username ?? page.instagram_business_account.id,
              }
            : null,
        })),
      },
      settings: { ...settings, oauth: null },
    },
    config,
  );
}

export function listPageChoices(config: AppConfig, row: MetaConnectionRow): MetaPageChoice[] {
  const credentials = readMetaCredentials(config, row);
  return (credentials?.pendingPages ?? []).map(({ id, name, instagram }) => ({ id, name, instagram }));
}

async function connectPage(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  credentials: MetaCredentials;
  page: { id: string; name: string; token: string; instagram: { id: string; username: string } | null };
}) {
  const { row, page, config } = options;
  if (row.serviceType === 'instagram-dms' && !page.instagram)
    throw new AppError('VALIDATION_ERROR', {
      message: 'This Page has no linked Instagram professional account. Link one in the Page settings first.',
    });
  const graph = createGraphApi(config.meta.graphBaseUrl);
  await graph.subscribePage({ pageId: page.id, pageToken: page.token });
  const credentials: MetaCredentials = {
    appId: options.credentials.appId,
    appSecret: options.credentials.appSecret,
    pageToken: page.token,
  };
  const settings: MetaSettings = {
    ...readMetaSettings(row),
    page: { id: page.id, name: page.name },
    instagram: row.serviceType === 'instagram-dms' ? page.instagram : null,
    oauth: null,
  };
  return saveRow(options.db, row, { credentials, settings, lastError: null }, config);
}

/** Picks one of the Pages offered after OAuth and subscribes it to the app's webhooks. */
export async function chooseMetaPage(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  pageId: string;
}) {
  const credentials = readMetaCredentials(options.config, options.row);
  requireApp(credentials);
  const page = credentials?.pendingPages?.find((entry) => entry.id === options.pageId);
  if (!credentials || !page) throw new AppError('NOT_FOUND', { message: 'Page not found' });
  return connectPage({ ...options, credentials, page });
}

/** The manual alternative: a Page access token pasted from the Meta app dashboard. */
export async function usePageToken(options: {
  db: Database;
  config: AppConfig;
  row: MetaConnectionRow;
  token: string;
}) {
  const credentials = readMetaCredentials(options.config, options.row);
  requireApp(credentials);
  const graph = createGraphApi(options.config.meta.graphBaseUrl);
  let page;
  try {
    page = await graph.describePage(options.token);
  } catch (error) {
    if (error instanceof GraphRequestError && error.isTokenInvalid)
      throw new AppError('VALIDATION_ERROR', { message: 'Facebook did not accept this Page access token' });
    throw error;
  }
  return connectPage({
    ...options,
    credentials: credentials ?? {},
    page: {
      id: page.id,
      name: page.name,
      token: options.token,
      instagram: page.instagram_business_account
        ? {
            id: page.instagram_business_account.id,
            username: page.instagram_business_account.username ?? page.instagram_business_account.id,
          }
        : null,
    },
  });
}

/** Graph answered 190: the connection needs a reconnect; nothing is sent until then. */
export async function markNeedsAttention(db: Database, connectionId: string, message: string) {
  await db
    .update(channelConnection)
    .set({ status: 'needs_attention', lastError: message, updatedAt: new Date() })
    .where(eq(channelConnection.id, connectionId));
}

export function newId() {
  return randomUUID();
}
