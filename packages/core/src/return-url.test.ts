import { describe, expect, it } from 'vitest';
import { toSafeReturnPath, toSafeReturnUrl } from './return-url';

const site = 'https://app.agentry.example';

describe('toSafeReturnUrl', () => {
  it.each([
    ['/', '/'],
    ['/usage', '/usage'],
    ['/usage?tab=plans&x=1#top', '/usage?tab=plans&x=1#top'],
    ['/search?q=a%20b', '/search?q=a%20b'],
    ['/a/../b', '/b'],
    ['/success?email=a%40b.test&returnUrl=%2Fusage', '/success?email=a%40b.test&returnUrl=%2Fusage'],
  ])('keeps the path %j', (value, expected) => {
    expect(toSafeReturnUrl(value)).toBe(expected);
  });

  it('keeps an absolute URL of an allowed origin', () => {
    expect(toSafeReturnUrl(`${site}/usage?x=1`, { allowedOrigins: [site] })).toBe(`${site}/usage?x=1`);
    expect(toSafeReturnUrl('HTTPS://APP.agentry.example/usage', { allowedOrigins: [`${site}/`] })).toBe(
      `${site}/usage`,
    );
    expect(
      toSafeReturnUrl('http://127.0.0.1:5173/x', {
        allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:5173'],
      }),
    ).toBe('http://127.0.0.1:5173/x');
  });

  it.each([
    // Off-site, scheme-relative and backslash forms.
    '//evil.example',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/x\\..\\..\\/evil.example',
    '///evil.example',
    // Tabs, newlines, spaces and invisible characters, which browsers drop or headers split on.
    '/\t/evil.example',
    '/\t\\evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/usage\r\nSet-Cookie: a=b',
    '/usage\u0000',
    ' /usage',
    '/usage ',
    '/\u200b/evil.example',
    '/\u2028/evil.example',
    // Other schemes, relative paths and absolute URLs of other origins.
    'https:evil.example',
    'https:/evil.example',
    'https://evil.example/usage',
    'http://app.agentry.example/usage',
    'https://app.agentry.example.evil.example/usage',
    'https://app.agentry.example@evil.example/usage',
    'https://user:pass@app.agentry.example/usage',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'usage',
    './usage',
    '../usage',
    '?x=1',
    '#top',
    // Encoded forms.
    '%2F%2Fevil.example',
    '/%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/usage%0d%0aSet-Cookie:%20a=b',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%E0%A4%A',
    // Not strings, empty, absurdly long.
    '',
    undefined,
    null,
    42,
    ['/usage'],
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(toSafeReturnUrl(value, { allowedOrigins: [site] })).toBeUndefined();
  });

  it('refuses an absolute URL when no origin is allowed, even the site itself', () => {
    expect(toSafeReturnUrl(`${site}/usage`)).toBeUndefined();
  });
});

describe('toSafeReturnPath', () => {
  it('gives the path of an allowed absolute URL and keeps paths', () => {
    expect(toSafeReturnPath(`${site}/usage?x=1#y`, { allowedOrigins: [site] })).toBe('/usage?x=1#y');
    expect(toSafeReturnPath('/usage')).toBe('/usage');
  });

  it('refuses what toSafeReturnUrl refuses', () => {
    expect(toSafeReturnPath('/\\evil.example/x')).toBeUndefined();
    expect(toSafeReturnPath('https://evil.example/x', { allowedOrigins: [site] })).toBeUndefined();
  });
});
