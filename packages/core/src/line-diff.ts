export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * A line diff of two texts by their longest common subsequence: what was removed from `before`
 * and added in `after`, in reading order (removals before additions at each change).
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // lengths[i][j]: the LCS length of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      row[j] = a[i] === b[j] ? (lengths[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lengths[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] ?? '' });
      i += 1;
      j += 1;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: a[i] ?? '' });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: b[j] ?? '' });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) lines.push({ kind: 'removed', text: a[i] ?? '' });
  for (; j < b.length; j += 1) lines.push({ kind: 'added', text: b[j] ?? '' });
  return lines;
}
