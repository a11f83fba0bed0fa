import type { DemoSettings } from '@agentry/core/demos';
import { defaultWidgetSettings, widgetLimits } from '@agentry/core/widget-defaults';
import type { WidgetSettings } from '@agentry/core/widget';
import { parseBubbleDelaySeconds } from './demo-chat-rules';

/** docs/product/demos.md#settings: phones up to 640 px wide show the demo widget at most 340 wide (screen minus 40) and 360 high. */
const PHONE_MAX_WIDTH = 640;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const expandHex = (hex: string) =>
  /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;

/**
 * The website demo shows the real widget: its settings from the demo's (docs/product/demos.md#settings, Demo settings
 * onto Widget settings). `viewportWidth` decides the phone size.
 */
export function toWidgetSettings(settings: DemoSettings, viewportWidth: number): WidgetSettings {
  const isPhone = viewportWidth <= PHONE_MAX_WIDTH;
  const width = isPhone ? Math.min(340, viewportWidth - 40) : settings.embedSettings.width;
  const height = isPhone ? 360 : settings.embedSettings.height;
  const hasLogo = settings.logoUrl.trim() !== '';
  return {
    ...defaultWidgetSettings,
    template: settings.widgetTemplate,
    theme: settings.theme,
    themeColor: expandHex(settings.themeColor),
    widgetTitle: settings.widgetTitle,
    aiName: settings.websiteAssistantName,
    showFirstMessage: settings.showWelcomeMessage,
    firstMessage: settings.welcomeMessage,
    inputPlaceholder: settings.placeholder,
    logoUrl: settings.logoUrl,
    logoWidth: settings.logoWidth,
    logoCropPosition: settings.logoCropPosition,
    logoScale: settings.logoScale,
    widgetLogoUrl: settings.logoUrl,
    widgetLogoCropPosition: settings.logoCropPosition,
    widgetLogoScale: settings.logoScale,
    avatarLogoUrl: settings.logoUrl,
    avatarLogoCropPosition: settings.avatarCropPosition,
    avatarLogoScale: settings.avatarScale,
    useLogoForAvatar: hasLogo,
    suggestedResponses: settings.suggestedResponses,
    chatBubble: {
      enabled: settings.chatBubble.enabled,
      message: settings.chatBubble.message,
      delaySeconds: Math.round(
        clamp(parseBubbleDelaySeconds(settings.chatBubble.delaySeconds), 0, widgetLimits.popupDelaySeconds.max),
      ),
    },
    placement: settings.platformSettings.position,
    // docs/product/demos.md#settings: the demo launcher is 56 px.
    minimizedSize: 'medium',
    minimizedSizePixels: 56,
    width: clamp(width, Math.min(widgetLimits.width.min, width), widgetLimits.width.max),
    height: clamp(height, widgetLimits.height.min, widgetLimits.height.max),
    responsive: settings.embedSettings.responsive,
  };
}

/** docs/product/demos.md#looks-demo-types: the website demo starts open when autoOpen says so, else when a welcome message shows. */
export function isWidgetInitiallyOpen(settings: DemoSettings): boolean {
  return settings.platformSettings.autoOpen ?? settings.showWelcomeMessage;
}
