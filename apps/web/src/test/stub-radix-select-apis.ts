/** Radix Select measures and captures the pointer; jsdom has neither: adds the missing element methods. */
export function stubRadixSelectApis() {
  for (const [name, value] of [
    ['hasPointerCapture', () => false],
    ['releasePointerCapture', () => undefined],
    ['scrollIntoView', () => undefined],
  ] as const) {
    if (!(name in Element.prototype))
      Object.defineProperty(Element.prototype, name, { value, configurable: true, writable: true });
  }
}
