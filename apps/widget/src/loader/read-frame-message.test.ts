import { describe, expect, it } from 'vitest';
import { widgetLimits } from '@agentry/core/widget';
import { readFrameMessage } from './read-frame-message';

describe('readFrameMessage', () => {
  it('reads a resize-widget event with its fields', () => {
    const message = {
      type: 'resize-widget',
      width: 400,
      height: 700,
      isExpanded: true,
      isMinimized: false,
      isOpen: true,
      hasBubble: false,
      animationDuration: 220,
    };
    expect(readFrameMessage(message)).toEqual(message);
  });

  it('treats anything but true as false and caps or defaults the animation', () => {
    expect(
      readFrameMessage({ type: 'resize-widget', width: 1, height: 2, isOpen: 'yes', animationDuration: 5000 }),
    ).toEqual({
      type: 'resize-widget',
      width: 1,
      height: 2,
      isExpanded: false,
      isMinimized: false,
      isOpen: false,
      hasBubble: false,
      animationDuration: 1000,
    });
    expect(readFrameMessage({ type: 'resize-widget', width: 1, height: 2 })).toMatchObject({
      animationDuration: widgetLimits.resizeAnimationMs,
    });
  });

  it.each([
    null,
    'resize-widget',
    42,
    { type: 'resize-widget', width: Number.NaN, height: 10 },
    { type: 'resize-widget', width: -1, height: 10 },
    { type: 'resize-widget', width: 10, height: 1e9 },
    { type: 'resize-widget', width: '400', height: 10 },
    { type: 'open-widget' },
    { type: 'something-else' },
    {},
  ])('rejects %j', (data) => {
    expect(readFrameMessage(data)).toBeNull();
  });

  it('reads the bubble and open/close events', () => {
    expect(readFrameMessage({ type: 'show-bubble', message: 'Hi there! Need any help?' })).toEqual({
      type: 'show-bubble',
    });
    for (const type of ['hide-bubble', 'widget-opened', 'widget-closed'])
      expect(readFrameMessage({ type, extra: 1 })).toEqual({ type });
  });
});
