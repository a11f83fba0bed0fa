import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountBlock, type BlockConfig } from './mount-block';

const ORIGIN = 'https://app.agentry.test';
const config: BlockConfig = { widgetId: 'wgt_block1', origin: `${ORIGIN}/`, fillContainer: false, height: 360 };
const resize = (height: number) => ({
  type: 'resize-widget',
  width: 640,
  height,
  isExpanded: false,
  isMinimized: false,
  isOpen: true,
  hasBubble: false,
  animationDuration: 0,
});

const place = (widgetId = config.widgetId) => {
  const element = document.createElement('div');
  element.setAttribute('data-agentry-block', widgetId);
  document.body.appendChild(element);
  return element;
};
const frameIn = (element: Element) => element.querySelector('iframe') as HTMLIFrameElement;
const fromFrame = (frame: HTMLIFrameElement, data: unknown, origin = ORIGIN) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('mountBlock', () => {
  it("fills the page's element with one full-width iframe in block mode, styled without a style attribute", () => {
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    const element = place();
    const other = place('wgt_other');
    mountBlock(config, window);
    const frame = frameIn(element);
    expect(frame.src).toBe(
      `${ORIGIN}/widget/wgt_block1?parentOrigin=${encodeURIComponent(window.location.origin)}&mode=block`,
    );
    expect(frame.title).toBe('Chat');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.height).toBe('360px');
    expect(frame.style.getPropertyPriority('border')).toBe('important');
    expect(frameIn(other)).toBeNull();
    expect(setAttribute.mock.calls.map(([name]) => name)).not.toContain('style');

    // A second run (the script included twice) adds nothing.
    mountBlock(config, window);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('follows the height the app reports, at least 300 px, only from the product origin and its own frame', () => {
    const element = place();
    mountBlock(config, window);
    const frame = frameIn(element);
    fromFrame(frame, resize(480));
    expect(frame.style.height).toBe('480px');
    fromFrame(frame, resize(120));
    expect(frame.style.height).toBe('300px');

    fromFrame(frame, resize(900), 'https://evil.example');
    expect(frame.style.height).toBe('300px');
    window.dispatchEvent(new MessageEvent('message', { data: resize(900), origin: ORIGIN, source: window }));
    expect(frame.style.height).toBe('300px');
    fromFrame(frame, { type: 'resize-widget', width: 1, height: 'tall' });
    expect(frame.style.height).toBe('300px');
  });

  it("fills the element's height and ignores the app's size with 'fill the container'", () => {
    const element = place();
    mountBlock({ ...config, fillContainer: true }, window);
    const frame = frameIn(element);
    expect(frame.style.height).toBe('100%');
    fromFrame(frame, resize(480));
    expect(frame.style.height).toBe('100%');
  });

  it('fills an element that comes after the script once the document has loaded', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    mountBlock(config, window);
    const element = place();
    expect(frameIn(element)).toBeNull();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(frameIn(element)).not.toBeNull();
    Reflect.deleteProperty(document, 'readyState');
  });
});
