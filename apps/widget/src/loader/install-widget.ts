import type { LoaderConfig, WidgetApi } from './loader-config';
import { mountWidget } from './mount-widget';

declare global {
  // Declaration merging is the reason for an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    AIChatWidget?: WidgetApi;
  }
}

/**
 * Mounts the widget and publishes window.AIChatWidget, unless the config was never baked in
 * (the raw file) or a widget is already on the page (a second script tag does nothing).
 */
export function installWidget(config: LoaderConfig, win: Window) {
  if (!config.widgetId || win.AIChatWidget) return;
  const widget = mountWidget(config, win);
  win.AIChatWidget = {
    ...widget,
    destroy() {
      widget.destroy();
      delete win.AIChatWidget;
    },
  };
}
