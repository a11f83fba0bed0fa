import type { WidgetPlacement } from '@agentry/core/widget';

export type EdgeStyle = { top: string; right: string; bottom: string; left: string };

/** Pins the frame to its corner; the other two edges are released ('auto'). */
export function computePlacementStyle(placement: WidgetPlacement | undefined): EdgeStyle {
  const name = placement || '';
  const isTop = name.startsWith('top');
  const isLeft = name.endsWith('left');
  return {
    top: isTop ? '0px' : 'auto',
    bottom: isTop ? 'auto' : '0px',
    left: isLeft ? '0px' : 'auto',
    right: isLeft ? 'auto' : '0px',
  };
}
