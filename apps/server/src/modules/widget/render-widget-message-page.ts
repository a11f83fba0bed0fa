import { escapeHtml } from '../../platform/http/escape-html';

/** A small page for an unknown widget or a missing build, shown inside the frame. */
export function renderWidgetMessagePage(message: string): string {
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Chat widget</title></head>\n<body style="font-family:system-ui,sans-serif;color:#475569;margin:16px">\n<p>${escapeHtml(message)}</p>\n</body>\n</html>\n`;
}
