import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Graph API on loopback for tests, answering in Meta's wire format: the OAuth dialog
 * (redirects straight back with a code), code and long-lived token exchanges, /me/accounts
 * with Page tokens and linked Instagram accounts, /me for a Page token, subscribed_apps and
 * the Send API. Errors are Graph's `{ error: { message, type, code, error_subcode } }`; a
 * revoked token answers code 190. Sent messages are recorded for assertions.
 */
export type FakeGraphPage = { id: string; name: string; token: string; instagram?: { id: string; username: string } };
export type SentGraphMessage = {
  pageToken: string;
  body: { recipient: { id: string }; messaging_type: string; message: { text: string } };
};

export async function startFakeGraphServer(options: { appId: string; appSecret: string; pages: FakeGraphPage[] }) {
  const sent: SentGraphMessage[] = [];
  const subscribed: { pageId: string; fields: string }[] = [];
  const revokedTokens = new Set<string>();
  const codes = new Map<string, string>();
  const shortTokens = new Set<string>();
  const longTokens = new Set<string>();
  /** Recipients Meta refuses as outside the messaging window. */
  const closedWindows = new Set<string>();
  /**
   * Runs after a send is accepted and before the Send API answers: Meta's echo webhook of a sent
   * message can reach the app before the Send API's own answer does.
   */
  let beforeSendAnswer: ((sent: SentGraphMessage & { messageId: string }) => Promise<void | 'drop'>) | null = null;

  const graphError = (
    response: http.ServerResponse,
    status: number,
    error: { message: string; type: string; code: number; error_subcode?: number },
  ) => json(response, status, { error: { ...error, fbtrace_id: randomBytes(6).toString('hex') } });
  const invalidToken = (response: http.ServerResponse) =>
    graphError(response, 401, {
      message:
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 460,
    });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const query = url.searchParams;
      const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
      const token = query.get('access_token') ?? '';
      const pageByToken = options.pages.find((page) => page.token === token);

      if (request.method === 'GET' && path === '/dialog/oauth') {
        const code = `code_${randomBytes(6).toString('hex')}`;
        codes.set(code, query.get('redirect_uri') ?? '');
        const back = new URL(query.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.get('state') ?? '');
        response.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (request.method === 'GET' && path === '/oauth/access_token') {
        if (query.get('client_id') !== options.appId || query.get('client_secret') !== options.appSecret)
          return graphError(response, 400, {
            message: 'Error validating client secret.',
            type: 'OAuthException',
            code: 1,
          });
        if (query.get('grant_type') === 'fb_exchange_token') {
          if (!shortTokens.has(query.get('fb_exchange_token') ?? '')) return invalidToken(response);
          const long = `EAAlong${randomBytes(8).toString('hex')}`;
          longTokens.add(long);
          return json(response, 200, { access_token: long, token_type: 'bearer', expires_in: 5183944 });
        }
        const code = query.get('code') ?? '';
        if (codes.get(code) !== query.get('redirect_uri'))
          return graphError(response, 400, {
            message: 'This authorization code has been used.',
            type: 'OAuthException',
            code: 100,
            error_subcode: 36009,
          });
        codes.delete(code);
        const short = `EAAshort${randomBytes(8).toString('hex')}`;
        shortTokens.add(short);
        return json(response, 200, { access_token: short, token_type: 'bearer', expires_in: 5400 });
      }
      if (request.method === 'GET' && path === '/me/accounts') {
        if (!longTokens.has(token)) return invalidToken(response);
        return json(response, 200, {
          data: options.pages.map((page) => ({
            id: page.id,
            name: page.name,
            access_token: page.token,
            category: 'Shopping & retail',
            tasks: ['ANALYZE', 'ADVERTISE', 'MESSAGING', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
            ...(page.instagram ? { instagram_business_account: page.instagram } : {}),
          })),
          paging: { cursors: { before: 'x', after: 'y' } },
        });
      }
      if (request.method === 'GET' && path === '/me') {
        if (!pageByToken || revokedTokens.has(token)) return invalidToken(response);
        return json(response, 200, {
          id: pageByToken.id,
          name: pageByToken.name,
          ...(pageByToken.instagram ? { instagram_business_account: pageByToken.instagram } : {}),
        });
      }
      const subscribe = /^\/(\d+)\/subscribed_apps$/.exec(path);
      if (request.method === 'POST' && subscribe) {
        if (!pageByToken || pageByToken.id !== subscribe[1] || revokedTokens.has(token)) return invalidToken(response);
        subscribed.push({ pageId: pageByToken.id, fields: query.get('subscribed_fields') ?? '' });
        return json(response, 200, { success: true });
      }
      if (request.method === 'POST' && path === '/me/messages') {
        if (!pageByToken || revokedTokens.has(token)) return invalidToken(response);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as SentGraphMessage['body'];
        if (!body.recipient?.id || !body.message?.text)
          return graphError(response, 400, {
            message: '(#100) The parameter recipient is required',
            type: 'OAuthException',
            code: 100,
          });
        if (body.message.text.length > 2000)
          return graphError(response, 400, {
            message: '(#100) Length of param message[text] must be less than or equal to 2000',
            type: 'OAuthException',
            code: 100,
          });
        if (closedWindows.has(body.recipient.id))
          return graphError(response, 400, {
            message: '(#10) This message is sent outside of allowed window.',
            type: 'OAuthException',
            code: 10,
            error_subcode: 2018278,
          });
        sent.push({ pageToken: token, body });
        const messageId = `m_${randomBytes(12).toString('base64url')}`;
        const answer = () => json(response, 200, { recipient_id: body.recipient.id, message_id: messageId });
        if (!beforeSendAnswer) return answer();
        // 'drop': the message went out, but the connection drops before the answer (a timeout for the caller).
        void beforeSendAnswer({ pageToken: token, body, messageId }).then(
          (outcome) => (outcome === 'drop' ? request.socket.destroy() : answer()),
          (error: unknown) => graphError(response, 500, { message: String(error), type: 'FakeHookError', code: 1 }),
        );
        return;
      }
      graphError(response, 400, { message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    graphBaseUrl: `http://127.0.0.1:${port}/v21.0`,
    dialogBaseUrl: `http://127.0.0.1:${port}/v21.0`,
    sent,
    subscribed,
    revoke: (pageToken: string) => revokedTokens.add(pageToken),
    /** A new Page token (what the agency gets after fixing the cause and generating one again). */
    reissue(pageId: string) {
      const page = options.pages.find((entry) => entry.id === pageId);
      if (!page) throw new Error(`no fake page ${pageId}`);
      page.token = `EAApage-${randomBytes(6).toString('hex')}`;
      return page.token;
    },
    closeWindow: (recipientId: string) => closedWindows.add(recipientId),
    /** Sets (or with null clears) what runs between accepting a send and answering it. */
    setBeforeSendAnswer(hook: typeof beforeSendAnswer) {
      beforeSendAnswer = hook;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}
