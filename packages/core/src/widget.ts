import { z } from 'zod';
import { DEFAULT_AI_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agent-defaults';
import { DEFAULT_WIDGET_THEME_COLOR, widgetLimits } from './widget-defaults';

/**
 * The website chat widget's shared contract (docs/product/widget.md#settings, Widget settings, docs/product/widget.md#settings, docs/product/widget.md#routes):
 * the settings a creator designs, the connection that holds them, and the visitor chat calls.
 * The server, the designer (apps/web) and the iframe app (apps/widget) all read these.
 */

/** docs/product/widget.md#settings: the 16 supported languages. */
export const widgetLanguageCodes = [
  'en',
  'es',
  'fr',
  'de',
  'pt',
  'it',
  'zh',
  'ja',
  'ar',
  'hi',
  'ru',
  'ko',
  'nl',
  'tr',
  'pl',
  'da',
] as const;
export const WidgetLanguage = z.enum(widgetLanguageCodes);
export type WidgetLanguage = z.infer<typeof WidgetLanguage>;

/** docs/product/widget.md#settings: the ten theme colours, teal first (the default). */
export const widgetThemeColors = [
  { name: 'teal', hex: '#276d64' },
  { name: 'blue', hex: '#2563eb' },
  { name: 'purple', hex: '#7c3aed' },
  { name: 'pink', hex: '#db2777' },
  { name: 'red', hex: '#dc2626' },
  { name: 'orange', hex: '#ea580c' },
  { name: 'amber', hex: '#d97706' },
  { name: 'green', hex: '#16a34a' },
  { name: 'slate', hex: '#475569' },
  { name: 'indigo', hex: '#4f46e5' },
] as const;
export { DEFAULT_WIDGET_THEME_COLOR, defaultWidgetSettings, widgetLimits } from './widget-defaults';

export const WidgetPlacement = z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']);
export type WidgetPlacement = z.infer<typeof WidgetPlacement>;
export const WidgetTemplate = z.enum(['professional', 'legacy']);
export type WidgetTemplate = z.infer<typeof WidgetTemplate>;
export const MinimizedSize = z.enum(['small', 'medium', 'large']);
export type MinimizedSize = z.infer<typeof MinimizedSize>;

const Percent = z.number().min(widgetLimits.logoPosition.min).max(widgetLimits.logoPosition.max);
export const CropPosition = z.object({ x: Percent, y: Percent });
export type CropPosition = z.infer<typeof CropPosition>;
const LogoScale = z.number().min(widgetLimits.logoScale.min).max(widgetLimits.logoScale.max);
const ImageUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Invalid image URL. Please enter a valid image URL.' }).max(2000),
]);
/** A domain (with optional port, optional leading '*.') the widget may be embedded on. */
const AllowedDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/, {
    error: 'Enter a domain such as example.com or *.example.com',
  });

/**
 * The website block's own look (ignored by the floating widget): it grows with the conversation up
 * to `height`, or fills the element the page gives it.
 */
export const BlockSettings = z.object({
  height: z
    .number()
    .int()
    .min(widgetLimits.blockHeight.min)
    .max(widgetLimits.blockHeight.max)
    .default(widgetLimits.blockHeight.default),
  fillContainer: z.boolean().default(false),
  borderWidth: z
    .number()
    .int()
    .min(widgetLimits.blockBorderWidth.min)
    .max(widgetLimits.blockBorderWidth.max)
    .default(widgetLimits.blockBorderWidth.default),
  cornerRadius: z
    .number()
    .int()
    .min(widgetLimits.blockCornerRadius.min)
    .max(widgetLimits.blockCornerRadius.max)
    .default(widgetLimits.blockCornerRadius.default),
});
export type BlockSettings = z.infer<typeof BlockSettings>;

/** docs/product/widget.md#settings, Widget settings, with their documented defaults. */
export const WidgetSettings = z.object({
  template: WidgetTemplate.default('professional'),
  theme: z.enum(['dark', 'light']).default('dark'),
  themeColor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .default(DEFAULT_WIDGET_THEME_COLOR),
  showFirstMessage: z.boolean().default(true),
  firstMessage: z.string().max(2000).default(DEFAULT_FIRST_MESSAGE),
  logoUrl: ImageUrl.default(''),
  logoWidth: z
    .number()
    .int()
    .min(widgetLimits.logoWidth.min)
    .max(widgetLimits.logoWidth.max)
    .default(widgetLimits.logoWidth.default),
  dailyLimit: z
    .number()
    .int()
    .min(widgetLimits.dailyLimit.min)
    .max(widgetLimits.dailyLimit.max)
    .default(widgetLimits.dailyLimit.default),
  widgetTitle: z.string().trim().max(80).default('Chat Widget'),
  minimizedSize: MinimizedSize.default('large'),
  minimizedSizePixels: z.number().int().min(40).max(120).default(64),
  placement: WidgetPlacement.default('bottom-right'),
  chatBubble: z
    .object({
      enabled: z.boolean().default(true),
      message: z.string().max(200).default('Hi there! Need any help?'),
      delaySeconds: z.number().int().min(0).max(widgetLimits.popupDelaySeconds.max).default(0),
    })
    .prefault({}),
  inputPlaceholder: z.string().max(120).default('Type your message...'),
  typingIndicator: z.string().max(60).default('typing...'),
  width: z.number().int().min(widgetLimits.width.min).max(widgetLimits.width.max).default(widgetLimits.width.default),
  height: z
    .number()
    .int()
    .min(widgetLimits.height.min)
    .max(widgetLimits.height.max)
    .default(widgetLimits.height.default),
  logoCropPosition: CropPosition.default({ x: 50, y: 50 }),
  logoScale: LogoScale.default(1),
  useLogoForAvatar: z.boolean().default(false),
  useLogoForMinimizedWidget: z.boolean().default(false),
  widgetLogoCropPosition: CropPosition.default({ x: 50, y: 50 }),
  widgetLogoScale: LogoScale.default(1),
  avatarLogoCropPosition: CropPosition.default({ x: 50, y: 50 }),
  avatarLogoScale: LogoScale.default(1),
  avatarLogoUrl: ImageUrl.default(''),
  widgetLogoUrl: ImageUrl.default(''),
  showAdditionalLogos: z.boolean().default(false),
  suggestedResponses: z
    .array(z.string().trim().min(1).max(widgetLimits.suggestedResponses.length))
    .max(widgetLimits.suggestedResponses.max)
    .default([...DEFAULT_SUGGESTED_RESPONSES]),
  aiName: z.string().trim().max(80).default(DEFAULT_AI_NAME),
  language: WidgetLanguage.default('en'),
  newConversationText: z.string().max(60).default('New Conversation'),
  previousConversationsText: z.string().max(60).default('Previous Conversations'),
  responsive: z.boolean().default(true),
  /** Where the widget may be framed; empty = anywhere. Enforced by the server (frame-ancestors + Origin check). */
  allowedDomains: z.array(AllowedDomain).max(widgetLimits.allowedDomains.max).default([]),
  /** Only read when the connection is a website block. */
  block: BlockSettings.prefault({}),
});
export type WidgetSettings = z.infer<typeof WidgetSettings>;
export type WidgetSettingsInput = z.input<typeof WidgetSettings>;

/**
 * What a widget connection is: the floating website widget or the inline website block. Both
 * share settings, the visitor API, limits and conversations; the plan limit counts each type.
 */
export const ConnectionType = z.enum(['website-widget', 'website-block']);
export type ConnectionType = z.infer<typeof ConnectionType>;

/** docs/product/widget.md#settings, Widget connection (dashboard). One per website widget or block; belongs to a sub account. */
export const WidgetConnection = z.object({
  connectionId: z.string(),
  type: ConnectionType,
  widgetId: z.string(),
  subaccountId: z.string(),
  /** The agent answering; null until one is chosen. */
  buildId: z.string().nullable(),
  template: WidgetTemplate,
  settings: WidgetSettings,
  /** Settings last deployed (what the loader and iframe serve); a difference means 'Redeploy Required'. */
  deployedAt: z.string().nullable(),
  needsRedeploy: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WidgetConnection = z.infer<typeof WidgetConnection>;

/** PUT /api/connections/:id: the whole settings object (validated with the defaults). */
export const UpdateConnectionBody = z.object({ settings: WidgetSettings, deploy: z.boolean().optional() });
export type UpdateConnectionBody = z.infer<typeof UpdateConnectionBody>;
/** PUT /api/connections/:id/update-build. */
export const UpdateConnectionBuildBody = z.object({ buildId: z.string().min(1) });
export type UpdateConnectionBuildBody = z.infer<typeof UpdateConnectionBuildBody>;

/** What GET /api/widget/:id/settings answers to the iframe app and the loader (public, no secrets). */
export const PublicWidgetSettings = WidgetSettings.omit({ dailyLimit: true, allowedDomains: true }).extend({
  widgetId: z.string(),
  /** False when no agent is chosen yet: the widget shows but cannot answer. */
  hasBuild: z.boolean(),
  /** A website block: always open inline, no launcher or bubble. */
  isBlock: z.boolean().optional(),
});
export type PublicWidgetSettings = z.infer<typeof PublicWidgetSettings>;

export const WidgetHistoryEntry = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type WidgetHistoryEntry = z.infer<typeof WidgetHistoryEntry>;

/** docs/product/widget.md#routes, POST /api/widget/:id/chat. */
export const WidgetChatBody = z.object({
  message: z
    .string()
    .trim()
    .min(1, { error: 'Message is required' })
    .max(widgetLimits.messageLength, { error: `Message must be at most ${widgetLimits.messageLength} characters` }),
  threadId: z.string().max(100).nullish(),
  widgetConversationThreadId: z.string().max(100).nullish(),
  contactIdentifier: z.string().trim().min(1).max(100).nullish(),
  /** The visitor's own name and e-mail, from AIChatWidget.identify(). */
  contact: z
    .object({
      id: z.string().max(100).optional(),
      name: z.string().max(120).optional(),
      email: z.string().max(200).optional(),
    })
    .optional(),
  history: z
    .array(WidgetHistoryEntry)
    .max(widgetLimits.historyMessages, { error: `History must be at most ${widgetLimits.historyMessages} messages` })
    .optional(),
});
export type WidgetChatBody = z.infer<typeof WidgetChatBody>;

export const WidgetChatReply = z.object({
  message: z.string(),
  threadId: z.string(),
  widgetConversationThreadId: z.string(),
  /** Set when this message started the conversation. */
  newWidgetConversationThreadId: z.string().optional(),
  contactIdentifier: z.string(),
});
export type WidgetChatReply = z.infer<typeof WidgetChatReply>;

/**
 * The streaming variant (POST /api/widget/:id/chat?stream=1, text/event-stream): `data:` lines
 * of these events, ending with 'done' or 'error'.
 */
export const WidgetChatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), reply: WidgetChatReply }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type WidgetChatStreamEvent = z.infer<typeof WidgetChatStreamEvent>;

/** docs/product/widget.md#conversations-dashboard-connectiddashboard, Live conversation entry. */
export const LiveConversation = z.object({
  threadId: z.string(),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  totalMessages: z.number().int(),
  customerNumber: z.number().int(),
  /** The identified visitor's name, or null ('Anonymous'). */
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  unreadCount: z.number().int(),
  status: z.enum(['live', 'closed']),
});
export type LiveConversation = z.infer<typeof LiveConversation>;
export const LiveConversationsReply = z.object({ conversations: z.array(LiveConversation) });

export const ConversationTranscript = z.object({
  conversation: LiveConversation,
  messages: z.array(
    z.object({ id: z.string(), role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string() }),
  ),
});
export type ConversationTranscript = z.infer<typeof ConversationTranscript>;

export type ResizeWidgetMessage = {
  type: 'resize-widget';
  width: number;
  height: number;
  isExpanded: boolean;
  isMinimized: boolean;
  isOpen: boolean;
  hasBubble: boolean;
  animationDuration: number;
};

export const ListConnectionsReply = z.object({ connections: z.array(WidgetConnection) });
/** POST /api/subaccounts/:subaccountId/connections (the plan's connections_per_type limit applies). */
export const CreateConnectionBody = z.object({ type: ConnectionType, buildId: z.string().min(1).optional() });
export type CreateConnectionBody = z.infer<typeof CreateConnectionBody>;

// ---------------------------------------------------------------------------------------------
// Server routes of the widget (params, queries) and what the runtime pages carry.

export const ConnectionParams = z.object({ connectionId: z.string().min(1).max(100) });
export const ConnectionConversationParams = ConnectionParams.extend({ threadId: z.string().min(1).max(100) });
export const ListConnectionsQuery = z.object({ type: ConnectionType.optional() });
export const WidgetParams = z.object({ widgetId: z.string().min(1).max(100) });
/** `?stream=1` (or `Accept: text/event-stream`) asks POST /api/widget/:id/chat for server-sent events. */
export const WidgetChatQuery = z.object({ stream: z.enum(['1', '0', 'true', 'false']).optional() });
export const VisitorConversationsQuery = z.object({ contactIdentifier: z.string().trim().max(100).optional() });
/** GET /api/widget/:widgetId/conversations/:threadId?contactIdentifier=: one of the visitor's own conversations. */
export const VisitorConversationParams = WidgetParams.extend({ threadId: z.string().min(1).max(100) });
export const VisitorTranscriptQuery = z.object({ contactIdentifier: z.string().trim().min(1).max(100) });

/** The id of the `<script type="application/json">` element of GET /widget/:widgetId holding WidgetPageConfig. */
export const WIDGET_PAGE_CONFIG_ELEMENT_ID = 'agentry-widget-config';
/** What the iframe page embeds: the deployed public settings and where the API is ('' = same origin). */
export const WidgetPageConfig = PublicWidgetSettings.extend({ apiBase: z.string() });
export type WidgetPageConfig = z.infer<typeof WidgetPageConfig>;

/** The exact string (quotes included) of dist/loader.js the server replaces by WidgetLoaderConfig JSON. */
export const WIDGET_LOADER_PLACEHOLDER = '"__AGENTRY_WIDGET_CONFIG__"';
/** What GET /widget/:widgetId/widget.js (and widget-professional.js) bakes into the loader. */
export const WidgetLoaderConfig = z.object({
  widgetId: z.string(),
  /** The product's origin: where the iframe comes from and the only origin the loader talks to. */
  origin: z.string(),
  template: WidgetTemplate,
  placement: WidgetPlacement,
  minimizedSizePixels: z.number().int(),
  /**
   * The popup bubble shows at once (enabled, no delay): only what sizes the first box. The
   * bubble's text and delay and every look come with the iframe (2 KB budget).
   */
  bubbleAtOnce: z.boolean(),
  /**
   * The widget's allowedDomains as one regular expression over the page's `location.host` (''
   * = anywhere): the loader draws no frame on a page the iframe page's frame-ancestors would
   * refuse, instead of a broken box.
   */
  allowedHosts: z.string(),
});
export type WidgetLoaderConfig = z.infer<typeof WidgetLoaderConfig>;

/** The attribute of the element a website block fills: `<div data-agentry-block="<widgetId>"></div>`. */
export const BLOCK_ELEMENT_ATTRIBUTE = 'data-agentry-block';
/** What GET /widget/:widgetId/block.js bakes into the block loader (same placeholder string). */
export const BlockLoaderConfig = z.object({
  widgetId: z.string(),
  origin: z.string(),
  /** Fill the element's height instead of growing with the conversation. */
  fillContainer: z.boolean(),
  /** The block's first height in px, before the app measures itself. */
  height: z.number().int(),
});
export type BlockLoaderConfig = z.infer<typeof BlockLoaderConfig>;

/**
 * Optional request header the iframe app sends with the page's parent origin (from
 * `document.referrer` / `location.ancestorOrigins`); checked against allowedDomains as defence
 * in depth. `frame-ancestors` on the iframe page is the real guard.
 */
export const WIDGET_PARENT_ORIGIN_HEADER = 'x-widget-parent-origin';
