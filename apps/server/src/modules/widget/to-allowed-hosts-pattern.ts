/**
 * allowedDomains as one regular expression over a page's `location.host` (host plus a
 * non-default port), for the loader, which has no room for isOriginAllowed (2 KB budget). It
 * answers as isOriginAllowed does: 'example.com' matches that host and its subdomains,
 * '*.example.com' only the subdomains; an entry without a port only the default port. '' when
 * the list is empty (anywhere).
 */
export function toAllowedHostsPattern(allowedDomains: readonly string[]): string {
  return allowedDomains
    .map((entry) => {
      const host = entry.toLowerCase();
      const isWildcard = host.startsWith('*.');
      const escaped = (isWildcard ? host.slice(2) : host).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return `${isWildcard ? '\\.' : '(?:^|\\.)'}${escaped}$`;
    })
    .join('|');
}
