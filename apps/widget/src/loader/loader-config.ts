import type { WidgetLoaderConfig } from '@agentry/core/widget';

/**
 * What the server bakes into loader.js in place of the "__AGENTRY_WIDGET_CONFIG__" string
 * (GET /widget/:widgetId/widget.js and widget-professional.js). Only the first three fields
 * are relied on: a loader cached by a browser must keep working with an older or newer server.
 */
export type LoaderConfig = Pick<WidgetLoaderConfig, 'widgetId' | 'origin' | 'template'> & Partial<WidgetLoaderConfig>;

/** What AIChatWidget.identify() accepts. */
export type VisitorContact = { id?: string; name?: string; email?: string };

/** window.AIChatWidget. */
export type WidgetApi = {
  open: () => void;
  close: () => void;
  toggle: () => void;
  reset: () => void;
  identify: (contact: VisitorContact) => void;
  destroy: () => void;
};

/** What the loader posts to the iframe (docs/product/widget.md#in-the-visitors-browser, parent -> widget). */
export type ParentMessage =
  | { type: 'open-widget' | 'close-widget' | 'toggle-widget' | 'reset-widget' }
  | { type: 'identify'; contact: VisitorContact };
