import { z } from 'zod';

/**
 * Where an agent is deployed. A connection has one service type; the SMS type carries both
 * SMS and WhatsApp senders of one Twilio account. 'website-block' is our own addition: the
 * inline chat shares the widget's runtime but is listed as its own kind of connection.
 */
export const serviceTypes = [
  'website-widget',
  'website-block',
  'instagram-dms',
  'facebook-dms',
  'sms',
  'custom',
  'custom-agent',
] as const;
export const ServiceType = z.enum(serviceTypes);
export type ServiceType = z.infer<typeof ServiceType>;

/**
 * A connection's state. `pending_connection`: created, setup not finished (no credentials or
 * no agent yet). `needs_attention`: it worked, then the provider refused its credentials
 * (expired or revoked token); a reconnect brings it back.
 */
export const connectionStatuses = ['active', 'inactive', 'pending', 'pending_connection', 'needs_attention'] as const;
export const ConnectionStatus = z.enum(connectionStatuses);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** The messaging channels a conversation runs on, besides the website widget and block. */
export const channelKinds = ['sms', 'whatsapp', 'instagram', 'messenger'] as const;
export const ChannelKind = z.enum(channelKinds);
export type ChannelKind = z.infer<typeof ChannelKind>;

/** Delivery state of one stored channel message (inbound ones are 'received'). */
export const channelMessageStatuses = ['received', 'queued', 'sent', 'delivered', 'read', 'failed'] as const;
export const ChannelMessageStatus = z.enum(channelMessageStatuses);
export type ChannelMessageStatus = z.infer<typeof ChannelMessageStatus>;
