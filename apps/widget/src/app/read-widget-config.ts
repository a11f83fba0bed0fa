import type { PublicWidgetSettings } from '@agentry/core/widget';

export type WidgetAppConfig = PublicWidgetSettings & { apiBase: string };

/**
 * The settings the server inlines into the iframe page as
 * <script id="agentry-widget-config" type="application/json">. Null when missing or broken.
 */
export function readWidgetConfig(doc: Document): WidgetAppConfig | null {
  const text = doc.getElementById('agentry-widget-config')?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<WidgetAppConfig> | null;
    if (!value || typeof value.widgetId !== 'string' || value.widgetId === '' || typeof value.apiBase !== 'string')
      return null;
    if (!value.chatBubble || !Array.isArray(value.suggestedResponses)) return null;
    return value as WidgetAppConfig;
  } catch {
    return null;
  }
}
