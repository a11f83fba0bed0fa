/** At most this many words of a search are used. */
const MAX_SEARCH_WORDS = 8;

/**
 * A search box's text as a to_tsquery() expression where every word matches as a prefix
 * ('chat auto' -> 'chat:* & auto:*'). Only letters and digits survive, so the text can never
 * break the tsquery syntax; null when no word is left.
 */
export function toPrefixSearchQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_SEARCH_WORDS) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}
