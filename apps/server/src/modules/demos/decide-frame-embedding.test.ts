import { describe, expect, it } from 'vitest';
import { decideFrameEmbedding } from './decide-frame-embedding';

const decide = (
  headers: Record<string, string>,
  embedderOrigin = 'https://app.agentry.test',
  target = 'https://site.example/page',
) => decideFrameEmbedding({ headers: new Headers(headers), targetUrl: new URL(target), embedderOrigin }).embeddable;

describe('decideFrameEmbedding', () => {
  it('reads X-Frame-Options like browsers', () => {
    expect(decide({})).toBe(true);
    expect(decide({ 'x-frame-options': 'DENY' })).toBe(false);
    expect(decide({ 'x-frame-options': 'SAMEORIGIN' })).toBe(false);
    expect(decide({ 'x-frame-options': 'SAMEORIGIN' }, 'https://site.example')).toBe(true);
    expect(decide({ 'x-frame-options': 'ALLOW-FROM https://app.agentry.test' })).toBe(true);
    // Two headers folded into one: the stricter wins.
    expect(decide({ 'x-frame-options': 'ALLOWALL, DENY' })).toBe(false);
  });

  it('lets CSP frame-ancestors win over X-Frame-Options', () => {
    expect(
      decide({ 'content-security-policy': 'frame-ancestors https://app.agentry.test', 'x-frame-options': 'DENY' }),
    ).toBe(true);
    expect(decide({ 'content-security-policy': "frame-ancestors 'none'" })).toBe(false);
    expect(decide({ 'content-security-policy': 'frame-ancestors' })).toBe(false);
    expect(decide({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY' })).toBe(false);
  });

  it('matches scheme, wildcard-host and port sources', () => {
    expect(decide({ 'content-security-policy': 'frame-ancestors https:' })).toBe(true);
    expect(decide({ 'content-security-policy': 'frame-ancestors http:' })).toBe(true);
    expect(decide({ 'content-security-policy': 'frame-ancestors http:' }, 'http://localhost:3000')).toBe(true);
    expect(decide({ 'content-security-policy': 'frame-ancestors https:' }, 'http://localhost:3000')).toBe(false);
    expect(decide({ 'content-security-policy': 'frame-ancestors *.agentry.test' })).toBe(true);
    expect(decide({ 'content-security-policy': 'frame-ancestors *.other.test' })).toBe(false);
    expect(decide({ 'content-security-policy': 'frame-ancestors app.agentry.test' })).toBe(true);
    expect(decide({ 'content-security-policy': 'frame-ancestors https://app.agentry.test:8443' })).toBe(false);
    expect(decide({ 'content-security-policy': 'frame-ancestors http://localhost:*' }, 'http://localhost:3000')).toBe(
      true,
    );
    expect(decide({ 'content-security-policy': 'frame-ancestors http://localhost' }, 'http://localhost:3000')).toBe(
      false,
    );
  });

  it('needs every enforced policy to allow the embedder', () => {
    expect(decide({ 'content-security-policy': "frame-ancestors *, frame-ancestors 'self'" })).toBe(false);
    expect(decide({ 'content-security-policy': 'frame-ancestors *, script-src https:' })).toBe(true);
  });
});
