import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { countSmsSegments } from '@agentry/core/sms-segments';

/**
 * Tests and benches only: a Twilio on loopback speaking the slice of its REST and webhook
 * protocol the messaging provider uses. The real `twilio` package talks to it (the provider's
 * `apiBase`), so request encoding, basic auth, paging and error bodies are the library's own.
 *
 * REST: GET /2010-04-01/Accounts/{sid}.json; POST and GET /2010-04-01/Accounts/{sid}/Messages.json
 * (form-encoded create; list filtered by To, From, DateSent, DateSent<, DateSent>, paged with
 * PageSize/Page/PageToken, newest first); GET …/Messages/{MessageSid}.json. Errors answer
 * Twilio's JSON `{ code, message, more_info, status }`.
 *
 * Webhooks: `sendInbound` posts an inbound message like Twilio does (form fields, signed
 * X-Twilio-Signature with the account's auth token), `deliverStatus` posts a status callback.
 * The signature is computed here from the protocol (HMAC-SHA1 of URL + sorted fields), not with
 * the library, so the server's validator is checked against the wire format.
 */

export type FakeTwilioMessage = {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  contentSid: string | null;
  contentVariables: string | null;
  status: string;
  statusCallback: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  numSegments: number;
  /** Milliseconds, for ordering and rate measurements (Twilio's dates are per second). */
  createdAtMs: number;
};

export type FakeTwilioAccount = {
  accountSid: string;
  authToken: string;
  apiKeys?: { sid: string; secret: string }[];
};

export type FakeTwilioError = { status: number; code: number; message: string };

const API = '/2010-04-01';

export function newTwilioSid(prefix: string) {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

/** Twilio's webhook signature: base64 HMAC-SHA1 of the URL followed by each field name and value, sorted by name. */
export function signTwilioWebhook(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((accumulated, key) => accumulated + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

function rfc2822(ms: number) {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}

function twilioError(error: FakeTwilioError) {
  return {
    code: error.code,
    message: error.message,
    more_info: `https://www.twilio.com/docs/errors/${error.code}`,
    status: error.status,
  };
}

/** Twilio's DateSent filters take YYYY-MM-DD or YYYY-MM-DDTHH:mm:ssZ. */
function parseFilterDate(value: string, endOfDay: boolean) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return Date.parse(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  }
  return Date.parse(value);
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startFakeTwilioServer(
  options: {
    accounts?: FakeTwilioAccount[];
    /** After a create with StatusCallback: post 'sent' then 'delivered' (default true). */
    autoStatusCallbacks?: boolean;
    /**
     * Post those callbacks before answering the create, the way Twilio's callbacks sometimes
     * overtake its API answer (default false: right after answering).
     */
    statusCallbacksBeforeAnswer?: boolean;
    /** Delay before answering a create, to model Twilio's latency. */
    sendDelayMs?: number;
    port?: number;
  } = {},
) {
  const accounts = new Map<string, FakeTwilioAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.accountSid, account);
  const messages: FakeTwilioMessage[] = [];
  const requests: { method: string; path: string; form: Record<string, string> }[] = [];
  const failures: FakeTwilioError[] = [];
  const refusedNumbers = new Map<string, FakeTwilioError>();
  /** Numbers whose sends are taken (stored, listed) but whose answer never arrives: the connection drops. */
  const unansweredNumbers = new Set<string>();
  const pendingCallbacks = new Set<Promise<unknown>>();
  let autoStatusCallbacks = options.autoStatusCallbacks ?? true;
  let statusCallbacksBeforeAnswer = options.statusCallbacksBeforeAnswer ?? false;

  function authenticate(request: http.IncomingMessage, accountSid: string) {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const username = decoded.slice(0, separator);
    const password = decoded.slice(separator + 1);
    const account = accounts.get(accountSid);
    if (!account) return false;
    if (username === account.accountSid) return password === account.authToken;
    return (account.apiKeys ?? []).some((key) => key.sid === username && key.secret === password);
  }

  function messageJson(message: FakeTwilioMessage) {
    return {
      account_sid: message.accountSid,
      api_version: '2010-04-01',
      body: message.body,
      date_created: rfc2822(message.createdAtMs),
      date_sent: rfc2822(message.createdAtMs),
      date_updated: rfc2822(message.createdAtMs),
      direction: 'outbound-api',
      error_code: message.errorCode,
      error_message: message.errorMessage,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      num_media: '0',
      num_segments: String(message.numSegments),
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      status: message.status,
      subresource_uris: {
        media: `${API}/Accounts/${message.accountSid}/Messages/${message.sid}/Media.json`,
      },
      to: message.to,
      uri: `${API}/Accounts/${message.accountSid}/Messages/${message.sid}.json`,
    };
  }

  async function postForm(url: string, authToken: string, params: Record<string, string>, signature?: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'x-twilio-signature': signature ?? signTwilioWebhook(authToken, url, params),
        'user-agent': 'TwilioProxy/1.1',
        'i-twilio-idempotency-token': randomBytes(8).toString('hex'),
      },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, body: await response.text(), contentType: response.headers.get('content-type') };
  }

  async function deliverStatus(sid: string, status: string, error?: { code: number; message: string }) {
    const message = messages.find((entry) => entry.sid === sid);
    if (!message) throw new Error(`fake twilio: no message ${sid}`);
    message.status = status;
    if (error) {
      message.errorCode = error.code;
      message.errorMessage = error.message;
    }
    if (!message.statusCallback) return undefined;
    const account = accounts.get(message.accountSid)!;
    const params: Record<string, string> = {
      AccountSid: message.accountSid,
      ApiVersion: '2010-04-01',
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
      To: message.to,
      From: message.from ?? '',
      ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
      ...(error ? { ErrorCode: String(error.code), ErrorMessage: error.message } : {}),
    };
    return postForm(message.statusCallback, account.authToken, params);
  }

  async function handleCreate(accountSid: string, form: Record<string, string>): Promise<[number, unknown]> {
    const injected = failures.shift();
    if (injected) return [injected.status, twilioError(injected)];
    const to = form.To ?? '';
    if (!to) return [400, twilioError({ status: 400, code: 21604, message: "A 'To' phone number is required." })];
    const isWhatsApp = to.startsWith('whatsapp:');
    const number = isWhatsApp ? to.slice('whatsapp:'.length) : to;
    if (!E164.test(number)) {
      return [
        400,
        twilioError({ status: 400, code: 21211, message: `The 'To' number ${to} is not a valid phone number.` }),
      ];
    }
    const refused = refusedNumbers.get(number);
    if (refused) return [refused.status, twilioError(refused)];
    if (!form.From && !form.MessagingServiceSid) {
      return [
        400,
        twilioError({ status: 400, code: 21603, message: "A 'From' phone number or MessagingServiceSid is required." }),
      ];
    }
    if (isWhatsApp && form.From && !form.From.startsWith('whatsapp:')) {
      return [
        400,
        twilioError({
          status: 400,
          code: 63007,
          message: 'Twilio could not find a Channel with the specified From address',
        }),
      ];
    }
    if (!form.Body && !form.ContentSid) {
      return [400, twilioError({ status: 400, code: 21602, message: 'Message body is required.' })];
    }
    const message: FakeTwilioMessage = {
      sid: newTwilioSid('SM'),
      accountSid,
      to,
      from: form.From ?? null,
      messagingServiceSid: form.MessagingServiceSid ?? null,
      body: form.Body ?? '',
      contentSid: form.ContentSid ?? null,
      contentVariables: form.ContentVariables ?? null,
      status: 'queued',
      statusCallback: form.StatusCallback ?? null,
      errorCode: null,
      errorMessage: null,
      numSegments: form.Body ? Math.max(1, countSmsSegments(form.Body).segments) : 1,
      createdAtMs: Date.now(),
    };
    messages.push(message);
    // The answer shows the message as queued, however far its callbacks have gone.
    const created = messageJson(message);
    if (autoStatusCallbacks && message.statusCallback) {
      const delivery = (async () => {
        await deliverStatus(message.sid, 'sent');
        await deliverStatus(message.sid, 'delivered');
      })().catch(() => undefined);
      pendingCallbacks.add(delivery);
      void delivery.finally(() => pendingCallbacks.delete(delivery));
      if (statusCallbacksBeforeAnswer) await delivery;
    }
    return [201, created];
  }

  function handleList(accountSid: string, url: URL): [number, unknown] {
    const query = url.searchParams;
    const to = query.get('To');
    const from = query.get('From');
    const onDay = query.get('DateSent');
    const before = query.get('DateSent<');
    const after = query.get('DateSent>');
    const pageSize = Math.min(1000, Math.max(1, Number(query.get('PageSize') ?? 50) || 50));
    const page = Math.max(0, Number(query.get('Page') ?? 0) || 0);
    const matching = messages
      .filter((message) => message.accountSid === accountSid)
      .filter((message) => !to || message.to === to)
      .filter((message) => !from || message.from === from)
      .filter((message) => {
        const sentSecond = Math.floor(message.createdAtMs / 1000) * 1000;
        if (onDay && !(sentSecond >= parseFilterDate(onDay, false) && sentSecond <= parseFilterDate(onDay, true)))
          return false;
        if (before && !(sentSecond <= parseFilterDate(before, true))) return false;
        if (after && !(sentSecond >= parseFilterDate(after, false))) return false;
        return true;
      })
      .sort((a, b) => b.createdAtMs - a.createdAtMs);
    const start = page * pageSize;
    const slice = matching.slice(start, start + pageSize);
    const base = `${API}/Accounts/${accountSid}/Messages.json`;
    const pageUri = (pageNumber: number) => {
      const params = new URLSearchParams();
      for (const [key, value] of query) if (key !== 'Page' && key !== 'PageToken') params.set(key, value);
      params.set('PageSize', String(pageSize));
      params.set('Page', String(pageNumber));
      if (pageNumber > 0) params.set('PageToken', `PA${pageNumber * pageSize}`);
      return `${base}?${params.toString()}`;
    };
    return [
      200,
      {
        messages: slice.map(messageJson),
        end: start + Math.max(0, slice.length - 1),
        first_page_uri: pageUri(0),
        next_page_uri: start + pageSize < matching.length ? pageUri(page + 1) : null,
        page,
        page_size: pageSize,
        previous_page_uri: page > 0 ? pageUri(page - 1) : null,
        start,
        uri: pageUri(page),
      },
    ];
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        requests.push({ method: request.method ?? '', path: url.pathname, form });
        const answer = (status: number, body: unknown) =>
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

        const match = /^\/2010-04-01\/Accounts\/([^/]+?)(?:\.json|\/Messages\.json|\/Messages\/([^/]+)\.json)$/.exec(
          url.pathname,
        );
        if (!match) {
          answer(404, twilioError({ status: 404, code: 20404, message: 'The requested resource was not found' }));
          return;
        }
        const accountSid = match[1]!;
        if (!authenticate(request, accountSid)) {
          answer(401, twilioError({ status: 401, code: 20003, message: 'Authenticate' }));
          return;
        }
        const isAccount = url.pathname.endsWith(`${accountSid}.json`);
        if (isAccount && request.method === 'GET') {
          answer(200, {
            sid: accountSid,
            friendly_name: 'Fake Twilio account',
            status: 'active',
            type: 'Full',
            date_created: rfc2822(Date.now()),
            date_updated: rfc2822(Date.now()),
            uri: `${API}/Accounts/${accountSid}.json`,
          });
          return;
        }
        const messageSid = match[2];
        if (messageSid && request.method === 'GET') {
          const message = messages.find((entry) => entry.sid === messageSid && entry.accountSid === accountSid);
          if (message) answer(200, messageJson(message));
          else answer(404, twilioError({ status: 404, code: 20404, message: 'The requested resource was not found' }));
          return;
        }
        if (!isAccount && !messageSid && request.method === 'POST') {
          if (options.sendDelayMs) await new Promise((resolve) => setTimeout(resolve, options.sendDelayMs));
          const [status, body] = await handleCreate(accountSid, form);
          if (status === 201 && unansweredNumbers.has(form.To ?? '')) {
            request.socket.destroy();
            return;
          }
          answer(status, body);
          return;
        }
        if (!isAccount && !messageSid && request.method === 'GET') {
          const [status, body] = handleList(accountSid, url);
          answer(status, body);
          return;
        }
        answer(405, twilioError({ status: 405, code: 20004, message: 'Method not allowed' }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    addAccount(account: FakeTwilioAccount) {
      accounts.set(account.accountSid, account);
    },
    /** The next create answers this error instead of sending. */
    failNextSend(error: FakeTwilioError) {
      failures.push(error);
    },
    /** Every create to this E.164 number answers this error. */
    refuseNumber(number: string, error: FakeTwilioError) {
      refusedNumbers.set(number, error);
    },
    /** Sends to this number are taken, but the connection drops before the answer (a timeout seen by the caller). */
    dropAnswersTo(number: string, value = true) {
      if (value) unansweredNumbers.add(number);
      else unansweredNumbers.delete(number);
    },
    setAutoStatusCallbacks(value: boolean) {
      autoStatusCallbacks = value;
    },
    setStatusCallbacksBeforeAnswer(value: boolean) {
      statusCallbacksBeforeAnswer = value;
    },
    /** Messages sent to one number (`+1…` or `whatsapp:+1…`), oldest first. */
    sentTo(to: string) {
      return messages.filter((message) => message.to === to);
    },
    deliverStatus,
    /** Posts an inbound message to a webhook URL the way Twilio does; `signature` overrides the real one. */
    async sendInbound(input: {
      url: string;
      accountSid: string;
      from: string;
      to: string;
      body: string;
      channel?: 'sms' | 'whatsapp';
      messageSid?: string;
      profileName?: string;
      signature?: string;
      /** Sign with this token instead of the account's (a wrong token models a forged request). */
      authToken?: string;
    }) {
      const account = accounts.get(input.accountSid);
      const authToken = input.authToken ?? account?.authToken ?? '';
      const isWhatsApp = input.channel === 'whatsapp';
      const sid = input.messageSid ?? newTwilioSid('SM');
      const params: Record<string, string> = {
        ToCountry: 'US',
        ToState: '',
        SmsMessageSid: sid,
        NumMedia: '0',
        ToCity: '',
        FromZip: '',
        SmsSid: sid,
        FromState: '',
        SmsStatus: 'received',
        FromCity: '',
        Body: input.body,
        FromCountry: 'US',
        To: isWhatsApp ? `whatsapp:${input.to}` : input.to,
        ToZip: '',
        NumSegments: '1',
        MessageSid: sid,
        AccountSid: input.accountSid,
        From: isWhatsApp ? `whatsapp:${input.from}` : input.from,
        ApiVersion: '2010-04-01',
        ...(isWhatsApp
          ? { ProfileName: input.profileName ?? 'WhatsApp User', WaId: input.from.replace(/^\+/, '') }
          : {}),
      };
      const result = await postForm(input.url, authToken, params, input.signature);
      return { ...result, messageSid: sid };
    },
    /** Resolves when every automatic status callback posted so far has been answered. */
    async settle() {
      await Promise.all([...pendingCallbacks]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTwilioServer = Awaited<ReturnType<typeof startFakeTwilioServer>>;
