/** Black or white text on a background colour, whichever contrasts more (WCAG relative luminance). */
export function readableTextOn(hex: string): '#0d0e12' | '#ffffff' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return '#ffffff';
  const value = Number.parseInt(match[1], 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (channels[0] ?? 0) + 0.7152 * (channels[1] ?? 0) + 0.0722 * (channels[2] ?? 0);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with near-black ((L + 0.05) / 0.0542).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0542 ? '#ffffff' : '#0d0e12';
}
