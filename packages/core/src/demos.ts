import { z } from 'zod';
import { DEFAULT_AI_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agent-defaults';
import { DEMO_DARK_BACKGROUND, demoLimits } from './demo-rules';
import { DEFAULT_WIDGET_THEME_COLOR } from './widget-defaults';

/**
 * Demos (docs/product/demos.md: looks and demo types, settings, chatting, routes, texts): what a creator
 * configures, what anonymous visitors of /shared/:demoId read,
 * and the demo chat calls. The server (modules/demos) and the demo pages (apps/web) read these.
 */

export const demoTypes = ['website', 'sms', 'facebook', 'instagram', 'standard'] as const;
export const DemoType = z.enum(demoTypes);
export type DemoType = z.infer<typeof DemoType>;

export {
  demoLimits,
  DEMO_DARK_BACKGROUND,
  demoMessages,
  demoStatusTexts,
  DEMO_FAKE_CLOCK,
  toDemoHistory,
} from './demo-rules';

export const DemoCorner = z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']);
export type DemoCorner = z.infer<typeof DemoCorner>;
export const DemoWidgetTemplate = z.enum(['professional', 'legacy']);
export type DemoWidgetTemplate = z.infer<typeof DemoWidgetTemplate>;

const Percent = z.number().min(demoLimits.logoPosition.min).max(demoLimits.logoPosition.max);
export const DemoCropPosition = z.object({ x: Percent, y: Percent });
export type DemoCropPosition = z.infer<typeof DemoCropPosition>;
const Scale = z.number().min(demoLimits.logoScale.min).max(demoLimits.logoScale.max);
const HexColor = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, { error: 'Enter a colour such as #1a1d23' });
/** '' or an optional colour. */
const OptionalHexColor = z.union([z.literal(''), HexColor]);
const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://' })
  .max(2000);
const ImageUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Invalid image URL. Please enter a valid image URL.' }).max(2000),
]);
const ShortText = (max: number) => z.string().max(max);

/** docs/product/demos.md#settings: 'Embed size strings accept a plain number or a number followed by px, else the default applies.' */
export function parseEmbedSize(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value);
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value);
    if (match?.[1]) return Math.round(Number(match[1]));
  }
  return fallback;
}

/** A codec (not a preprocess) so replies can be encoded too: '500px' and 500 both decode to 500. */
const EmbedSize = (fallback: number, range: { min: number; max: number }) =>
  z
    .codec(z.union([z.number(), z.string().max(20)]), z.number().int().min(range.min).max(range.max), {
      decode: (value) => parseEmbedSize(value, fallback),
      encode: (value) => value,
    })
    .catch(fallback);

/** docs/product/demos.md#settings, Demo settings, with their documented defaults. */
export const DemoSettings = z.object({
  assistantName: ShortText(80).default(DEFAULT_AI_NAME),
  widgetTitle: ShortText(80).default('Chat Widget'),
  websiteAssistantName: ShortText(80).default(DEFAULT_AI_NAME),
  socialContactName: ShortText(80).default(DEFAULT_AI_NAME),
  showWelcomeMessage: z.boolean().default(true),
  welcomeMessage: ShortText(2000).default(DEFAULT_FIRST_MESSAGE),
  theme: z.enum(['dark', 'light']).default('dark'),
  themeColor: HexColor.default(DEFAULT_WIDGET_THEME_COLOR),
  placeholder: ShortText(120).default('Type your message...'),
  logoUrl: ImageUrl.default(''),
  logoWidth: z
    .number()
    .int()
    .min(demoLimits.logoWidth.min)
    .max(demoLimits.logoWidth.max)
    .default(demoLimits.logoWidth.default),
  logoCropPosition: DemoCropPosition.default({ x: 50, y: 50 }),
  logoScale: Scale.default(1),
  avatarCropPosition: DemoCropPosition.default({ x: 50, y: 50 }),
  avatarScale: Scale.default(1),
  suggestedResponses: z
    .array(z.string().trim().min(1).max(200))
    .max(10)
    .default([...DEFAULT_SUGGESTED_RESPONSES]),
  chatBubble: z
    .object({
      enabled: z.boolean().default(true),
      message: ShortText(200).default('Hi there! Need any help?'),
      /** docs/product/demos.md#settings: falls back to 2 when not numeric. */
      delaySeconds: z
        .number()
        .min(demoLimits.chatBubbleDelaySeconds.min)
        .max(demoLimits.chatBubbleDelaySeconds.max)
        .catch(demoLimits.chatBubbleDelaySeconds.default)
        .default(demoLimits.chatBubbleDelaySeconds.default),
    })
    .prefault({}),
  widgetTemplate: DemoWidgetTemplate.default('professional'),
  /** The live site shown behind the website widget ('' = none). Advanced. */
  backgroundUrl: z.union([z.literal(''), HttpUrl]).default(''),
  embedSettings: z
    .object({
      responsive: z.boolean().default(true),
      width: EmbedSize(demoLimits.defaultWidth, demoLimits.width).default(demoLimits.defaultWidth),
      height: EmbedSize(demoLimits.defaultHeight, demoLimits.height).default(demoLimits.defaultHeight),
    })
    .prefault({}),
  platformSettings: z
    .object({
      position: DemoCorner.default('bottom-right'),
      /** docs/product/demos.md#looks-demo-types: the website widget starts open when true; unset falls back to showWelcomeMessage. */
      autoOpen: z.boolean().optional(),
      customHeaderSize: z.boolean().default(false),
      headerHeight: z
        .number()
        .int()
        .min(demoLimits.headerHeight.min)
        .max(demoLimits.headerHeight.max)
        .default(demoLimits.headerHeight.default),
      headerPadding: z
        .number()
        .int()
        .min(demoLimits.headerPadding.min)
        .max(demoLimits.headerPadding.max)
        .default(demoLimits.headerPadding.default),
      /** Percent. */
      logoSize: z
        .number()
        .int()
        .min(demoLimits.logoSize.min)
        .max(demoLimits.logoSize.max)
        .default(demoLimits.logoSize.default),
      /** '' = the type's default (demoStatusTexts). */
      statusText: ShortText(80).default(''),
      showShareButton: z.boolean().default(true),
    })
    .prefault({}),
  backgroundSettings: z
    .object({
      backgroundColor: HexColor.default(DEMO_DARK_BACKGROUND),
      showTitle: z.boolean().default(true),
      /** '' = the demo name. */
      customTitle: ShortText(120).default(''),
      titleSize: z
        .number()
        .int()
        .min(demoLimits.titleSize.min)
        .max(demoLimits.titleSize.max)
        .default(demoLimits.titleSize.default),
      titleColor: HexColor.default('#ffffff'),
      /** '' = derived from the theme. */
      headerBackgroundColor: OptionalHexColor.default(''),
      showRequestCounter: z.boolean().default(true),
      counterPosition: DemoCorner.default('bottom-right'),
    })
    .prefault({}),
  clientMessage: z
    .object({
      enabled: z.boolean().default(false),
      header: ShortText(120).default(''),
      body: ShortText(1000).default(''),
      position: z.enum(['left', 'right']).default('right'),
    })
    .prefault({}),
  /** Whitelabel: hide 'Powered by Agentry' on shared and embedded pages. */
  hideBranding: z.boolean().default(false),
});
export type DemoSettings = z.infer<typeof DemoSettings>;

/** Every documented default in one object. */
export const defaultDemoSettings: DemoSettings = DemoSettings.parse({});

/** The agent behind a demo, in the API's Demo.build shape (creators only). */
export const DemoBuild = z.object({
  buildId: z.string(),
  /** Same id as buildId, for callers that read assistantId. */
  assistantId: z.string(),
  aiName: z.string(),
  provider: z.string(),
  model: z.string(),
  /** True when the agent is OpenRouter-style (docs/product/demos.md#settings). */
  openrouterModel: z.boolean(),
  /** The sub account's provider key the agent uses (id only), or null. */
  apiKeyId: z.string().nullable(),
});
export type DemoBuild = z.infer<typeof DemoBuild>;

const IsoDateTime = z.iso.datetime({ offset: true });

/** docs/product/demos.md#settings, Demo, as creators see it. */
export const Demo = z.object({
  demoId: z.string(),
  subaccountId: z.string(),
  name: z.string(),
  type: DemoType,
  logoUrl: z.string(),
  avatarUrl: z.string(),
  logoWidth: z.number().int(),
  /** Null when the agent was deleted: the demo is kept but misconfigured. */
  buildId: z.string().nullable(),
  build: DemoBuild.nullable(),
  /** True when the agent is gone: visitors get 'Demo is missing configuration...'. */
  isMisconfigured: z.boolean(),
  requestCount: z.number().int(),
  requestLimit: z.number().int(),
  settings: DemoSettings,
  /** '/shared/{demoId}'. */
  sharePath: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Demo = z.infer<typeof Demo>;

export const SubaccountDemosParams = z.object({ subaccountId: z.string().min(1) });
export type SubaccountDemosParams = z.infer<typeof SubaccountDemosParams>;
export const DemoParams = z.object({ demoId: z.string().min(1).max(100) });
export type DemoParams = z.infer<typeof DemoParams>;

export const ListDemosReply = z.object({ demos: z.array(Demo) });
export type ListDemosReply = z.infer<typeof ListDemosReply>;

const DemoName = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(demoLimits.nameLength, { error: `Name must be at most ${demoLimits.nameLength} characters` });
const RequestLimit = z
  .number()
  .int()
  .min(1, { error: 'The request limit must be at least 1' })
  .max(demoLimits.maxRequestLimit, { error: `The request limit must be at most ${demoLimits.maxRequestLimit}` });

/** POST /api/subaccounts/:subaccountId/demos. The agent must belong to the sub account. */
export const CreateDemoBody = z.object({
  name: DemoName,
  type: DemoType,
  buildId: z.string().min(1, { error: 'Choose an agent' }),
  settings: DemoSettings.optional(),
  requestLimit: RequestLimit.optional(),
  /** Top-level logo fields are the source; the server mirrors logoUrl/logoWidth into settings. */
  logoUrl: ImageUrl.optional(),
  avatarUrl: ImageUrl.optional(),
  logoWidth: z.number().int().min(demoLimits.logoWidth.min).max(demoLimits.logoWidth.max).optional(),
});
export type CreateDemoBody = z.infer<typeof CreateDemoBody>;
export type CreateDemoInput = z.input<typeof CreateDemoBody>;

/**
 * PATCH /api/demos/:demoId. `settings` replaces the whole settings object (send what GET gave,
 * edited; missing keys take their defaults). `resetRequests: true` sets requestCount to 0.
 */
export const UpdateDemoBody = z.object({
  name: DemoName.optional(),
  type: DemoType.optional(),
  buildId: z.string().min(1).optional(),
  settings: DemoSettings.optional(),
  requestLimit: RequestLimit.optional(),
  logoUrl: ImageUrl.optional(),
  avatarUrl: ImageUrl.optional(),
  logoWidth: z.number().int().min(demoLimits.logoWidth.min).max(demoLimits.logoWidth.max).optional(),
  resetRequests: z.boolean().optional(),
});
export type UpdateDemoBody = z.infer<typeof UpdateDemoBody>;
export type UpdateDemoInput = z.input<typeof UpdateDemoBody>;

/** GET /api/shared-demos/:demoId: what anonymous visitors get (no secrets, no sub account). */
export const PublicDemo = z.object({
  demoId: z.string(),
  name: z.string(),
  type: DemoType,
  logoUrl: z.string(),
  avatarUrl: z.string(),
  logoWidth: z.number().int(),
  settings: DemoSettings,
  requestCount: z.number().int(),
  requestLimit: z.number().int(),
  /** False when the agent is gone: chatting answers 'Demo is missing configuration...'. */
  isConfigured: z.boolean(),
  /** The agent's display name, first message and suggested replies; null when it is gone. */
  agent: z
    .object({
      buildId: z.string(),
      aiName: z.string(),
      firstMessage: z.string(),
      suggestedResponses: z.array(z.string()),
      provider: z.string(),
      model: z.string(),
      openrouterModel: z.boolean(),
    })
    .nullable(),
});
export type PublicDemo = z.infer<typeof PublicDemo>;

/**
 * docs/product/demos.md#chatting: the most characters a client's history may carry into a new thread, all
 * entries together (`demoLimits.historyChars`, the same as the website widget's). Without it one answer, counted once against the demo's
 * request limit, could send the model 50 entries of 16,000 characters.
 */
export const DEMO_HISTORY_CHARS = demoLimits.historyChars;

/** docs/product/demos.md#settings: history sent to the server (welcome message excluded; empty contents dropped by the server too). */
export const DemoHistoryEntry = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(demoLimits.messageLength * 4),
});
export type DemoHistoryEntry = z.infer<typeof DemoHistoryEntry>;

const DemoMessage = z
  .string()
  .trim()
  .min(1, { error: 'Message is required' })
  .max(demoLimits.messageLength, { error: `Message must be at most ${demoLimits.messageLength} characters` });
const History = z
  .array(DemoHistoryEntry)
  .max(demoLimits.historyMessages, { error: `History must be at most ${demoLimits.historyMessages} messages` });
const ThreadId = z.string().max(100).nullish();

/** ?demoId= : the widget's custom API URL form (/api/demo-chat?demoId={demoId}). */
export const DemoChatQuery = z.object({ demoId: z.string().min(1).max(100).optional() });
export type DemoChatQuery = z.infer<typeof DemoChatQuery>;

/**
 * docs/product/demos.md#routes, POST /api/demo-chat (also the professional widget's form: widgetConversationThreadId,
 * contactIdentifier). demoId comes from the body or the ?demoId= query.
 */
export const DemoChatBody = z.object({
  message: DemoMessage,
  demoId: z.string().min(1).max(100).optional(),
  threadId: ThreadId,
  thread_id: ThreadId,
  widgetConversationThreadId: ThreadId,
  contactIdentifier: z.string().max(100).nullish(),
  history: History.optional(),
  messages: History.optional(),
  /** The sms path sends the agent id; it must be the demo's agent. */
  buildId: z.string().max(100).optional(),
});
export type DemoChatBody = z.infer<typeof DemoChatBody>;

/** Answer of /api/demo-chat and /api/openrouter/chat: every spelling the clients read. */
export const DemoChatReply = z.object({
  response: z.string(),
  message: z.string(),
  content: z.string(),
  threadId: z.string(),
  thread_id: z.string(),
  widgetConversationThreadId: z.string(),
  /** Set when this message started the thread (widget form). */
  newWidgetConversationThreadId: z.string().optional(),
  requestCount: z.number().int(),
  requestLimit: z.number().int(),
});
export type DemoChatReply = z.infer<typeof DemoChatReply>;

/**
 * docs/product/demos.md#routes, POST /api/openrouter/chat. An anonymous caller may not chat with any agent by its
 * id: demoId (body or ?demoId=) is required and build_id must be that demo's agent. provider and
 * model are accepted for compatibility; the agent's own configuration decides.
 */
export const OpenRouterChatBody = z.object({
  build_id: z.string().min(1).max(100),
  demoId: z.string().min(1).max(100).optional(),
  message: DemoMessage,
  provider: z.string().max(40).optional(),
  model: z.string().max(200).optional(),
  thread_id: ThreadId,
  threadId: ThreadId,
  messages: History.optional(),
  history: History.optional(),
  userTimezone: z.string().max(100).optional(),
});
export type OpenRouterChatBody = z.infer<typeof OpenRouterChatBody>;

/**
 * POST /api/check-embeddable. Signed-in creators may send any url (or a demoId); anonymous
 * callers only a demoId (its settings.backgroundUrl is checked) or exactly that demo's URL.
 */
export const CheckEmbeddableBody = z
  .object({
    url: HttpUrl.optional(),
    demoId: z.string().min(1).max(100).optional(),
  })
  .refine((body) => body.url !== undefined || body.demoId !== undefined, { error: 'Enter a web address' });
export type CheckEmbeddableBody = z.infer<typeof CheckEmbeddableBody>;

export const CheckEmbeddableReply = z.object({
  embeddable: z.boolean(),
  /** Why not (e.g. 'X-Frame-Options: DENY'), when embeddable is false. */
  reason: z.string().optional(),
});
export type CheckEmbeddableReply = z.infer<typeof CheckEmbeddableReply>;

// ---------------------------------------------------------------------------------------------
// Plan capabilities: which settings need demos.advanced or demos.whitelabel.

export type DemoCapability = 'advanced' | 'whitelabel';

type SettingsPath = { path: string; read: (settings: DemoSettings) => unknown };

/** Settings that need demos.advanced when set to anything but their default. */
export const advancedDemoSettings: readonly SettingsPath[] = [
  { path: 'backgroundUrl', read: (s) => s.backgroundUrl },
  { path: 'platformSettings.autoOpen', read: (s) => s.platformSettings.autoOpen },
  { path: 'platformSettings.customHeaderSize', read: (s) => s.platformSettings.customHeaderSize },
  { path: 'platformSettings.headerHeight', read: (s) => s.platformSettings.headerHeight },
  { path: 'platformSettings.headerPadding', read: (s) => s.platformSettings.headerPadding },
  { path: 'platformSettings.logoSize', read: (s) => s.platformSettings.logoSize },
  { path: 'platformSettings.statusText', read: (s) => s.platformSettings.statusText },
  { path: 'clientMessage.enabled', read: (s) => s.clientMessage.enabled },
  { path: 'clientMessage.header', read: (s) => s.clientMessage.header },
  { path: 'clientMessage.body', read: (s) => s.clientMessage.body },
  { path: 'clientMessage.position', read: (s) => s.clientMessage.position },
];

/** Settings that need demos.whitelabel when set to anything but their default. */
export const whitelabelDemoSettings: readonly SettingsPath[] = [
  { path: 'hideBranding', read: (s) => s.hideBranding },
  { path: 'backgroundSettings.backgroundColor', read: (s) => s.backgroundSettings.backgroundColor },
  { path: 'backgroundSettings.showTitle', read: (s) => s.backgroundSettings.showTitle },
  { path: 'backgroundSettings.customTitle', read: (s) => s.backgroundSettings.customTitle },
  { path: 'backgroundSettings.titleSize', read: (s) => s.backgroundSettings.titleSize },
  { path: 'backgroundSettings.titleColor', read: (s) => s.backgroundSettings.titleColor },
  { path: 'backgroundSettings.headerBackgroundColor', read: (s) => s.backgroundSettings.headerBackgroundColor },
];

/**
 * The gated settings a write changes to a non-default value. A value already stored (from a
 * richer plan) may stay; only new or changed gated values need the capability. A request limit
 * above 100 is advanced the same way.
 */
export function listGatedDemoChanges(options: {
  before: { settings: DemoSettings; requestLimit: number } | null;
  after: { settings: DemoSettings; requestLimit: number };
}): { advanced: string[]; whitelabel: string[] } {
  const changed = (entries: readonly SettingsPath[]) =>
    entries
      .filter((entry) => {
        const next = entry.read(options.after.settings);
        if (isSameValue(next, entry.read(defaultDemoSettings))) return false;
        return options.before === null || !isSameValue(next, entry.read(options.before.settings));
      })
      .map((entry) => entry.path);
  const advanced = changed(advancedDemoSettings);
  const limit = options.after.requestLimit;
  if (limit > demoLimits.basicMaxRequestLimit && (options.before === null || limit !== options.before.requestLimit))
    advanced.push('requestLimit');
  return { advanced, whitelabel: changed(whitelabelDemoSettings) };
}

function isSameValue(left: unknown, right: unknown): boolean {
  if (typeof left === 'string' && typeof right === 'string') return left.toLowerCase() === right.toLowerCase();
  return left === right;
}

/** docs/product/demos.md#looks-demo-types: the shared link of a demo. */
export function getDemoSharePath(demoId: string): string {
  return `/shared/${encodeURIComponent(demoId)}`;
}
