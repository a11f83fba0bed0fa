import { describe, expect, it } from 'vitest';
import { toClientNetwork } from './to-client-network';

describe('toClientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, network) => {
    expect(toClientNetwork(ip)).toBe(network);
  });
});
