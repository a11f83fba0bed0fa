/** One line of a diff: kept, removed from the old text, or added in the new one. */
export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string };

/**
 * A line diff of two texts by longest common subsequence (instructions are short: at most a
 * few hundred lines, so the quadratic table is fine). Removals come before additions at each change.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const left = before === '' ? [] : before.split('\n');
  const right = after === '' ? [] : after.split('\n');
  const rows = left.length + 1;
  const columns = right.length + 1;
  const lengths = new Uint32Array(rows * columns);
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) {
      lengths[i * columns + j] =
        left[i] === right[j]
          ? (lengths[(i + 1) * columns + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * columns + j] ?? 0, lengths[i * columns + j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      lines.push({ kind: 'same', text: left[i] as string });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * columns + j] ?? 0) >= (lengths[i * columns + j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: left[i] as string });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: right[j] as string });
      j += 1;
    }
  }
  for (; i < left.length; i += 1) lines.push({ kind: 'removed', text: left[i] as string });
  for (; j < right.length; j += 1) lines.push({ kind: 'added', text: right[j] as string });
  return lines;
}
