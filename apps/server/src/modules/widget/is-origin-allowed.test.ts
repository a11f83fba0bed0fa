import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './is-origin-allowed';
import { toFrameAncestors } from './to-frame-ancestors';

describe('isOriginAllowed', () => {
  it('allows any origin when the list is empty', () => {
    expect(isOriginAllowed('https://anything.example', [])).toBe(true);
  });

  it.each([
    ['https://shop.example', true],
    ['http://shop.example', true],
    ['https://www.shop.example', true],
    ['https://shop.example:8443', false],
    ['https://notshop.example', false],
    ['https://shop.example.evil.example', false],
    ['null', false],
    ['file:///tmp/page.html', false],
  ])('a plain domain entry: %s -> %s', (origin, expected) => {
    expect(isOriginAllowed(origin, ['shop.example'])).toBe(expected);
  });

  it('matches a wildcard entry on subdomains only, and a port entry on that port only', () => {
    expect(isOriginAllowed('https://a.brand.example', ['*.brand.example'])).toBe(true);
    expect(isOriginAllowed('https://brand.example', ['*.brand.example'])).toBe(false);
    expect(isOriginAllowed('http://localhost:5500', ['localhost:5500'])).toBe(true);
    expect(isOriginAllowed('http://localhost:5501', ['localhost:5500'])).toBe(false);
    expect(isOriginAllowed('http://localhost', ['localhost:5500'])).toBe(false);
  });
});

describe('toFrameAncestors', () => {
  it("is '*' for an empty list and 'self' plus both schemes (with subdomains) otherwise", () => {
    expect(toFrameAncestors([])).toBe('*');
    expect(toFrameAncestors(['shop.example', '*.brand.example'])).toBe(
      "'self' https://shop.example http://shop.example https://*.shop.example http://*.shop.example https://*.brand.example http://*.brand.example",
    );
  });
});
