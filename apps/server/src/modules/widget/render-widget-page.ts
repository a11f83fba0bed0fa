import { WIDGET_PAGE_CONFIG_ELEMENT_ID, type WidgetPageConfig } from '@agentry/core/widget';
import type { WidgetAssets } from './create-widget-dist-reader';
import { escapeHtml } from '../../platform/http/escape-html';
import { toScriptJson } from './to-script-json';

const RTL_LANGUAGES = new Set(['ar']);

/** The iframe page GET /widget/:widgetId: the app's assets and its configuration, nothing else. */
export function renderWidgetPage(options: { config: WidgetPageConfig; assets: WidgetAssets }): string {
  const { config, assets } = options;
  const dir = RTL_LANGUAGES.has(config.language) ? 'rtl' : 'ltr';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(config.language)}" dir="${dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(config.widgetTitle)}</title>`,
    assets.css ? `<link rel="stylesheet" href="/widget-assets/${escapeHtml(assets.css)}">` : '',
    `<script id="${WIDGET_PAGE_CONFIG_ELEMENT_ID}" type="application/json">${toScriptJson(config)}</script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    `<script type="module" src="/widget-assets/${escapeHtml(assets.js)}"></script>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
