import type { WidgetLoaderConfig, WidgetTemplate } from '@agentry/core/widget';
import type { PublicWidget } from './load-public-widget';
import { toAllowedHostsPattern } from './to-allowed-hosts-pattern';

/** The settings the loader needs before the iframe exists (its box, launcher and bubble). */
export function toWidgetLoaderConfig(options: {
  widget: PublicWidget;
  origin: string;
  template: WidgetTemplate;
}): WidgetLoaderConfig {
  const { settings } = options.widget;
  return {
    widgetId: options.widget.widgetId,
    origin: options.origin,
    template: options.template,
    placement: settings.placement,
    minimizedSizePixels: settings.minimizedSizePixels,
    bubbleAtOnce: settings.chatBubble.enabled && settings.chatBubble.delaySeconds === 0,
    allowedHosts: toAllowedHostsPattern(settings.allowedDomains),
  };
}
