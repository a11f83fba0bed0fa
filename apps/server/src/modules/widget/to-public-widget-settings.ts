import type { PublicWidgetSettings } from '@agentry/core/widget';
import type { PublicWidget } from './load-public-widget';

/** What visitors may see of a widget's settings: no daily limit, no allowed domains. */
export function toPublicWidgetSettings(widget: PublicWidget): PublicWidgetSettings {
  const { dailyLimit: _dailyLimit, allowedDomains: _allowedDomains, ...visible } = widget.settings;
  return {
    ...visible,
    widgetId: widget.widgetId,
    hasBuild: widget.hasAgent,
    ...(widget.isBlock ? { isBlock: true } : {}),
  };
}
