import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff';

describe('diffLines', () => {
  it('keeps common lines and marks removed and added ones in order', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('treats an empty text as no lines', () => {
    expect(diffLines('', 'a')).toEqual([{ kind: 'added', text: 'a' }]);
    expect(diffLines('a', '')).toEqual([{ kind: 'removed', text: 'a' }]);
    expect(diffLines('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });
});
