import { describe, expect, it } from 'vitest';
import { toSameSitePath } from './checkout-urls';

describe('toSameSitePath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(toSameSitePath('/usage?tab=plans#top')).toBe('/usage?tab=plans#top');
    expect(toSameSitePath(`${window.location.origin}/demo`)).toBe('/demo');
  });

  it('falls back for every address a browser would read as another site', () => {
    for (const unsafe of [
      'https://evil.test/usage',
      '//evil.test',
      '/\\evil.test',
      '/%2F%2Fevil.test',
      '/\t/evil.test',
    ])
      expect(toSameSitePath(unsafe, '/fallback')).toBe('/fallback');
    expect(toSameSitePath(null)).toBe('/usage');
  });
});
