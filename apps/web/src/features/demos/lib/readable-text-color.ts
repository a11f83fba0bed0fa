/** Black or white text on a background colour, whichever contrasts more (WCAG relative luminance). */
export function readableTextColor(hex: string): '#000000' | '#ffffff' {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? value.replace(/./g, (digit) => digit + digit) : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) return '#ffffff';
  const channels = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
