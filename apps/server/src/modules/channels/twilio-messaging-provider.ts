import twilio from 'twilio';
import type { ChannelMessageStatus } from '@agentry/core/channels';
import type { ErrorCode } from '@agentry/core/errors';
import { AppError } from '../../platform/http/app-error';
import type { MessagingProvider, OutboundMessage, ProviderLogEntry, SentMessage } from './messaging-provider';

/**
 * The agency's own Twilio account, through the official `twilio` package. Requests go to
 * api.twilio.com; `apiBase` (tests, offline development) sends them to a Twilio-compatible
 * server instead through the library's documented `httpClient` option.
 */
export type TwilioCredentials = {
  accountSid: string;
  /** Signs webhooks; also authenticates REST calls when no API key is given. */
  authToken: string;
  apiKeySid?: string;
  apiKeySecret?: string;
};

/** Non-secret senders, kept in the connection's settings. */
export type TwilioSenders = {
  /** E.164 SMS number, e.g. +15550001111. */
  smsFrom?: string;
  /** A Messaging Service (MG…) used instead of `smsFrom` when set. */
  messagingServiceSid?: string;
  /** E.164 WhatsApp sender (without the whatsapp: prefix). */
  whatsappFrom?: string;
};

type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

const TWILIO_API_ORIGIN = /^https:\/\/[a-z0-9.-]+\.twilio\.com/;

/** Sends every request the library builds for *.twilio.com to `apiBase` instead. */
class RedirectingRequestClient extends twilio.RequestClient {
  readonly #apiBase: string;

  constructor(apiBase: string, timeout: number) {
    super({ timeout });
    this.#apiBase = apiBase.replace(/\/$/, '');
  }

  override request<TData>(options: RequestOptions<TData>) {
    return super.request<TData>({ ...options, uri: options.uri.replace(TWILIO_API_ORIGIN, this.#apiBase) });
  }
}

export function createTwilioClient(options: { credentials: TwilioCredentials; apiBase?: string; timeoutMs?: number }) {
  const { credentials } = options;
  const timeout = options.timeoutMs ?? 15_000;
  const httpClient = options.apiBase ? new RedirectingRequestClient(options.apiBase, timeout) : undefined;
  const clientOptions = { accountSid: credentials.accountSid, httpClient, timeout, autoRetry: true, maxRetries: 3 };
  return credentials.apiKeySid && credentials.apiKeySecret
    ? twilio(credentials.apiKeySid, credentials.apiKeySecret, clientOptions)
    : twilio(credentials.accountSid, credentials.authToken, clientOptions);
}

const STATUS_MAP: Record<string, ChannelMessageStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  receiving: 'received',
  received: 'received',
  failed: 'failed',
  undelivered: 'failed',
  canceled: 'failed',
  partially_delivered: 'delivered',
};

/** A Twilio message status (REST resource or status callback) as our status. */
export function toMessageStatus(twilioStatus: string | undefined): ChannelMessageStatus {
  return STATUS_MAP[twilioStatus ?? ''] ?? 'queued';
}

/** Twilio error codes for a bad destination number. */
const INVALID_NUMBER_CODES = new Set([21211, 21214, 21217, 21265, 21401, 21407, 21421, 21604, 21614, 63024]);
/** Outside WhatsApp's 24-hour window (free-form message refused). */
const SESSION_EXPIRED_CODES = new Set([63016]);
const AUTH_CODES = new Set([20003, 20005, 20006, 20008, 20403]);

/**
 * A send Twilio never answered (a timeout, a dropped connection), as opposed to one it refused:
 * it may have taken the message all the same.
 */
export function isUnansweredSend(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.cause !== undefined &&
    !(error.cause instanceof twilio.RestException) &&
    !(error.cause instanceof AppError)
  );
}

/** Twilio's refusal as our error: SMS_* for SMS, WHATSAPP_* for WhatsApp. */
export function toChannelError(channel: 'sms' | 'whatsapp', error: unknown): AppError {
  if (error instanceof AppError) return error;
  const prefix = channel === 'whatsapp' ? 'WHATSAPP' : 'SMS';
  const rest = error instanceof twilio.RestException ? error : undefined;
  let code: ErrorCode = `${prefix}_SEND_FAILED`;
  if (rest) {
    if (rest.status === 401 || AUTH_CODES.has(rest.code ?? 0)) code = `${prefix}_AUTH_FAILED`;
    else if (INVALID_NUMBER_CODES.has(rest.code ?? 0)) code = `${prefix}_INVALID_NUMBER`;
    else if (channel === 'whatsapp' && SESSION_EXPIRED_CODES.has(rest.code ?? 0)) code = 'WHATSAPP_SESSION_EXPIRED';
  }
  return new AppError(code, {
    extra: rest ? { provider_code: rest.code ?? null, provider_message: rest.message } : undefined,
    cause: error,
  });
}

function address(channel: 'sms' | 'whatsapp', e164: string) {
  return channel === 'whatsapp' ? `whatsapp:${e164}` : e164;
}

export function createTwilioMessagingProvider(options: {
  credentials: TwilioCredentials;
  senders: TwilioSenders;
  /** Where Twilio posts delivery statuses (our signed webhook), when known. */
  statusCallbackUrl?: string;
  apiBase?: string;
  timeoutMs?: number;
}): MessagingProvider {
  const client = createTwilioClient(options);
  const { senders } = options;
  const messages = () => client.api.v2010.accounts(options.credentials.accountSid).messages;

  return {
    mode: 'twilio',

    async send(message: OutboundMessage): Promise<SentMessage> {
      const from =
        message.channel === 'whatsapp'
          ? senders.whatsappFrom && address('whatsapp', senders.whatsappFrom)
          : senders.messagingServiceSid
            ? undefined
            : senders.smsFrom;
      const messagingServiceSid = message.channel === 'sms' ? senders.messagingServiceSid : undefined;
      if (!from && !messagingServiceSid) {
        throw new AppError(message.channel === 'whatsapp' ? 'WHATSAPP_SEND_FAILED' : 'SMS_SEND_FAILED', {
          message:
            message.channel === 'whatsapp'
              ? 'This connection has no WhatsApp sender.'
              : 'This connection has no SMS number or Messaging Service.',
        });
      }
      try {
        const sent = await messages().create({
          to: address(message.channel, message.to),
          ...(from ? { from } : {}),
          ...(messagingServiceSid ? { messagingServiceSid } : {}),
          ...(message.contentSid
            ? {
                contentSid: message.contentSid,
                contentVariables: JSON.stringify(message.contentVariables ?? {}),
              }
            : { body: message.body ?? '' }),
          ...(options.statusCallbackUrl ? { statusCallback: options.statusCallbackUrl } : {}),
        });
        return { providerMessageId: sent.sid, status: toMessageStatus(sent.status) };
      } catch (error) {
        throw toChannelError(message.channel, error);
      }
    },

    async listSent({ channel, to, since }): Promise<ProviderLogEntry[]> {
      try {
        const found = await messages().list({
          to: address(channel, to),
          dateSentAfter: new Date(since.getTime() - 1000),
          pageSize: 100,
        });
        // A queued message has no date_sent yet: the filter keeps it (Twilio lists it too). Only this
        // connection's own sender's messages: the account may have other numbers writing the same words.
        const sender =
          channel === 'whatsapp' ? senders.whatsappFrom && address('whatsapp', senders.whatsappFrom) : senders.smsFrom;
        const isOurs = (entry: { from: string | null; messagingServiceSid: string | null }) =>
          channel === 'sms' && senders.messagingServiceSid
            ? entry.messagingServiceSid === senders.messagingServiceSid
            : entry.from === sender;
        return found.filter(isOurs).map((entry) => ({
          providerMessageId: entry.sid,
          to,
          body: entry.body ?? '',
          sentAt: entry.dateSent ?? entry.dateCreated,
          status: toMessageStatus(entry.status),
        }));
      } catch (error) {
        throw toChannelError(channel, error);
      }
    },

    async verifyCredentials() {
      try {
        await client.api.v2010.accounts(options.credentials.accountSid).fetch();
      } catch (error) {
        // Network trouble (or Twilio's own) is not a wrong token: only Twilio's refusal is
        // SMS_AUTH_FAILED, which marks the connection as needing attention.
        throw toChannelError('sms', error);
      }
    },
  };
}

/** X-Twilio-Signature check with the library's validator (the URL Twilio called, the form fields). */
export function isValidTwilioSignature(options: {
  authToken: string;
  signature: string | undefined;
  url: string;
  params: Record<string, string>;
}): boolean {
  if (!options.signature) return false;
  return twilio.validateRequest(options.authToken, options.signature, options.url, options.params);
}
