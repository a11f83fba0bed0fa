import type { ResizeWidgetMessage } from '@agentry/core/widget';

/** show-bubble's message is the app's to render: the loader only makes room for it. */
export type FrameMessage =
  | ResizeWidgetMessage
  | { type: 'show-bubble' | 'hide-bubble' | 'widget-opened' | 'widget-closed' }
  /** Keep the visitor's widget state in the host page's own storage ('' forgets it). */
  | { type: 'store'; value: string };

const SIMPLE_TYPES = ['show-bubble', 'hide-bubble', 'widget-opened', 'widget-closed'];
/** The documented resize animation (core widgetLimits.resizeAnimationMs); longer ones are capped. */
const DEFAULT_ANIMATION_MS = 220;
const MAX_ANIMATION_MS = 1000;
/** Larger than any screen: a hostile or broken frame cannot ask for absurd sizes. */
const MAX_SIDE = 10_000;
/** What the widget keeps in the host page's storage is a few ids and flags, never a transcript. */
export const MAX_STORED_LENGTH = 2000;

/**
 * Validates what the iframe posted (docs/product/widget.md#in-the-visitors-browser, widget -> parent). The loader has no zod
 * (it must stay under 2 KB gzipped), so the checks are written out. Anything else -> null.
 */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const type = record.type;
  if (type === 'resize-widget') {
    const { width, height, animationDuration } = record;
    if (!isSide(width) || !isSide(height)) return null;
    return {
      type,
      width,
      height,
      isExpanded: record.isExpanded === true,
      isMinimized: record.isMinimized === true,
      isOpen: record.isOpen === true,
      hasBubble: record.hasBubble === true,
      animationDuration: isSide(animationDuration)
        ? Math.min(animationDuration, MAX_ANIMATION_MS)
        : DEFAULT_ANIMATION_MS,
    };
  }
  if (type === 'store') {
    const value = record.value;
    return typeof value === 'string' && value.length <= MAX_STORED_LENGTH ? { type, value } : null;
  }
  if (typeof type === 'string' && SIMPLE_TYPES.includes(type)) return { type } as FrameMessage;
  return null;
}

function isSide(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_SIDE;
}
