import type { DemoSettings } from '@agentry/core/demos';
import { readableTextColor } from './readable-text-color';

/** Colours and header metrics of a demo look, from its settings. */
export function resolveDemoLook(settings: DemoSettings) {
  const isDark = settings.theme === 'dark';
  const { platformSettings } = settings;
  const headerHeight = platformSettings.customHeaderSize ? platformSettings.headerHeight : 60;
  const headerPadding = platformSettings.customHeaderSize ? platformSettings.headerPadding : 16;
  // The header logo: 36 px, scaled by the logo size (percent) and the logo width (100 = standard), inside the header.
  const logoSize = Math.max(
    16,
    Math.min(headerHeight - 8, Math.round((36 * platformSettings.logoSize * settings.logoWidth) / 100 / 100)),
  );
  return {
    isDark,
    accent: settings.themeColor,
    onAccent: readableTextColor(settings.themeColor),
    surface: isDark ? '#1f232b' : '#ffffff',
    surfaceText: isDark ? '#f1f5f9' : '#0f172a',
    mutedText: isDark ? '#94a3b8' : '#64748b',
    botBubble: isDark ? '#2b303a' : '#f1f5f9',
    border: isDark ? 'rgba(255,255,255,0.08)' : 'rgba(15,23,42,0.08)',
    headerHeight,
    headerPadding,
    logoSize,
  };
}

export type DemoLook = ReturnType<typeof resolveDemoLook>;
