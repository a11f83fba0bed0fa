import { z } from 'zod';
import { ConnectionStatus } from './channels';

/**
 * Instagram and Facebook Page direct messages (docs/product/channels.md#instagram-and-messenger).
 * One connection answers one Page's Messenger inbox ('facebook-dms') or the Instagram
 * professional account linked to a Page ('instagram-dms').
 */
export const metaServiceTypes = ['instagram-dms', 'facebook-dms'] as const;
export const MetaServiceType = z.enum(metaServiceTypes);
export type MetaServiceType = z.infer<typeof MetaServiceType>;

/** The channel a conversation of each service type runs on. */
export const metaChannelOf = { 'instagram-dms': 'instagram', 'facebook-dms': 'messenger' } as const;

export const metaLimits = {
  name: 80,
  /** Meta's Send API takes at most 2000 characters of text per message; longer answers are split. */
  messageChars: 2000,
  /** The standard messaging window after a person's last message. */
  windowHours: 24,
  handoverMinutes: { min: 5, max: 7 * 24 * 60, default: 60 },
  appId: 40,
  secret: 200,
  token: 1000,
} as const;

export const MetaHandover = z.object({
  enabled: z.boolean(),
  /** How long the agent stays quiet in a thread after a team member answered from the Page inbox. */
  resumeAfterMinutes: z.number().int().min(metaLimits.handoverMinutes.min).max(metaLimits.handoverMinutes.max),
});
export type MetaHandover = z.infer<typeof MetaHandover>;

export const defaultMetaHandover: MetaHandover = {
  enabled: false,
  resumeAfterMinutes: metaLimits.handoverMinutes.default,
};

/** What the dashboard sees of a connection; tokens and secrets are never in it. */
export const MetaConnection = z.object({
  connectionId: z.string(),
  subaccountId: z.string(),
  serviceType: MetaServiceType,
  name: z.string(),
  agentId: z.string().nullable(),
  status: ConnectionStatus,
  /** 'test': no Meta app, the DM simulator stands in; 'meta': the agency's own Meta app. */
  mode: z.enum(['test', 'meta']),
  appId: z.string().nullable(),
  hasAppSecret: z.boolean(),
  page: z.object({ id: z.string(), name: z.string() }).nullable(),
  instagram: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** The address to paste as the Callback URL in the Meta app's Webhooks settings. */
  webhookUrl: z.string(),
  verifyToken: z.string(),
  handover: MetaHandover,
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type MetaConnection = z.infer<typeof MetaConnection>;

export const MetaConnectionsReply = z.object({ connections: z.array(MetaConnection) });

const trimmed = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const CreateMetaConnectionBody = z.object({
  serviceType: MetaServiceType,
  name: trimmed(metaLimits.name, 'Name').optional(),
  agentId: z.string().min(1).nullable().optional(),
});
export type CreateMetaConnectionBody = z.infer<typeof CreateMetaConnectionBody>;

export const UpdateMetaConnectionBody = z.object({
  name: trimmed(metaLimits.name, 'Name').optional(),
  agentId: z.string().min(1).nullable().optional(),
  handover: MetaHandover.optional(),
});
export type UpdateMetaConnectionBody = z.infer<typeof UpdateMetaConnectionBody>;

export const MetaAppBody = z.object({
  appId: z
    .string()
    .trim()
    .regex(/^\d{5,40}$/, 'App ID is the number shown at the top of your Meta app dashboard'),
  appSecret: trimmed(metaLimits.secret, 'App Secret'),
});
export type MetaAppBody = z.infer<typeof MetaAppBody>;

export const MetaPageTokenBody = z.object({ pageAccessToken: trimmed(metaLimits.token, 'Page access token') });
export type MetaPageTokenBody = z.infer<typeof MetaPageTokenBody>;

export const MetaOAuthStartReply = z.object({ url: z.string() });

/** A Page the signed-in Facebook user manages, offered after 'Continue with Facebook'. */
export const MetaPageChoice = z.object({
  id: z.string(),
  name: z.string(),
  instagram: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type MetaPageChoice = z.infer<typeof MetaPageChoice>;
export const MetaPageChoicesReply = z.object({ pages: z.array(MetaPageChoice) });

export const ChooseMetaPageBody = z.object({ pageId: z.string().min(1).max(64) });

/** The DM simulator (TEST MODE): one customer's thread with the connection. */
export const SimulatorMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'human', 'campaign']),
  content: z.string(),
  status: z.string(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export type SimulatorMessage = z.infer<typeof SimulatorMessage>;

export const SimulatorThreadReply = z.object({
  connection: z.object({ name: z.string(), serviceType: MetaServiceType, hasAgent: z.boolean() }),
  messages: z.array(SimulatorMessage),
});
export type SimulatorThreadReply = z.infer<typeof SimulatorThreadReply>;

export const SimulatorSendBody = z.object({
  /** The simulated customer's page-scoped id. */
  senderId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('test_customer'),
  text: z.string().trim().min(1, 'Message is required').max(metaLimits.messageChars).optional(),
  /** A button press (postback) instead of text. */
  postback: z.object({ title: z.string().max(200), payload: z.string().max(1000) }).optional(),
});
export type SimulatorSendBody = z.input<typeof SimulatorSendBody>;

/** A channel conversation listed in the dashboard. */
export const MetaConversation = z.object({
  conversationId: z.string(),
  connectionId: z.string(),
  channel: z.enum(['instagram', 'messenger']),
  contact: z.string(),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  totalMessages: z.number(),
  pausedUntil: z.string().nullable(),
});
export type MetaConversation = z.infer<typeof MetaConversation>;
export const MetaConversationsReply = z.object({ conversations: z.array(MetaConversation) });
