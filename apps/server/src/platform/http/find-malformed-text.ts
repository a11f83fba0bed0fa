/** A lone UTF-16 surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MALFORMED_CHARACTERS = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');
const MAX_PATH_LENGTH = 200;

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode (no unpaired surrogate characters)';
export const MAX_NESTING_DEPTH = 100;
export const NESTING_MESSAGE = `Values may be nested at most ${MAX_NESTING_DEPTH} levels deep`;

export type MalformedText = { path: string; message: string };

function describe(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * The first string (value or object key) holding a NUL character or a lone surrogate, with its
 * dotted path. PostgreSQL refuses NUL in text and a lone surrogate cannot be encoded as UTF-8,
 * so either would fail deep inside a handler. Also the first value nested deeper than
 * MAX_NESTING_DEPTH: no request needs it, and recursive code (serialisers, validators, libraries)
 * overflows its stack on 10,000 levels. Walks with an explicit stack for the same reason.
 */
export function findMalformedText(value: unknown, rootPath = ''): MalformedText | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      const message = describe(item.value);
      if (message) return { path: toShownPath(item.path), message };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    const depth = item.depth + 1;
    if (depth > MAX_NESTING_DEPTH) return { path: toShownPath(item.path), message: NESTING_MESSAGE };
    if (Array.isArray(item.value)) {
      item.value.forEach((entry: unknown, index) =>
        stack.push({ value: entry, path: join(item.path, String(index)), depth }),
      );
      continue;
    }
    for (const [key, entry] of Object.entries(item.value)) {
      const keyPath = join(item.path, key);
      const message = describe(key);
      if (message) return { path: toShownPath(keyPath), message };
      stack.push({ value: entry, path: keyPath, depth });
    }
  }
  return null;
}

function join(parent: string, key: string) {
  return parent ? `${parent}.${key}` : key;
}

/** The path as the error shows it: the bad characters replaced, and cut short when very deep. */
function toShownPath(path: string) {
  const shown = path.replace(MALFORMED_CHARACTERS, '\uFFFD');
  return shown.length > MAX_PATH_LENGTH ? `${shown.slice(0, MAX_PATH_LENGTH)}…` : shown;
}
