import { isIP } from 'node:net';
import { toIpv6Groups } from './to-ipv6-groups';

/**
 * What per-client counters count by: an IPv4 address itself (also when written IPv4-mapped),
 * an IPv6 address by its /64, the smallest network one subscriber usually gets, so that walking
 * through one's own addresses does not reset a counter.
 */
export function toClientNetwork(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = toIpv6Groups(ip);
  if (groups.slice(0, 6).join(':') === '0:0:0:0:0:65535') {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
