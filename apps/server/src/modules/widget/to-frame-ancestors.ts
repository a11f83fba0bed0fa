/**
 * The `frame-ancestors` sources of a widget's iframe page: anywhere when allowedDomains is
 * empty, otherwise ourselves plus each domain over https and http, with its subdomains.
 */
export function toFrameAncestors(allowedDomains: readonly string[]): string {
  if (allowedDomains.length === 0) return '*';
  const sources = new Set<string>(["'self'"]);
  for (const entry of allowedDomains) {
    const host = entry.toLowerCase();
    const hosts = host.startsWith('*.') ? [host] : [host, `*.${host}`];
    for (const candidate of hosts) {
      sources.add(`https://${candidate}`);
      sources.add(`http://${candidate}`);
    }
  }
  return [...sources].join(' ');
}
