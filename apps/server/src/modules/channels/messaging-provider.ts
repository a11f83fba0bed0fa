import type { ChannelMessageStatus } from '@agentry/core/channels';

/**
 * How SMS and WhatsApp messages leave the product: Twilio (the agency's own account, through
 * the official `twilio` package) or the local TEST MODE provider behind the same interface.
 * Campaigns and agent replies only ever talk to this.
 */
export type OutboundMessage = {
  channel: 'sms' | 'whatsapp';
  /** E.164 number of the contact. */
  to: string;
  /** Free text (agent replies, SMS campaigns). */
  body?: string;
  /** An approved WhatsApp template (Twilio Content SID) and its variables, for sends outside the 24-hour window. */
  contentSid?: string;
  contentVariables?: Record<string, string>;
};

export type SentMessage = {
  providerMessageId: string;
  status: ChannelMessageStatus;
};

/** One message in the provider's own log, used to reconcile a send interrupted by a crash. */
export type ProviderLogEntry = {
  providerMessageId: string;
  to: string;
  body: string;
  sentAt: Date;
  status: ChannelMessageStatus;
};

export type MessagingProvider = {
  readonly mode: 'twilio' | 'test';
  /** Throws an AppError with SMS_SEND_FAILED / SMS_INVALID_NUMBER / WHATSAPP_* codes on refusal. */
  send(message: OutboundMessage): Promise<SentMessage>;
  /** Messages sent to `to` since `since` (Twilio lists messages by recipient and date). */
  listSent(options: { channel: 'sms' | 'whatsapp'; to: string; since: Date }): Promise<ProviderLogEntry[]>;
  /** Checks the credentials; throws SMS_AUTH_FAILED when the provider refuses them. */
  verifyCredentials(): Promise<void>;
};
