import { describe, expect, it } from 'vitest';
import type { ResizeWidgetMessage } from '@agentry/core/widget';
import { widgetLimits } from '@agentry/core/widget';
import { BUBBLE_ROOM, computeFrameBox, LAUNCHER_MARGIN, MOBILE_BREAKPOINT } from './compute-frame-box';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const resize = (overrides: Partial<ResizeWidgetMessage> = {}): ResizeWidgetMessage => ({
  type: 'resize-widget',
  width: 432,
  height: 732,
  isExpanded: true,
  isMinimized: false,
  isOpen: true,
  hasBubble: false,
  animationDuration: 220,
  ...overrides,
});
const base = { placement: undefined, launcherSize: 64, resize: undefined, isBubbleShown: false, viewport: desktop };

describe('computeFrameBox', () => {
  it('uses the documented mobile breakpoint', () => {
    expect(MOBILE_BREAKPOINT).toBe(widgetLimits.mobileBreakpoint);
  });

  it('starts as the launcher with its margins, in the bottom-right corner', () => {
    const box = computeFrameBox(base);
    const side = `${64 + 2 * LAUNCHER_MARGIN}px`;
    expect(box).toEqual({
      isFullScreen: false,
      style: { top: 'auto', right: '0px', bottom: '0px', left: 'auto', width: side, height: side },
    });
  });

  it('makes room for the bubble while the widget is closed', () => {
    const box = computeFrameBox({ ...base, isBubbleShown: true });
    expect(box.style.width).toBe(`${BUBBLE_ROOM.width}px`);
    expect(box.style.height).toBe(`${64 + 2 * LAUNCHER_MARGIN + BUBBLE_ROOM.height}px`);
    const minimized = resize({
      width: 96,
      height: 96,
      isOpen: false,
      isExpanded: false,
      isMinimized: true,
      hasBubble: true,
    });
    // The app measured its bubble (resize-widget with hasBubble): its size is taken as it is.
    expect(
      computeFrameBox({ ...base, resize: { ...minimized, width: 284, height: 188 }, isBubbleShown: true }).style,
    ).toMatchObject({ width: '284px', height: '188px' });
    // A show-bubble the app has not sized yet gets the room.
    const withoutBubble = { ...minimized, hasBubble: false };
    expect(computeFrameBox({ ...base, resize: withoutBubble, isBubbleShown: true }).style.width).toBe(
      `${BUBBLE_ROOM.width}px`,
    );
    expect(computeFrameBox({ ...base, resize: withoutBubble, isBubbleShown: false }).style.width).toBe('96px');
  });

  it('takes the size of the last resize-widget on a desktop, open or minimized', () => {
    expect(computeFrameBox({ ...base, resize: resize() }).style).toMatchObject({ width: '432px', height: '732px' });
    const minimized = resize({ width: 96, height: 96, isOpen: false, isExpanded: false, isMinimized: true });
    expect(computeFrameBox({ ...base, resize: minimized, placement: 'top-left' }).style).toEqual({
      top: '0px',
      right: 'auto',
      bottom: 'auto',
      left: '0px',
      width: '96px',
      height: '96px',
    });
  });

  it('never grows past the viewport', () => {
    const box = computeFrameBox({
      ...base,
      resize: resize({ width: 2000, height: 2000 }),
      viewport: { width: 1100, height: 600 },
    });
    expect(box.style).toMatchObject({ width: '1100px', height: '600px' });
  });

  it('covers the whole screen when open on a viewport of 1024 px or less', () => {
    const open = computeFrameBox({ ...base, resize: resize(), viewport: phone });
    expect(open).toEqual({
      isFullScreen: true,
      style: { top: '0px', right: 'auto', bottom: 'auto', left: '0px', width: '100vw', height: '100dvh' },
    });
    expect(computeFrameBox({ ...base, resize: resize(), viewport: { width: 1024, height: 768 } }).isFullScreen).toBe(
      true,
    );
    expect(computeFrameBox({ ...base, resize: resize(), viewport: { width: 1025, height: 768 } }).isFullScreen).toBe(
      false,
    );
  });

  it('keeps the launcher small on a phone while minimized', () => {
    const minimized = resize({ width: 88, height: 88, isOpen: false, isExpanded: false, isMinimized: true });
    expect(computeFrameBox({ ...base, resize: minimized, viewport: phone })).toMatchObject({
      isFullScreen: false,
      style: { width: '88px', height: '88px' },
    });
  });
});
