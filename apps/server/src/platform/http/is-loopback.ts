/**
 * True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x (::ffff:127.0.0.1). Anything else, and a
 * missing address, is not loopback.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const normalized = address.toLowerCase();
  if (normalized === '::1' || normalized === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = normalized.startsWith('::ffff:') ? normalized.slice('::ffff:'.length) : normalized;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/**
 * A host naming this machine: localhost, 127.0.0.0/8 or ::1, as a Host header (with or without a
 * port, IPv6 in brackets), a URL's hostname or an interface to listen on (HOST, IPv6 bare).
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  const bracketed = /^\[(.*)\](?::\d+)?$/.exec(value);
  const isBareIpv6 = !bracketed && value.split(':').length > 2;
  const name = bracketed?.[1] ?? (isBareIpv6 ? value : value.replace(/:\d+$/, ''));
  return name === 'localhost' || isLoopbackAddress(name);
}
