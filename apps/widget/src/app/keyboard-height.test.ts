import { describe, expect, it } from 'vitest';
import { detectKeyboardPlatform, measureKeyboardHeight } from './keyboard-height';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const pixel =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const firefoxAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';

describe('keyboard height', () => {
  it('detects the platform', () => {
    expect(detectKeyboardPlatform(iphone)).toBe('ios');
    expect(detectKeyboardPlatform(pixel)).toBe('chrome-android');
    expect(detectKeyboardPlatform(firefoxAndroid)).toBe('other');
    expect(detectKeyboardPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
  });
  it('applies the 50 px threshold, 100 px on Chrome Android', () => {
    const measure = (platform: 'ios' | 'chrome-android' | 'other', covered: number) =>
      measureKeyboardHeight({
        platform,
        isInputFocused: true,
        layoutHeight: 800,
        visualViewport: { height: 800 - covered, offsetTop: 0 },
      });
    expect(measure('ios', 40)).toBe(0);
    expect(measure('ios', 60)).toBe(60);
    expect(measure('chrome-android', 90)).toBe(0);
    expect(measure('chrome-android', 300)).toBe(300);
    expect(
      measureKeyboardHeight({
        platform: 'ios',
        isInputFocused: true,
        layoutHeight: 800,
        visualViewport: { height: 500, offsetTop: 100 },
      }),
    ).toBe(200);
  });
  it('falls back to 260 / 320 / 300 without a visual viewport, and is 0 without focus', () => {
    const fallback = (platform: 'ios' | 'chrome-android' | 'other') =>
      measureKeyboardHeight({ platform, isInputFocused: true, layoutHeight: 800, visualViewport: null });
    expect(fallback('ios')).toBe(260);
    expect(fallback('chrome-android')).toBe(320);
    expect(fallback('other')).toBe(300);
    expect(
      measureKeyboardHeight({ platform: 'ios', isInputFocused: false, layoutHeight: 800, visualViewport: null }),
    ).toBe(0);
  });
});
