import type { WidgetSettings } from '@agentry/core/widget';

/** docs/product/widget.md#routes, embed forms: the loader script (per template) and the plain iframe. */
export function widgetScriptSnippet(options: {
  origin: string;
  widgetId: string;
  template: WidgetSettings['template'];
}): string {
  const id = encodeURIComponent(options.widgetId);
  const file = options.template === 'legacy' ? 'widget.js' : 'widget-professional.js';
  return `<script src="${options.origin}/widget/${id}/${file}?widgetId=${id}" async></script>`;
}

/** The iframe form, sized by the saved width and height and fixed at the bottom-right. */
export function widgetIframeSnippet(options: {
  origin: string;
  widgetId: string;
  width: number;
  height: number;
}): string {
  const id = encodeURIComponent(options.widgetId);
  const style = `position:fixed;bottom:20px;right:20px;width:${options.width}px;height:${options.height}px;max-width:100%;border:0;z-index:2147483647;`;
  return `<iframe src="${options.origin}/widget/${id}" title="Chat widget" style="${style}" allow="clipboard-write"></iframe>`;
}

/** The website block: the element it fills, then its loader (docs/product/widget.md#website-block). */
export function blockSnippet(options: { origin: string; widgetId: string }): string {
  const id = encodeURIComponent(options.widgetId);
  return `<div data-agentry-block="${id}"></div>\n<script src="${options.origin}/widget/${id}/block.js" async></script>`;
}
