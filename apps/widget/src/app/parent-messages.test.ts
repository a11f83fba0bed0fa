import { describe, expect, it } from 'vitest';
import { isTrustedParentEvent, parseParentMessage } from './parent-messages';

describe('parseParentMessage', () => {
  it('accepts the five parent commands', () => {
    expect(parseParentMessage({ type: 'open-widget' })).toEqual({ type: 'open-widget' });
    expect(parseParentMessage({ type: 'close-widget' })).toEqual({ type: 'close-widget' });
    expect(parseParentMessage({ type: 'toggle-widget' })).toEqual({ type: 'toggle-widget' });
    expect(parseParentMessage({ type: 'reset-widget' })).toEqual({ type: 'reset-widget' });
    expect(parseParentMessage({ type: 'identify', id: 'u1', name: 'Ada', email: 'ada@example.com' })).toEqual({
      type: 'identify',
      contact: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
    });
    expect(parseParentMessage({ type: 'identify', data: { name: 'Ada' } })).toEqual({
      type: 'identify',
      contact: { name: 'Ada' },
    });
    expect(parseParentMessage({ type: 'identify', contact: { id: '7', email: 'ada@example.com' } })).toEqual({
      type: 'identify',
      contact: { id: '7', email: 'ada@example.com' },
    });
    expect(parseParentMessage({ type: 'viewport', width: 390, height: 844 })).toEqual({
      type: 'viewport',
      width: 390,
      height: 844,
    });
  });
  it('rejects anything else', () => {
    expect(parseParentMessage('open-widget')).toBeNull();
    expect(parseParentMessage({ type: 'widget-opened' })).toBeNull();
    expect(parseParentMessage({ type: 'identify' })).toBeNull();
    expect(parseParentMessage({ type: 'identify', name: 42 })).toBeNull();
    expect(parseParentMessage({ type: 'identify', name: 'x'.repeat(500) })).toBeNull();
    expect(parseParentMessage(null)).toBeNull();
    expect(parseParentMessage({ type: 'viewport', width: '390', height: 844 })).toBeNull();
  });
});

describe('isTrustedParentEvent', () => {
  const parent = {};
  it('needs both the pinned origin and the parent window', () => {
    expect(
      isTrustedParentEvent(
        { origin: 'https://shop.example', source: parent as Window },
        'https://shop.example',
        parent,
      ),
    ).toBe(true);
    expect(
      isTrustedParentEvent(
        { origin: 'https://evil.example', source: parent as Window },
        'https://shop.example',
        parent,
      ),
    ).toBe(false);
    expect(
      isTrustedParentEvent({ origin: 'https://shop.example', source: {} as Window }, 'https://shop.example', parent),
    ).toBe(false);
    expect(isTrustedParentEvent({ origin: 'https://shop.example', source: parent as Window }, null, parent)).toBe(
      false,
    );
    expect(isTrustedParentEvent({ origin: 'https://shop.example', source: null }, 'https://shop.example', null)).toBe(
      false,
    );
  });
});
