import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from './app-error';
import { toIpv6Groups } from './to-ipv6-groups';

/**
 * Server-side request forgery guard for addresses users give us (tool URLs, provider base URLs,
 * demo backgrounds): only public unicast addresses pass. Names are resolved first and every
 * address must pass; `createGuardedLookup` repeats the check at connect time so a name that
 * re-resolves to a private address (DNS rebinding) is refused too.
 */

export type SsrfGuardOptions = {
  /** Tests only: let 127.0.0.0/8 and ::1 through (the fake servers listen there). */
  allowLoopback?: boolean;
  /**
   * Tests only: let loopback IP literals through on these ports alone, so a test server there can
   * redirect to loopback on any other port and be refused (names still need allowLoopback).
   */
  allowLoopbackPorts?: readonly number[];
};

export const BLOCKED_ADDRESS_MESSAGE =
  'This URL points to a private, loopback or link-local address, which is not allowed.';
export const UNRESOLVABLE_HOST_MESSAGE = 'The host name of this URL could not be resolved.';
export const UNSUPPORTED_URL_MESSAGE = 'Only http and https URLs are allowed.';

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1)
  ['64:ff9b::', 96], // NAT64: embeds an IPv4 address
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: embeds an obfuscated IPv4 address
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * The IPv4 address an IPv6 address stands for, when it embeds one a gateway would connect to:
 * mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d), in any
 * spelling (dotted or hex, zeros elided or not). Others are answered unchanged; the deprecated
 * IPv4-compatible range ::/96 is refused as a whole by the block list.
 */
function toEmbeddedIpv4(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = toIpv6Groups(address);
  const prefix = groups
    .slice(0, 6)
    .map((group) => group.toString(16))
    .join(':');
  const isEmbedding = prefix === '0:0:0:0:0:ffff' || prefix === '0:0:0:0:ffff:0' || prefix === '64:ff9b:0:0:0:0';
  if (!isEmbedding) return address;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** An address as the range check sees it: no brackets, no zone id ('fe80::1%eth0'), embedded IPv4 unwrapped. */
function normaliseAddress(address: string): string {
  return toEmbeddedIpv4(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
}

/** Whether an IP address is public unicast (or loopback, when the test-only option allows it). */
export function isPublicAddress(address: string, options: SsrfGuardOptions = {}): boolean {
  const unwrapped = normaliseAddress(address);
  const family = isIP(unwrapped);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (options.allowLoopback && loopback.check(unwrapped, type)) return true;
  return !nonPublic.check(unwrapped, type);
}

function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

async function resolveAll(hostname: string): Promise<string[]> {
  if (isIP(hostname)) return [hostname];
  try {
    const entries = await dns.promises.lookup(hostname, { all: true, verbatim: true });
    return entries.map((entry) => entry.address);
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', { message: UNRESOLVABLE_HOST_MESSAGE, cause: error });
  }
}

/**
 * Throws AppError VALIDATION_ERROR unless `url` is http(s) and every address its host resolves
 * to is public. Answers the parsed URL and the addresses it resolved to.
 */
export async function assertPublicHttpUrlOrThrow(
  url: string | URL,
  options: SsrfGuardOptions = {},
): Promise<{ url: URL; addresses: string[] }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', { message: UNSUPPORTED_URL_MESSAGE, cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new AppError('VALIDATION_ERROR', { message: UNSUPPORTED_URL_MESSAGE });
  const addresses = await resolveAll(hostnameOf(parsed));
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  const guard = {
    allowLoopback:
      options.allowLoopback === true ||
      (isIP(hostnameOf(parsed)) !== 0 && (options.allowLoopbackPorts?.includes(port) ?? false)),
  };
  if (addresses.length === 0 || addresses.some((address) => !isPublicAddress(address, guard))) {
    throw new AppError('VALIDATION_ERROR', { message: BLOCKED_ADDRESS_MESSAGE, extra: { url: parsed.origin } });
  }
  return { url: parsed, addresses };
}

/**
 * A `lookup` for node:http(s) and net that refuses non-public answers at connect time.
 * (IP literals never reach a lookup; assertPublicHttpUrlOrThrow covers them.)
 */
export function createGuardedLookup(options: SsrfGuardOptions = {}): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses;
      const refused = list.length === 0 || list.some((entry) => !isPublicAddress(entry.address, options));
      if (refused) return callback(Object.assign(new Error(BLOCKED_ADDRESS_MESSAGE), { code: 'ESSRFBLOCKED' }), '', 4);
      if (lookupOptions.all)
        return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
      const first = list[0] as dns.LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
