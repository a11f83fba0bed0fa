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
 * (the raw file), a widget is already on the page (a second script tag does nothing), or the
 * page is not on the widget's allowed domains (the server would refuse the frame, which would
 * show as a broken box: nothing is drawn).
 */
export function installWidget(config: LoaderConfig, win: Window) {
  if (!config.widgetId || win.AIChatWidget) return;
  if (config.allowedHosts && !new RegExp(config.allowedHosts, 'i').test(win.location.host)) return;
  const widget = mountWidget(config, win);
  win.AIChatWidget = {
    ...widget,
    destroy() {
      widget.destroy();
      delete win.AIChatWidget;
    },
  };
}
