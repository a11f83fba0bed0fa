import { WidgetSettings, defaultWidgetSettings } from '@agentry/core/widget';

/**
 * Stored settings as the current schema reads them: fields added since they were saved take
 * their defaults, and a field a newer rule no longer accepts falls back to its default rather
 * than making the whole widget unreadable.
 */
export function readWidgetSettings(stored: unknown): WidgetSettings {
  if (stored === null || typeof stored !== 'object') return defaultWidgetSettings;
  const parsed = WidgetSettings.safeParse(stored);
  if (parsed.success) return parsed.data;
  const invalidKeys = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !invalidKeys.has(key)));
  const retried = WidgetSettings.safeParse(kept);
  return retried.success ? retried.data : defaultWidgetSettings;
}
