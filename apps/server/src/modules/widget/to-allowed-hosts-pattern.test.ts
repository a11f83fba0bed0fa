import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './is-origin-allowed';
import { toAllowedHostsPattern } from './to-allowed-hosts-pattern';

/** What the loader does with the pattern (install-widget.ts). */
function loaderAllows(pattern: string, origin: string): boolean {
  return !pattern || new RegExp(pattern, 'i').test(new URL(origin).host);
}

describe('toAllowedHostsPattern (the loader refuses what the server refuses)', () => {
  it('is empty for an empty list: the loader mounts anywhere', () => {
    expect(toAllowedHostsPattern([])).toBe('');
    expect(loaderAllows('', 'https://anything.example')).toBe(true);
  });

  const lists = [['shop.example'], ['*.brand.example'], ['localhost:5500'], ['shop.example', '127.0.0.1:4100']];
  const origins = [
    'https://shop.example',
    'http://shop.example',
    'https://www.shop.example',
    'https://SHOP.example',
    'https://shop.example:8443',
    'https://notshop.example',
    'https://shopxexample',
    'https://shop.example.evil.example',
    'https://a.brand.example',
    'https://brand.example',
    'http://localhost:5500',
    'http://localhost:5501',
    'http://localhost',
    'http://127.0.0.1:4100',
    'http://127.0.0.1:4101',
    'http://127a0a0a1:4100',
  ];
  it.each(lists)('agrees with isOriginAllowed for %s', (...list) => {
    const pattern = toAllowedHostsPattern(list);
    for (const origin of origins)
      expect([origin, loaderAllows(pattern, origin)]).toEqual([origin, isOriginAllowed(origin, list)]);
  });
});
