import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff';

describe('diffLines', () => {
  it('keeps common lines and marks removed and added ones in order', () => {
    expect(diffLines('Greet.\nBe brief.\nSign off.', 'Greet.\nBe thorough.\nCite prices.\nSign off.')).toEqual([
      { kind: 'same', text: 'Greet.' },
      { kind: 'removed', text: 'Be brief.' },
      { kind: 'added', text: 'Be thorough.' },
      { kind: 'added', text: 'Cite prices.' },
      { kind: 'same', text: 'Sign off.' },
    ]);
  });

  it('handles empty texts on either side', () => {
    expect(diffLines('', 'New.')).toEqual([{ kind: 'added', text: 'New.' }]);
    expect(diffLines('Old.', '')).toEqual([{ kind: 'removed', text: 'Old.' }]);
    expect(diffLines('Same.', 'Same.')).toEqual([{ kind: 'same', text: 'Same.' }]);
  });
});
