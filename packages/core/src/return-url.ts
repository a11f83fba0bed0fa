// This package is built without DOM or Node types; the WHATWG URL class exists in every runtime it
// runs in (browsers, Node), so only the part used here is declared.
type WhatwgUrl = {
  origin: string;
  protocol: string;
  username: string;
  password: string;
  pathname: string;
  search: string;
  hash: string;
  toString: () => string;
};
declare const URL: new (input: string, base?: string) => WhatwgUrl;

/**
 * The one check for every return or redirect address a caller hands us (returnUrl, callbackUrl,
 * successUrl, cancelUrl): it must lead back to this site, never to another one.
 *
 * Accepted: a path on this site (`/usage?tab=plans#top`), or an absolute http(s) URL whose origin
 * is one of `allowedOrigins`. Refused (undefined): anything else, in particular
 * - control characters and whitespace anywhere (browsers drop tabs and newlines, so `/\t/evil`
 *   becomes `//evil`; a newline in a Location header is a response-splitting attempt),
 * - backslashes anywhere (browsers read `/\evil` as `//evil`),
 * - scheme-relative `//host`, other schemes (`javascript:`, `data:`), paths without a leading `/`,
 * - percent-encoded forms of the above (`/%2F%2Fevil`, `/%5Cevil`, `/%09/evil`) and malformed
 *   escapes, because some reader may decode the value once more before using it.
 */
export function toSafeReturnUrl(
  value: unknown,
  options: { allowedOrigins?: readonly string[] } = {},
): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > 2048 || UNSAFE_CHARACTERS.test(value))
    return undefined;
  // Every decoded layer must stay harmless too: no control characters, and a path stays a path.
  let decoded = value;
  for (let layer = 0; ; layer += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) break;
    if (layer === 3 || CONTROL_CHARACTERS.test(next) || (isPathLike(value) && !isSafePathStart(next))) return undefined;
    decoded = next;
  }

  if (isPathLike(value)) {
    if (!isSafePathStart(value)) return undefined;
    // Resolve against a placeholder origin: the result must stay on it.
    const placeholder = 'http://return-url.invalid';
    const url = new URL(value, placeholder);
    if (url.origin !== placeholder) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  }

  let url: WhatwgUrl;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const allowed = (options.allowedOrigins ?? [])
    .map(toOrigin)
    .filter((origin): origin is string => origin !== undefined);
  return allowed.includes(url.origin) ? url.toString() : undefined;
}

/** Like toSafeReturnUrl, but the answer is always a path on this site (an allowed absolute URL gives its path). */
export function toSafeReturnPath(
  value: unknown,
  options: { allowedOrigins?: readonly string[] } = {},
): string | undefined {
  const safe = toSafeReturnUrl(value, options);
  if (safe === undefined || safe.startsWith('/')) return safe;
  const url = new URL(safe);
  return `${url.pathname}${url.search}${url.hash}`;
}

function isPathLike(value: string) {
  return value.startsWith('/') || value.startsWith('\\') || value.startsWith('%');
}

/** `/` alone, or `/` followed by anything but a second slash or a backslash. */
function isSafePathStart(value: string) {
  return value.startsWith('/') && value[1] !== '/' && value[1] !== '\\';
}

// Control characters (C0, DEL, C1).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/u;
// Those, every kind of whitespace (also invisible ones), and the backslash.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\\s\u200b-\u200f\u2028\u2029\ufeff]/u;

function toOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
