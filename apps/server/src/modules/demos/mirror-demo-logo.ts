import type { DemoSettings } from '@agentry/core/demos';

/**
 * Demo.logoUrl / logoWidth and settings.logoUrl / logoWidth are the same thing in the product:
 * the top-level fields win when given, else the settings' values, else what is stored; both
 * places then hold the same value.
 */
export function mirrorDemoLogo(options: {
  settings: DemoSettings;
  logoUrl: string | undefined;
  logoWidth: number | undefined;
  avatarUrl: string | undefined;
  current: { logoUrl: string; logoWidth: number; avatarUrl: string; settings: DemoSettings } | null;
  /** True when the caller sent settings (their logo values count); false keeps the stored ones. */
  hasNewSettings?: boolean;
}): { settings: DemoSettings; logoUrl: string; logoWidth: number; avatarUrl: string } {
  const hasNewSettings = options.hasNewSettings ?? true;
  const fromSettings = hasNewSettings
    ? { logoUrl: options.settings.logoUrl, logoWidth: options.settings.logoWidth }
    : undefined;
  const logoUrl = options.logoUrl ?? fromSettings?.logoUrl ?? options.current?.logoUrl ?? '';
  const logoWidth =
    options.logoWidth ?? fromSettings?.logoWidth ?? options.current?.logoWidth ?? options.settings.logoWidth;
  const avatarUrl = options.avatarUrl ?? options.current?.avatarUrl ?? '';
  return { settings: { ...options.settings, logoUrl, logoWidth }, logoUrl, logoWidth, avatarUrl };
}
