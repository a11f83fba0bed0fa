/** docs/product/widget.md#in-the-visitors-browser, keyboard detection: threshold 50 px (100 on Chrome Android); fallback 260 iOS / 320 Chrome Android / 300 others. */
export type KeyboardPlatform = 'ios' | 'chrome-android' | 'other';

export function detectKeyboardPlatform(userAgent: string, maxTouchPoints = 0): KeyboardPlatform {
  if (/iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(userAgent) && /Chrome\//.test(userAgent)) return 'chrome-android';
  return 'other';
}

export function keyboardThreshold(platform: KeyboardPlatform): number {
  return platform === 'chrome-android' ? 100 : 50;
}

export function fallbackKeyboardHeight(platform: KeyboardPlatform): number {
  if (platform === 'ios') return 260;
  if (platform === 'chrome-android') return 320;
  return 300;
}

/**
 * The keyboard's height from the layout and visual viewports. Without a visualViewport the
 * platform's fallback applies while the input has focus.
 */
export function measureKeyboardHeight(input: {
  platform: KeyboardPlatform;
  isInputFocused: boolean;
  layoutHeight: number;
  visualViewport: { height: number; offsetTop: number } | null;
}): number {
  if (!input.isInputFocused) return 0;
  if (!input.visualViewport) return fallbackKeyboardHeight(input.platform);
  const covered = Math.round(input.layoutHeight - input.visualViewport.height - input.visualViewport.offsetTop);
  return covered > keyboardThreshold(input.platform) ? covered : 0;
}
