import { describe, expect, it } from 'vitest';
import { resolveParentOrigin } from './parent-origin';

describe('resolveParentOrigin', () => {
  it('accepts the loader origin when the browser confirms it', () => {
    expect(resolveParentOrigin({ queryOrigin: 'https://shop.example', ancestorOrigin: 'https://shop.example' })).toBe(
      'https://shop.example',
    );
    expect(
      resolveParentOrigin({ queryOrigin: 'https://shop.example/', referrer: 'https://shop.example/products/1?x=1' }),
    ).toBe('https://shop.example');
  });
  it('refuses a claimed origin that differs from the real parent', () => {
    expect(
      resolveParentOrigin({ queryOrigin: 'https://victim.example', ancestorOrigin: 'https://evil.example' }),
    ).toBeNull();
    expect(
      resolveParentOrigin({ queryOrigin: 'https://victim.example', referrer: 'https://evil.example/page' }),
    ).toBeNull();
  });
  it('prefers ancestorOrigins over the referrer', () => {
    expect(
      resolveParentOrigin({
        queryOrigin: 'https://a.example',
        ancestorOrigin: 'https://a.example',
        referrer: 'https://b.example/',
      }),
    ).toBe('https://a.example');
  });
  it('keeps the pinned origin when the browser cannot tell, and never returns a wildcard', () => {
    expect(resolveParentOrigin({ queryOrigin: 'http://localhost:5173', referrer: '' })).toBe('http://localhost:5173');
    expect(resolveParentOrigin({ queryOrigin: '*' })).toBeNull();
    expect(resolveParentOrigin({ queryOrigin: 'javascript:alert(1)' })).toBeNull();
    expect(resolveParentOrigin({ queryOrigin: null, ancestorOrigin: 'https://shop.example' })).toBe(
      'https://shop.example',
    );
  });
});
