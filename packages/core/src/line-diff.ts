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

/** One change of a line diff: the lines of `before` from `start` up to `end` (excluded) replaced by `lines`. */
type Hunk = { start: number; end: number; lines: string[]; side: 'ours' | 'theirs' };

const splitLines = (text: string) => (text === '' ? [] : text.split('\n'));

function hunksOf(before: string, after: string, side: Hunk['side']): Hunk[] {
  const hunks: Hunk[] = [];
  let position = 0;
  let open: Hunk | null = null;
  for (const line of diffLines(before, after)) {
    if (line.kind === 'same') {
      open = null;
      position += 1;
      continue;
    }
    if (!open) {
      open = { start: position, end: position, lines: [], side };
      hunks.push(open);
    }
    if (line.kind === 'removed') {
      position += 1;
      open.end = position;
    } else open.lines.push(line.text);
  }
  return hunks;
}

/** The lines `base[start, end)` become with `hunks` (all inside that range) applied. */
function applyHunks(base: readonly string[], start: number, end: number, hunks: readonly Hunk[]): string[] {
  const lines: string[] = [];
  let position = start;
  for (const hunk of hunks) {
    lines.push(...base.slice(position, hunk.start), ...hunk.lines);
    position = hunk.end;
  }
  return [...lines, ...base.slice(position, end)];
}

const isSameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, index) => line === b[index]);

/**
 * Two additions at one place: their shared first and last lines once, `ours` in between before
 * `theirs` (e.g. a rules list both extended: its heading once, then both new rules).
 */
function combineAdditions(ours: readonly string[], theirs: readonly string[]): string[] {
  const shortest = Math.min(ours.length, theirs.length);
  let prefix = 0;
  while (prefix < shortest && ours[prefix] === theirs[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < shortest - prefix && ours[ours.length - 1 - suffix] === theirs[theirs.length - 1 - suffix])
    suffix += 1;
  return [
    ...ours.slice(0, ours.length - suffix),
    ...theirs.slice(prefix, theirs.length - suffix),
    ...ours.slice(ours.length - suffix),
  ];
}

export type MergedLines = { isConflict: false; text: string } | { isConflict: true };

/**
 * A three-way line merge: the changes `theirs` made to `base` applied to `ours` (another text
 * changed from the same `base`). Changes to different lines combine, a change both sides made is
 * made once, and additions at the same place are both kept; when both sides changed or removed
 * the same lines differently (or one added lines among lines the other changed), it is a conflict.
 */
export function mergeLines(base: string, ours: string, theirs: string): MergedLines {
  if (ours === base || ours === theirs) return { isConflict: false, text: theirs };
  if (theirs === base) return { isConflict: false, text: ours };
  const baseLines = splitLines(base);
  // By where they start in `base`; at one place an addition comes before a change of the lines there.
  const hunks = [...hunksOf(base, ours, 'ours'), ...hunksOf(base, theirs, 'theirs')].sort(
    (a, b) => a.start - b.start || a.end - a.start - (b.end - b.start),
  );
  // Hunks that touch the same lines of `base` (or add at the same place) form one region.
  const regions: { start: number; end: number; hunks: Hunk[] }[] = [];
  for (const hunk of hunks) {
    const region = regions.at(-1);
    const isAddition = hunk.start === hunk.end;
    const touches =
      region !== undefined &&
      (hunk.start < region.end || (isAddition && region.start === region.end && hunk.start === region.start));
    if (region && touches) {
      region.end = Math.max(region.end, hunk.end);
      region.hunks.push(hunk);
    } else regions.push({ start: hunk.start, end: hunk.end, hunks: [hunk] });
  }
  const merged: string[] = [];
  let position = 0;
  for (const region of regions) {
    merged.push(...baseLines.slice(position, region.start));
    position = region.end;
    const ourHunks = region.hunks.filter((hunk) => hunk.side === 'ours');
    const theirHunks = region.hunks.filter((hunk) => hunk.side === 'theirs');
    const ourLines = applyHunks(baseLines, region.start, region.end, ourHunks);
    const theirLines = applyHunks(baseLines, region.start, region.end, theirHunks);
    if (theirHunks.length === 0 || isSameLines(ourLines, theirLines)) merged.push(...ourLines);
    else if (ourHunks.length === 0) merged.push(...theirLines);
    else if (region.start === region.end) merged.push(...combineAdditions(ourLines, theirLines));
    else return { isConflict: true };
  }
  merged.push(...baseLines.slice(position));
  return { isConflict: false, text: merged.join('\n') };
}
