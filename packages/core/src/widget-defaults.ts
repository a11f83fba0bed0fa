import { DEFAULT_AI_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agent-defaults';
import type { WidgetSettings } from './widget';

/**
 * The widget's limits and defaults, in a module without schemas: pages that only show a widget
 * (the shared demo page) read them without loading zod. widget.ts re-exports them; a test keeps
 * `defaultWidgetSettings` equal to what the settings schema makes of an empty object.
 */

export const DEFAULT_WIDGET_THEME_COLOR = '#276d64';

/** docs/product/widget.md#settings, limits. */
export const widgetLimits = {
  width: { min: 300, max: 600, default: 400 },
  height: { min: 300, max: 700, default: 700, cap: 800 },
  popupDelaySeconds: { min: 1, max: 500 },
  logoWidth: { min: 50, max: 300, default: 100 },
  logoScale: { min: 0.5, max: 3, step: 0.1 },
  logoPosition: { min: -50, max: 150 },
  dailyLimit: { min: 1, max: 100_000, default: 200 },
  suggestedResponses: { max: 10, length: 200 },
  allowedDomains: { max: 50 },
  /** Visitor chat caps (server-enforced). */
  messageLength: 4000,
  historyMessages: 50,
  historyChars: 32_000,
  sessionMs: 3_600_000,
  sessionCheckMs: 60_000,
  savedConversations: 10,
  mobileBreakpoint: 1024,
  resizeAnimationMs: 220,
  /** The website block (docs/product/widget.md#website-block): its tallest size, border and corners. */
  blockHeight: { min: 300, max: 1000, default: 560 },
  blockBorderWidth: { min: 0, max: 8, default: 1 },
  blockCornerRadius: { min: 0, max: 32, default: 16 },
} as const;

/** Every documented default in one object. */
export const defaultWidgetSettings: WidgetSettings = {
  template: 'professional',
  theme: 'dark',
  themeColor: DEFAULT_WIDGET_THEME_COLOR,
  showFirstMessage: true,
  firstMessage: DEFAULT_FIRST_MESSAGE,
  logoUrl: '',
  logoWidth: 100,
  dailyLimit: 200,
  widgetTitle: 'Chat Widget',
  minimizedSize: 'large',
  minimizedSizePixels: 64,
  placement: 'bottom-right',
  chatBubble: {
    enabled: true,
    message: 'Hi there! Need any help?',
    delaySeconds: 0,
  },
  inputPlaceholder: 'Type your message...',
  typingIndicator: 'typing...',
  width: 400,
  height: 700,
  logoCropPosition: {
    x: 50,
    y: 50,
  },
  logoScale: 1,
  useLogoForAvatar: false,
  useLogoForMinimizedWidget: false,
  widgetLogoCropPosition: {
    x: 50,
    y: 50,
  },
  widgetLogoScale: 1,
  avatarLogoCropPosition: {
    x: 50,
    y: 50,
  },
  avatarLogoScale: 1,
  avatarLogoUrl: '',
  widgetLogoUrl: '',
  showAdditionalLogos: false,
  suggestedResponses: [...DEFAULT_SUGGESTED_RESPONSES],
  aiName: DEFAULT_AI_NAME,
  language: 'en',
  newConversationText: 'New Conversation',
  previousConversationsText: 'Previous Conversations',
  responsive: true,
  allowedDomains: [],
  block: {
    height: 560,
    fillContainer: false,
    borderWidth: 1,
    cornerRadius: 16,
  },
};
