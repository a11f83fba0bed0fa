import { describe, expect, it } from 'vitest';
import { computeFrameSize } from './frame-size';

const base = { width: 400, height: 700, launcherSize: 80, dockHeight: null, viewport: { width: 1280, height: 800 } };

describe('computeFrameSize', () => {
  it('fits the launcher while closed and the window while open, with room for the shadow', () => {
    expect(computeFrameSize({ ...base, isOpen: false, isMobile: false, hasBubble: false })).toEqual({
      type: 'resize-widget',
      width: 104,
      height: 104,
      isExpanded: false,
      isMinimized: true,
      isOpen: false,
      hasBubble: false,
      animationDuration: 220,
    });
    expect(computeFrameSize({ ...base, isOpen: true, isMobile: false, hasBubble: true })).toMatchObject({
      width: 424,
      height: 724,
      isOpen: true,
      isMinimized: false,
      hasBubble: false,
    });
  });
  it('makes room for the bubble using its measured height', () => {
    expect(
      computeFrameSize({ ...base, isOpen: false, isMobile: false, hasBubble: true, dockHeight: 150 }),
    ).toMatchObject({ width: 284, height: 174, hasBubble: true });
  });
  it('expands to the full viewport on mobile', () => {
    expect(
      computeFrameSize({
        ...base,
        isOpen: true,
        isMobile: true,
        hasBubble: false,
        viewport: { width: 390, height: 844 },
      }),
    ).toMatchObject({ width: 390, height: 844, isExpanded: true });
  });
});
