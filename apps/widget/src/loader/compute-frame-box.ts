import type { ResizeWidgetMessage, WidgetPlacement } from '@agentry/core/widget';
import { computePlacementStyle, type EdgeStyle } from './compute-placement-style';

/** Mobile layout at this viewport width or less (core widgetLimits.mobileBreakpoint). */
export const MOBILE_BREAKPOINT = 1024;
/** Transparent padding the app keeps around its launcher inside the frame (its FRAME_PADDING). */
export const LAUNCHER_MARGIN = 12;
/** Room for the popup bubble (200-260 px wide, docs/product/widget.md#in-the-visitors-browser) above the launcher. */
export const BUBBLE_ROOM = { width: 300, height: 140 };

export type FrameBox = { isFullScreen: boolean; style: EdgeStyle & { width: string; height: string } };

/**
 * Where the iframe sits and how big it is. Before the app has said anything, the frame is the
 * launcher (plus room for the bubble when it shows); afterwards it is exactly what the last
 * resize-widget asked for, never larger than the viewport. An open widget on a viewport of 1024 px or less covers
 * the whole screen (docs/product/widget.md#in-the-visitors-browser, mobile layout).
 */
export function computeFrameBox(options: {
  placement: WidgetPlacement | undefined;
  launcherSize: number;
  resize: ResizeWidgetMessage | undefined;
  isBubbleShown: boolean;
  viewport: { width: number; height: number };
}): FrameBox {
  const { resize, viewport } = options;
  const isOpen = Boolean(resize && (resize.isOpen || resize.isExpanded) && !resize.isMinimized);
  if (isOpen && viewport.width <= MOBILE_BREAKPOINT) {
    return {
      isFullScreen: true,
      style: { ...computePlacementStyle('top-left'), width: '100vw', height: '100dvh' },
    };
  }
  const launcherBox = options.launcherSize + 2 * LAUNCHER_MARGIN;
  let width = resize ? resize.width : launcherBox;
  let height = resize ? resize.height : launcherBox;
  // A resize-widget with hasBubble already measured the bubble: take its size as it is.
  if (!isOpen && options.isBubbleShown && !(resize && resize.hasBubble)) {
    width = Math.max(width, BUBBLE_ROOM.width);
    height = Math.max(height, launcherBox + BUBBLE_ROOM.height);
  }
  return {
    isFullScreen: false,
    style: {
      ...computePlacementStyle(options.placement),
      width: `${Math.min(width, viewport.width)}px`,
      height: `${Math.min(height, viewport.height)}px`,
    },
  };
}
