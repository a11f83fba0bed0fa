import { z } from 'zod';
import { ConnectionStatus } from './channels';

/**
 * SMS and WhatsApp connections (docs/product/channels.md): one Twilio account per connection
 * (or the local TEST MODE), the agent that answers, the SMS area's appearance, and the
 * conversations those channels hold. Shared by the server and the web app.
 */

/** The SMS area's own header (sidebar skipped on /sms/ paths). */
export const SmsSettings = z.object({
  companyName: z.string(),
  logoUrl: z.string().nullable(),
  theme: z.enum(['dark', 'light']),
  primaryColor: z.string(),
});
export type SmsSettings = z.infer<typeof SmsSettings>;
export const DEFAULT_SMS_SETTINGS: SmsSettings = {
  companyName: 'SMS Dashboard',
  logoUrl: null,
  theme: 'light',
  primaryColor: '#276d64',
};
const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Primary colour must be a hex colour such as #276d64');
export const UpdateSmsSettingsBody = z
  .object({
    companyName: z.string().trim().min(1, 'Company name is required').max(80).optional(),
    logoUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === '' || /^https?:\/\//.test(value), 'Logo URL must start with http:// or https://')
      .nullable()
      .optional(),
    theme: z.enum(['dark', 'light']).optional(),
    primaryColor: HexColor.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');
export type UpdateSmsSettingsBody = z.infer<typeof UpdateSmsSettingsBody>;

const E164Input = z.string().trim().max(40);
const OptionalSid = (prefix: string, label: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^(${prefix}[0-9a-fA-F]{32})?$`), `${label} starts with ${prefix} followed by 32 characters`)
    .optional();

/** What a user types to connect Twilio; never sent back. */
export const TwilioCredentialsInput = z.object({
  accountSid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'Account SID starts with AC followed by 32 characters'),
  authToken: z.string().trim().min(8, 'Auth Token is required').max(200),
  apiKeySid: OptionalSid('SK', 'API Key SID'),
  apiKeySecret: z.string().trim().max(200).optional(),
});
export type TwilioCredentialsInput = z.infer<typeof TwilioCredentialsInput>;

export const SmsSendersInput = z.object({
  /** SMS number, any format libphonenumber reads; stored in E.164. */
  smsFrom: E164Input.optional(),
  messagingServiceSid: OptionalSid('MG', 'Messaging Service SID'),
  /** WhatsApp sender number; stored in E.164. */
  whatsappFrom: E164Input.optional(),
});

export const CreateSmsConnectionBody = SmsSendersInput.extend({
  name: z.string().trim().min(1, 'Name is required').max(80),
  agentId: z.string().min(1).nullable().optional(),
  /** Absent or null: TEST MODE. */
  credentials: TwilioCredentialsInput.nullable().optional(),
});
export type CreateSmsConnectionBody = z.infer<typeof CreateSmsConnectionBody>;

export const UpdateSmsConnectionBody = SmsSendersInput.extend({
  name: z.string().trim().min(1, 'Name is required').max(80).optional(),
  agentId: z.string().min(1).nullable().optional(),
  /** New credentials; null goes back to TEST MODE; absent keeps the stored ones. */
  credentials: TwilioCredentialsInput.nullable().optional(),
});
export type UpdateSmsConnectionBody = z.infer<typeof UpdateSmsConnectionBody>;

export const SmsConnection = z.object({
  id: z.string(),
  subaccountId: z.string(),
  name: z.string(),
  agentId: z.string().nullable(),
  status: ConnectionStatus,
  /** 'test': no Twilio credentials, messages stay on this machine (phone simulator). */
  mode: z.enum(['twilio', 'test']),
  /** The Account SID's last four characters; the token is never sent back. */
  accountSidHint: z.string().nullable(),
  usesApiKey: z.boolean(),
  smsFrom: z.string().nullable(),
  messagingServiceSid: z.string().nullable(),
  whatsappFrom: z.string().nullable(),
  /** Where to point the Twilio number's "A message comes in" and status callback. */
  webhookUrls: z.object({ inbound: z.string(), status: z.string() }),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsConnection = z.infer<typeof SmsConnection>;
export const SmsConnectionsReply = z.object({ connections: z.array(SmsConnection) });
export const TestSmsConnectionReply = z.object({ ok: z.literal(true), mode: z.enum(['twilio', 'test']) });

export const ChannelConversationSummary = z.object({
  id: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  contactAddress: z.string(),
  contactName: z.string().nullable(),
  optedOut: z.boolean(),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  totalMessages: z.number().int(),
  unreadCount: z.number().int(),
  status: z.enum(['live', 'closed']),
});
export type ChannelConversationSummary = z.infer<typeof ChannelConversationSummary>;
export const ChannelConversationsReply = z.object({ conversations: z.array(ChannelConversationSummary) });

export const ChannelTranscriptMessage = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  role: z.enum(['user', 'assistant', 'human', 'campaign']),
  content: z.string(),
  status: z.enum(['received', 'queued', 'sent', 'delivered', 'read', 'failed']),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export const ChannelTranscript = z.object({
  conversation: ChannelConversationSummary,
  messages: z.array(ChannelTranscriptMessage),
});
export type ChannelTranscript = z.infer<typeof ChannelTranscript>;

/** The phone simulator (TEST MODE, loopback only). */
export const DevPhoneSendBody = z.object({
  connectionId: z.string().min(1),
  channel: z.enum(['sms', 'whatsapp']),
  from: z.string().trim().min(1).max(40),
  body: z.string().min(1, 'Message is required').max(1600),
});
export const DevPhoneMessage = z.object({
  id: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  direction: z.enum(['inbound', 'outbound']),
  phoneNumber: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type DevPhoneMessage = z.infer<typeof DevPhoneMessage>;
export const DevPhoneReply = z.object({
  connections: z.array(z.object({ id: z.string(), name: z.string(), smsFrom: z.string().nullable() })),
  messages: z.array(DevPhoneMessage),
});
export type DevPhoneReply = z.infer<typeof DevPhoneReply>;
