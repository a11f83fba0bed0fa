/**
 * Whether a page with these response headers may be framed by `embedderOrigin` (our
 * PUBLIC_URL), as browsers decide it: a CSP frame-ancestors directive (enforced policies only)
 * wins over X-Frame-Options; every enforced policy must allow the embedder. X-Frame-Options
 * DENY or SAMEORIGIN refuse (ALLOW-FROM and unknown values are ignored by browsers).
 */
export function decideFrameEmbedding(options: { headers: Headers; targetUrl: URL; embedderOrigin: string }): {
  embeddable: boolean;
  reason?: string;
} {
  const embedder = new URL(options.embedderOrigin);
  const policies = (options.headers.get('content-security-policy') ?? '')
    .split(',')
    .map((policy) => policy.trim())
    .filter(Boolean);
  const frameAncestors = policies
    .map((policy) =>
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name?.toLowerCase() === 'frame-ancestors'),
    )
    .filter((directive): directive is string[] => directive !== undefined)
    .map((directive) => directive.slice(1));

  if (frameAncestors.length > 0) {
    for (const sources of frameAncestors) {
      if (!sources.some((source) => matchesSource({ source, embedder, target: options.targetUrl }))) {
        return {
          embeddable: false,
          reason: `Content-Security-Policy: frame-ancestors ${sources.join(' ') || "'none'"}`,
        };
      }
    }
    return { embeddable: true };
  }

  const frameOptions = (options.headers.get('x-frame-options') ?? '')
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .filter(Boolean);
  const refusing = frameOptions.find(
    (value) => value === 'DENY' || (value === 'SAMEORIGIN' && new URL(options.targetUrl).origin !== embedder.origin),
  );
  if (refusing) return { embeddable: false, reason: `X-Frame-Options: ${refusing}` };
  return { embeddable: true };
}

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

function portOf(url: URL): string {
  return url.port || defaultPorts[url.protocol] || '';
}

/** CSP3 source matching for the embedder's origin, enough for frame-ancestors. */
function matchesSource(options: { source: string; embedder: URL; target: URL }): boolean {
  const { embedder, target } = options;
  const source = options.source.trim();
  const lower = source.toLowerCase();
  if (lower === "'none'") return false;
  if (lower === "'self'") return embedder.origin === target.origin;
  if (lower === '*') return embedder.protocol === 'http:' || embedder.protocol === 'https:';
  // Scheme source: 'https:' (and 'http:', which an https embedder also matches).
  const scheme = /^([a-z][a-z0-9+.-]*):$/.exec(lower);
  if (scheme) return embedder.protocol === `${scheme[1]}:` || (scheme[1] === 'http' && embedder.protocol === 'https:');
  const host = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([a-z0-9.-]+|\*)(?::(\d+|\*))?(?:\/.*)?$/.exec(lower);
  if (!host) return false;
  const [, sourceScheme, wildcard, hostName, port] = host;
  if (sourceScheme) {
    const allowed =
      sourceScheme === embedder.protocol.slice(0, -1) || (sourceScheme === 'http' && embedder.protocol === 'https:');
    if (!allowed) return false;
  } else {
    // A scheme-less source takes the protected page's scheme (http also allows https).
    const allowed =
      embedder.protocol === target.protocol || (target.protocol === 'http:' && embedder.protocol === 'https:');
    if (!allowed) return false;
  }
  const embedderHost = embedder.hostname.toLowerCase();
  // '*' as a host is only valid alone (handled above).
  if (hostName === '*') return false;
  if (wildcard) {
    if (!embedderHost.endsWith(`.${hostName}`)) return false;
  } else if (embedderHost !== hostName) {
    return false;
  }
  if (port === '*') return true;
  // No port in the source: the default port of the embedder's scheme.
  if (!port) return portOf(embedder) === defaultPorts[embedder.protocol];
  return portOf(embedder) === port;
}
