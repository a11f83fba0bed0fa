import { describe, expect, it } from 'vitest';
import { computePlacementStyle } from './compute-placement-style';

describe('computePlacementStyle', () => {
  it('pins the frame to the bottom-right corner by default', () => {
    expect(computePlacementStyle(undefined)).toEqual({ top: 'auto', right: '0px', bottom: '0px', left: 'auto' });
    expect(computePlacementStyle('bottom-right')).toEqual(computePlacementStyle(undefined));
  });

  it.each([
    ['bottom-left', { top: 'auto', right: 'auto', bottom: '0px', left: '0px' }],
    ['top-right', { top: '0px', right: '0px', bottom: 'auto', left: 'auto' }],
    ['top-left', { top: '0px', right: 'auto', bottom: 'auto', left: '0px' }],
  ] as const)('pins %s and releases the opposite edges', (placement, expected) => {
    expect(computePlacementStyle(placement)).toEqual(expected);
  });
});
