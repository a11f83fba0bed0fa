import { AppError } from '../../platform/http/app-error';

/**
 * Meta's Graph API over plain HTTPS (docs/decisions/meta-messaging.md): OAuth code exchange,
 * the Pages a user manages, webhook subscription and the Send API. The base URL comes from
 * META_GRAPH_BASE_URL so tests talk to a fake on loopback.
 */
export type GraphError = { message: string; type?: string; code?: number; error_subcode?: number };

/** Graph error 190: the access token expired, was revoked, or the password changed. */
export const TOKEN_INVALID_CODE = 190;

/** The Graph API's answer to a refusal, kept so callers can tell a dead token from anything else. */
export class GraphRequestError extends AppError {
  readonly graph: GraphError;
  constructor(graph: GraphError) {
    super(graph.code === TOKEN_INVALID_CODE ? 'META_AUTH_FAILED' : 'META_REQUEST_FAILED', {
      extra: { graphCode: graph.code ?? null },
    });
    this.graph = graph;
  }
  get isTokenInvalid() {
    return this.graph.code === TOKEN_INVALID_CODE;
  }
  /** Code 10 with subcode 2018278, or code 551/2018108: outside the allowed window or the person cannot be reached. */
  get isOutsideWindow() {
    return this.graph.code === 10 && this.graph.error_subcode === 2018278;
  }
}

const TIMEOUT_MS = 15_000;

async function callGraph<T>(
  baseUrl: string,
  path: string,
  options: { method?: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new AppError('META_REQUEST_FAILED', { cause: error });
  }
  const json = (await response.json().catch(() => null)) as { error?: GraphError } | null;
  if (!response.ok || !json || json.error) {
    throw new GraphRequestError(json?.error ?? { message: `HTTP ${response.status}` });
  }
  return json as T;
}

export type GraphPage = {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string };
};

export function createGraphApi(baseUrl: string) {
  return {
    /** OAuth: the code from the dialog's redirect for a short-lived user token. */
    exchangeCode(options: { appId: string; appSecret: string; redirectUri: string; code: string }) {
      return callGraph<{ access_token: string }>(baseUrl, '/oauth/access_token', {
        query: {
          client_id: options.appId,
          client_secret: options.appSecret,
          redirect_uri: options.redirectUri,
          code: options.code,
        },
      });
    },
    /** A short-lived user token for a long-lived one (about 60 days); Page tokens got with it do not expire. */
    exchangeLongLived(options: { appId: string; appSecret: string; token: string }) {
      return callGraph<{ access_token: string }>(baseUrl, '/oauth/access_token', {
        query: {
          grant_type: 'fb_exchange_token',
          client_id: options.appId,
          client_secret: options.appSecret,
          fb_exchange_token: options.token,
        },
      });
    },
    /** The Pages the user manages, each with its Page token and linked Instagram professional account. */
    async listPages(userToken: string): Promise<GraphPage[]> {
      const answer = await callGraph<{ data: GraphPage[] }>(baseUrl, '/me/accounts', {
        query: {
          fields: 'id,name,access_token,instagram_business_account{id,username}',
          limit: '100',
          access_token: userToken,
        },
      });
      return answer.data;
    },
    /** With a Page token, /me is the Page. */
    describePage(pageToken: string) {
      return callGraph<{ id: string; name: string; instagram_business_account?: { id: string; username?: string } }>(
        baseUrl,
        '/me',
        { query: { fields: 'id,name,instagram_business_account{id,username}', access_token: pageToken } },
      );
    },
    /** Subscribes the Page to the app's webhooks (messages, postbacks, echoes, reads). */
    subscribePage(options: { pageId: string; pageToken: string }) {
      return callGraph<{ success: boolean }>(baseUrl, `/${encodeURIComponent(options.pageId)}/subscribed_apps`, {
        method: 'POST',
        query: {
          subscribed_fields: 'messages,messaging_postbacks,message_echoes,message_reads',
          access_token: options.pageToken,
        },
      });
    },
    /** The Send API: a text reply to a person who wrote within the standard messaging window. */
    sendText(options: { pageToken: string; recipientId: string; text: string }) {
      return callGraph<{ recipient_id: string; message_id: string }>(baseUrl, '/me/messages', {
        method: 'POST',
        query: { access_token: options.pageToken },
        body: { recipient: { id: options.recipientId }, messaging_type: 'RESPONSE', message: { text: options.text } },
      });
    },
  };
}

export type GraphApi = ReturnType<typeof createGraphApi>;
