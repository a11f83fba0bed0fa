import type { ResizeWidgetMessage } from '@agentry/core/widget';
import { RESIZE_ANIMATION_MS } from '@agentry/core/widget-rules';

/** Transparent margin inside the iframe around the launcher/window, so shadows are not clipped. */
export const FRAME_PADDING = 12;
/** The widest popup bubble (docs/product/widget.md#in-the-visitors-browser: 200-260 px). */
export const BUBBLE_MAX_WIDTH = 260;
export const HEIGHT_CAP = 800;

/**
 * The resize-widget message: the exact iframe size the loader should apply (padding included).
 * Open on mobile (<= 1024 px): isExpanded, full screen (the loader uses 100% of the viewport and
 * locks the page's scroll).
 */
export function computeFrameSize(input: {
  isOpen: boolean;
  isMobile: boolean;
  hasBubble: boolean;
  width: number;
  height: number;
  launcherSize: number;
  /** Measured launcher + bubble box, when known. */
  dockHeight: number | null;
  viewport: { width: number; height: number };
}): ResizeWidgetMessage {
  const base = {
    type: 'resize-widget' as const,
    isOpen: input.isOpen,
    isMinimized: !input.isOpen,
    hasBubble: input.hasBubble && !input.isOpen,
    animationDuration: RESIZE_ANIMATION_MS,
  };
  if (input.isOpen && input.isMobile)
    return { ...base, width: input.viewport.width, height: input.viewport.height, isExpanded: true };
  if (input.isOpen)
    return {
      ...base,
      width: input.width + 2 * FRAME_PADDING,
      height: Math.min(input.height, HEIGHT_CAP) + 2 * FRAME_PADDING,
      isExpanded: false,
    };
  const contentWidth = input.hasBubble ? Math.max(BUBBLE_MAX_WIDTH, input.launcherSize) : input.launcherSize;
  const contentHeight = input.hasBubble
    ? Math.max(input.dockHeight ?? input.launcherSize + 12 + 64, input.launcherSize)
    : input.launcherSize;
  return {
    ...base,
    width: contentWidth + 2 * FRAME_PADDING,
    height: Math.ceil(contentHeight) + 2 * FRAME_PADDING,
    isExpanded: false,
  };
}

/**
 * A website block's resize-widget: the window's own size, whole pixels. The block loader reads
 * only the height (the block's width is the page element's).
 */
export function computeBlockSize(box: { width: number; height: number }): ResizeWidgetMessage {
  return {
    type: 'resize-widget',
    width: Math.ceil(box.width),
    height: Math.ceil(box.height),
    isOpen: true,
    isMinimized: false,
    isExpanded: false,
    hasBubble: false,
    animationDuration: 0,
  };
}
