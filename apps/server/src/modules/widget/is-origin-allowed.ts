/**
 * Whether a page origin may use a widget whose allowedDomains is `allowedDomains` (empty =
 * anywhere). An entry 'example.com' allows that host and its subdomains; '*.example.com' only
 * the subdomains; an entry without a port means the scheme's default port, one with a port
 * that port — the same sources `frame-ancestors` gets (see toFrameAncestors).
 */
export function isOriginAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const hostname = url.hostname.toLowerCase();
  return allowedDomains.some((entry) => {
    const [domainPart = '', port = ''] = entry.toLowerCase().split(':');
    if (port !== url.port) return false;
    const isWildcard = domainPart.startsWith('*.');
    const domain = isWildcard ? domainPart.slice(2) : domainPart;
    return (!isWildcard && hostname === domain) || hostname.endsWith(`.${domain}`);
  });
}
