import type { ResizeWidgetMessage } from '@agentry/core/widget';
import { computeFrameBox } from './compute-frame-box';
import type { LoaderConfig, ParentMessage, WidgetApi } from './loader-config';
import { lockPageScroll } from './lock-page-scroll';
import { readFrameMessage } from './read-frame-message';

const DEFAULT_LAUNCHER_SIZE = 64;
/** Above nearly everything a host page stacks, below the browser's own top layer. */
const Z_INDEX = '2147483000';

/**
 * Inserts the widget's one iframe into the host page and drives it from the iframe's
 * messages. Styles go through the CSSOM only (no style attribute, no <style> element), which a
 * strict Content-Security-Policy allows. Messages are accepted only from the product's origin
 * and from this very frame; messages to it name the product's origin, never '*'.
 */
export function mountWidget(config: LoaderConfig, win: Window): WidgetApi {
  const doc = win.document;
  const origin = new URL(config.origin).origin;
  const iframe = doc.createElement('iframe');
  const style = iframe.style;
  const queue: ParentMessage[] = [];
  let resize: ResizeWidgetMessage | undefined;
  let isBubbleShown = config.bubbleAtOnce === true;
  let isReady = false;
  let isDestroyed = false;
  let unlockScroll: (() => void) | undefined;

  // The widget's state kept in the host page's own (first-party) storage, which survives where
  // the browser blocks the frame's third-party storage. Read: no argument; write: a string ('' to
  // forget). Blocked or full storage only loses that.
  const hostKey = `agentry_widget_${config.widgetId}`;
  const hostStorage = (value?: string) => {
    try {
      if (value === undefined) return win.localStorage.getItem(hostKey);
      win.localStorage.setItem(hostKey, value);
    } catch {
      // Blocked here too: the widget falls back to what the server knows.
    }
    return null;
  };

  // vw: the page's viewport width, which the app inside its small frame cannot see (mobile layout).
  // #host=: the stored state, in the fragment so that it never reaches a server log.
  iframe.src = `${origin}/widget/${encodeURIComponent(config.widgetId)}?parentOrigin=${encodeURIComponent(win.location.origin)}&mode=${encodeURIComponent(config.template)}&vw=${win.innerWidth}#host=${encodeURIComponent(hostStorage() || '')}`;
  // The title is the frame's accessible name.
  iframe.title = 'Chat widget';
  iframe.setAttribute('allow', 'clipboard-write');
  // 'important': a host stylesheet's `iframe { width: 100% !important }` must not reach us.
  const setStyles = (styles: Record<string, string>) => {
    for (const [name, value] of Object.entries(styles)) style.setProperty(name, value, 'important');
  };
  const fixed: Record<string, string> = {
    position: 'fixed',
    'z-index': Z_INDEX,
    border: '0',
    margin: '0',
    display: 'block',
    background: 'transparent',
    // A colour scheme different from the frame's own would paint an opaque backdrop.
    'color-scheme': 'normal',
  };
  setStyles(fixed);

  const layout = () => {
    const box = computeFrameBox({
      placement: config.placement,
      launcherSize: config.minimizedSizePixels || DEFAULT_LAUNCHER_SIZE,
      resize,
      isBubbleShown,
      viewport: { width: win.innerWidth, height: win.innerHeight },
    });
    // 100dvh is ignored where unsupported, leaving the 100vh set just before.
    if (box.isFullScreen) setStyles({ height: '100vh' });
    setStyles(box.style);
    if (!box.isFullScreen) releaseScroll();
    else if (!unlockScroll) unlockScroll = lockPageScroll(doc);
  };
  const releaseScroll = () => {
    if (unlockScroll) unlockScroll();
    unlockScroll = undefined;
  };

  const post = (message: ParentMessage) => {
    const target = iframe.contentWindow;
    if (target) target.postMessage(message, origin);
  };
  const markReady = () => {
    if (isReady || isDestroyed) return;
    isReady = true;
    queue.splice(0).forEach(post);
  };
  const send = (message: ParentMessage) => {
    if (isDestroyed) return;
    if (isReady) post(message);
    else queue.push(message);
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    // The app registers its listener in the same effect flush that posts its first
    // resize-widget, so its first message means it listens. The frame's load event does not:
    // it can fire before the app's effects have run, and a message sent then would be lost.
    markReady();
    if (message.type === 'store') {
      hostStorage(message.value);
      return;
    }
    if (message.type === 'resize-widget') {
      // matchMedia is absent in some old WebViews (and jsdom).
      const reducedMotion = win.matchMedia && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const duration = reducedMotion ? 0 : message.animationDuration;
      setStyles({ transition: duration ? `width ${duration}ms ease, height ${duration}ms ease` : 'none' });
      resize = message;
      // The app knows whether its bubble shows; the config only guessed for the first paint.
      isBubbleShown = message.hasBubble;
    } else if (message.type === 'show-bubble' || message.type === 'hide-bubble') {
      isBubbleShown = message.type === 'show-bubble';
    } else {
      // 'widget-opened' -> 'aichatwidget:opened', 'widget-closed' -> 'aichatwidget:closed'.
      win.dispatchEvent(new CustomEvent(`aichatwidget:${message.type.slice(7)}`));
      return;
    }
    layout();
  };

  win.addEventListener('message', onMessage);
  win.addEventListener('resize', layout);
  layout();
  const insert = () => {
    if (!isDestroyed) doc.body.appendChild(iframe);
  };
  if (doc.body) insert();
  else doc.addEventListener('DOMContentLoaded', insert);

  return {
    open: () => send({ type: 'open-widget' }),
    close: () => send({ type: 'close-widget' }),
    toggle: () => send({ type: 'toggle-widget' }),
    reset: () => send({ type: 'reset-widget' }),
    identify: (contact) => {
      const given = contact || {};
      const pick = (value: unknown) => (typeof value === 'string' ? value : undefined);
      send({ type: 'identify', contact: { id: pick(given.id), name: pick(given.name), email: pick(given.email) } });
    },
    destroy: () => {
      isDestroyed = true;
      queue.length = 0;
      win.removeEventListener('message', onMessage);
      win.removeEventListener('resize', layout);
      doc.removeEventListener('DOMContentLoaded', insert);
      iframe.remove();
      releaseScroll();
    },
  };
}
