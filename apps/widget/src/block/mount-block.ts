import type { BlockLoaderConfig } from '@agentry/core/widget';
import { readFrameMessage } from '../loader/read-frame-message';

/** The config as baked in; a loader cached by a browser must keep working with an older server. */
export type BlockConfig = Pick<BlockLoaderConfig, 'widgetId' | 'origin'> & Partial<BlockLoaderConfig>;

const MIN_HEIGHT = 300;

/**
 * Fills every `<div data-agentry-block="<widgetId>">` of the page with the block's iframe
 * (docs/product/widget.md#website-block). Styles go through the CSSOM only, which a strict
 * Content-Security-Policy allows; messages are taken only from the product's origin and from
 * that very frame, and only its height is used. Elements added later are filled when the
 * document finishes loading.
 */
export function mountBlock(config: BlockConfig, win: Window) {
  const doc = win.document;
  const origin = new URL(config.origin).origin;
  const selector = `[data-agentry-block="${config.widgetId.replace(/["\\]/g, '')}"]`;
  const frames: HTMLIFrameElement[] = [];

  const setStyles = (iframe: HTMLIFrameElement, styles: Record<string, string>) => {
    for (const [name, value] of Object.entries(styles)) iframe.style.setProperty(name, value, 'important');
  };

  const fill = (element: Element) => {
    if (element.querySelector('iframe')) return;
    const iframe = doc.createElement('iframe');
    iframe.src = `${origin}/widget/${encodeURIComponent(config.widgetId)}?parentOrigin=${encodeURIComponent(win.location.origin)}&mode=block`;
    iframe.title = 'Chat';
    iframe.setAttribute('allow', 'clipboard-write');
    setStyles(iframe, {
      display: 'block',
      width: '100%',
      'max-width': '100%',
      height: config.fillContainer ? '100%' : `${config.height || MIN_HEIGHT}px`,
      'min-height': `${MIN_HEIGHT}px`,
      border: '0',
      margin: '0',
      padding: '0',
      background: 'transparent',
      'color-scheme': 'normal',
    });
    element.appendChild(iframe);
    frames.push(iframe);
  };

  const fillAll = () => doc.querySelectorAll(selector).forEach(fill);

  win.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || config.fillContainer) return;
    const iframe = frames.find((frame) => frame.contentWindow === event.source);
    const message = iframe && readFrameMessage(event.data);
    if (message && message.type === 'resize-widget')
      setStyles(iframe, { height: `${Math.max(MIN_HEIGHT, message.height)}px` });
  });

  fillAll();
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', fillAll);
}
