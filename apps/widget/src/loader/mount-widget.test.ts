import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderConfig, WidgetApi } from './loader-config';
import { mountWidget } from './mount-widget';

const ORIGIN = 'https://app.agentry.test';
const config: LoaderConfig = {
  widgetId: 'wdg_123',
  origin: `${ORIGIN}/`,
  template: 'professional',
  placement: 'bottom-right',
  minimizedSizePixels: 64,
  bubbleAtOnce: false,
};
const resize = {
  type: 'resize-widget',
  width: 432,
  height: 732,
  isExpanded: true,
  isMinimized: false,
  isOpen: true,
  hasBubble: false,
  animationDuration: 220,
};

let widget: WidgetApi | undefined;
const frame = () => document.querySelector('iframe') as HTMLIFrameElement;
const frameWindow = () => frame().contentWindow as Window;
/** Dispatches what the iframe would post, as the browser delivers it to the parent. */
const fromFrame = (data: unknown, options: { origin?: string; source?: Window | null } = {}) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: options.origin ?? ORIGIN,
      source: options.source === undefined ? frameWindow() : options.source,
    }),
  );
const setViewport = (width: number, height: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
};

beforeEach(() => setViewport(1280, 800));
afterEach(() => {
  widget?.destroy();
  widget = undefined;
  vi.restoreAllMocks();
});

describe('mountWidget', () => {
  it("keeps the widget's state in the host page's own storage and hands it to the next frame", () => {
    window.localStorage.removeItem('agentry_widget_wdg_123');
    widget = mountWidget(config, window);
    expect(frame().src.endsWith('#host=')).toBe(true);
    fromFrame({ type: 'store', value: '{"v":"v_visitor","t":"conv-1"}' });
    expect(window.localStorage.getItem('agentry_widget_wdg_123')).toBe('{"v":"v_visitor","t":"conv-1"}');
    // Only from the frame itself, and never a transcript-sized value.
    fromFrame({ type: 'store', value: 'other' }, { origin: 'https://evil.test' });
    fromFrame({ type: 'store', value: 'x'.repeat(2001) });
    expect(window.localStorage.getItem('agentry_widget_wdg_123')).toBe('{"v":"v_visitor","t":"conv-1"}');
    widget.destroy();
    widget = mountWidget(config, window);
    expect(frame().src).toContain(`#host=${encodeURIComponent('{"v":"v_visitor","t":"conv-1"}')}`);
    window.localStorage.removeItem('agentry_widget_wdg_123');
  });

  it('inserts one iframe on the product origin, sized as the launcher, without style attributes or style elements', () => {
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    // Other test files of the same worker may have left their own <style> elements behind.
    const stylesBefore = document.querySelectorAll('style').length;
    widget = mountWidget(config, window);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(frame().src).toBe(
      `${ORIGIN}/widget/wdg_123?parentOrigin=${encodeURIComponent(window.location.origin)}&mode=professional&vw=1280#host=`,
    );
    expect(frame().title).toBe('Chat widget');
    expect(frame().getAttribute('allow')).toBe('clipboard-write');
    expect(frame().style.position).toBe('fixed');
    expect(frame().style.bottom).toBe('0px');
    expect(frame().style.right).toBe('0px');
    expect(frame().style.width).toBe('88px');
    expect(frame().style.height).toBe('88px');
    expect(setAttribute.mock.calls.map(([name]) => name)).not.toContain('style');
    expect(document.querySelectorAll('style')).toHaveLength(stylesBefore);
  });

  it('resizes from resize-widget with the animation of the message', () => {
    widget = mountWidget(config, window);
    fromFrame(resize);
    expect(frame().style.width).toBe('432px');
    expect(frame().style.height).toBe('732px');
    expect(frame().style.transition).toBe('width 220ms ease, height 220ms ease');
  });

  it('ignores messages from another origin or another window', () => {
    widget = mountWidget(config, window);
    const opened = vi.fn();
    window.addEventListener('aichatwidget:opened', opened);
    fromFrame(resize, { origin: 'https://evil.test' });
    fromFrame({ type: 'widget-opened' }, { origin: 'https://evil.test' });
    fromFrame(resize, { source: window });
    fromFrame(resize, { source: null });
    expect(frame().style.width).toBe('88px');
    expect(opened).not.toHaveBeenCalled();
    fromFrame({ type: 'widget-opened' });
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener('aichatwidget:opened', opened);
  });

  it('re-dispatches widget-opened and widget-closed as DOM events on window', () => {
    widget = mountWidget(config, window);
    const events: string[] = [];
    const record = (event: Event) => events.push(event.type);
    window.addEventListener('aichatwidget:opened', record);
    window.addEventListener('aichatwidget:closed', record);
    fromFrame({ type: 'widget-opened' });
    fromFrame({ type: 'widget-closed' });
    expect(events).toEqual(['aichatwidget:opened', 'aichatwidget:closed']);
    window.removeEventListener('aichatwidget:opened', record);
    window.removeEventListener('aichatwidget:closed', record);
  });

  it('grows for the bubble and shrinks back when it hides', () => {
    widget = mountWidget(config, window);
    fromFrame({ type: 'show-bubble', message: 'Hi there! Need any help?' });
    expect(frame().style.width).toBe('300px');
    expect(frame().style.height).toBe('228px');
    fromFrame({ type: 'hide-bubble' });
    expect(frame().style.width).toBe('88px');
    expect(frame().style.height).toBe('88px');
  });

  it('guesses the bubble from the settings for the first paint, then follows the app', () => {
    widget = mountWidget({ ...config, bubbleAtOnce: true }, window);
    expect(frame().style.width).toBe('300px');
    fromFrame({
      ...resize,
      width: 96,
      height: 96,
      isOpen: false,
      isExpanded: false,
      isMinimized: true,
      hasBubble: false,
    });
    expect(frame().style.width).toBe('96px');
    fromFrame({
      ...resize,
      width: 284,
      height: 188,
      isOpen: false,
      isExpanded: false,
      isMinimized: true,
      hasBubble: true,
    });
    expect(frame().style.width).toBe('284px');
    expect(frame().style.height).toBe('188px');
  });

  it('queues API calls until the app has spoken, then posts them to the product origin only', () => {
    widget = mountWidget(config, window);
    const postMessage = vi.spyOn(frameWindow(), 'postMessage');
    widget.open();
    widget.identify({ id: 'u1', name: 'Ada', email: 'ada@example.com' });
    // The frame's document loading is not enough: the app may not listen yet.
    frame().dispatchEvent(new Event('load'));
    expect(postMessage).not.toHaveBeenCalled();
    fromFrame(resize);
    expect(postMessage.mock.calls).toEqual([
      [{ type: 'open-widget' }, ORIGIN],
      [{ type: 'identify', contact: { id: 'u1', name: 'Ada', email: 'ada@example.com' } }, ORIGIN],
    ]);
    widget.close();
    widget.toggle();
    widget.reset();
    expect(postMessage.mock.calls.slice(2)).toEqual([
      [{ type: 'close-widget' }, ORIGIN],
      [{ type: 'toggle-widget' }, ORIGIN],
      [{ type: 'reset-widget' }, ORIGIN],
    ]);
  });

  it('is not made ready by a message from elsewhere, and sends each queued call once', () => {
    widget = mountWidget(config, window);
    const postMessage = vi.spyOn(frameWindow(), 'postMessage');
    widget.toggle();
    fromFrame({ type: 'hide-bubble' }, { origin: 'https://evil.test' });
    fromFrame({ type: 'hide-bubble' }, { source: window });
    fromFrame({ type: 'not-a-widget-event' });
    expect(postMessage).not.toHaveBeenCalled();
    fromFrame(resize);
    fromFrame({ type: 'hide-bubble' });
    expect(postMessage.mock.calls).toEqual([[{ type: 'toggle-widget' }, ORIGIN]]);
  });

  it('goes full screen and locks the page scroll when open on a phone, and releases both when minimized', () => {
    setViewport(390, 844);
    document.body.style.overflow = 'scroll';
    widget = mountWidget(config, window);
    fromFrame(resize);
    expect(frame().style.width).toBe('100vw');
    expect(frame().style.top).toBe('0px');
    expect(frame().style.left).toBe('0px');
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.documentElement.style.overflow).toBe('hidden');
    fromFrame({ ...resize, width: 88, height: 88, isOpen: false, isExpanded: false, isMinimized: true });
    expect(frame().style.width).toBe('88px');
    expect(frame().style.top).toBe('auto');
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('destroy removes the frame, its listeners and the scroll lock, and stops sending', () => {
    setViewport(390, 844);
    widget = mountWidget(config, window);
    const iframe = frame();
    const postMessage = vi.spyOn(frameWindow(), 'postMessage');
    fromFrame(resize);
    expect(document.body.style.overflow).toBe('hidden');
    const closed = vi.fn();
    window.addEventListener('aichatwidget:closed', closed);
    widget.destroy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'widget-closed' }, origin: ORIGIN, source: iframe.contentWindow }),
    );
    expect(closed).not.toHaveBeenCalled();
    widget.open();
    expect(postMessage).not.toHaveBeenCalled();
    window.removeEventListener('aichatwidget:closed', closed);
  });
});
