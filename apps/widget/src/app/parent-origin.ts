/**
 * The embedding page's origin, pinned for every postMessage in both directions. The loader passes
 * it as ?parentOrigin=; we check it against what the browser says about our parent
 * (location.ancestorOrigins, else document.referrer). When the browser can tell and disagrees, we
 * talk to nobody. When it cannot tell (Firefox with a no-referrer policy), the pinned origin still
 * protects us: postMessage delivers only to that origin and we accept only its messages.
 */
export function resolveParentOrigin(input: {
  queryOrigin: string | null;
  ancestorOrigin?: string | null;
  referrer?: string | null;
}): string | null {
  const claimed = toOrigin(input.queryOrigin);
  const observed = toOrigin(input.ancestorOrigin ?? null) ?? toOrigin(input.referrer ?? null);
  if (!claimed) return observed;
  if (observed && observed !== claimed) return null;
  return claimed;
}

function toOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
