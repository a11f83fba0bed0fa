import { describe, expect, it } from 'vitest';
import { diffLines, mergeLines } from './line-diff';

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

describe('mergeLines', () => {
  const base = 'Greet.\nBe brief.\nSign off.';

  it('combines changes to different lines', () => {
    expect(mergeLines(base, 'Greet warmly.\nBe brief.\nSign off.', 'Greet.\nBe brief.\nSign off politely.')).toEqual({
      isConflict: false,
      text: 'Greet warmly.\nBe brief.\nSign off politely.',
    });
    // An addition right after lines the other side rewrote touches none of them.
    expect(mergeLines(base, 'Greet.\nBe brief.\nSign off politely.', 'Greet.\nBe brief.\nSign off.\nP.S.')).toEqual({
      isConflict: false,
      text: 'Greet.\nBe brief.\nSign off politely.\nP.S.',
    });
    // Changes on neighbouring lines touch no common line: both are kept.
    expect(mergeLines(base, 'Greet.\nBe thorough.\nSign off.', 'Greet.\nBe brief.\nSign off politely.')).toEqual({
      isConflict: false,
      text: 'Greet.\nBe thorough.\nSign off politely.',
    });
  });

  it('keeps both additions made at the same place, their shared lines once, the published one first', () => {
    const published = 'Intro.\n\nRules learned from testing:\n- Offer a survey.';
    const proposed = 'Intro.\n\nRules learned from testing:\n- Name the opening hours.';
    expect(mergeLines('Intro.', published, proposed)).toEqual({
      isConflict: false,
      text: 'Intro.\n\nRules learned from testing:\n- Offer a survey.\n- Name the opening hours.',
    });
  });

  it('makes a change both sides made once', () => {
    const changed = 'Greet.\nBe thorough.\nSign off.';
    expect(mergeLines(base, changed, changed)).toEqual({ isConflict: false, text: changed });
    // The published side made the same change and another one.
    expect(mergeLines(base, 'Greet.\nBe thorough.\nSign off.\nP.S.', changed)).toEqual({
      isConflict: false,
      text: 'Greet.\nBe thorough.\nSign off.\nP.S.',
    });
  });

  it('answers the other side as it is when one side changed nothing', () => {
    const changed = 'Greet.\nSign off.\n';
    expect(mergeLines(base, base, changed)).toEqual({ isConflict: false, text: changed });
    expect(mergeLines(base, changed, base)).toEqual({ isConflict: false, text: changed });
    expect(mergeLines('', '', 'New.')).toEqual({ isConflict: false, text: 'New.' });
    expect(mergeLines('', 'Published.', 'New.')).toEqual({ isConflict: false, text: 'Published.\nNew.' });
  });

  it('is a conflict when both sides change the same line differently', () => {
    expect(mergeLines(base, 'Greet.\nBe thorough.\nSign off.', 'Greet.\nBe short.\nSign off.')).toEqual({
      isConflict: true,
    });
    // One side removed the line the other rewrote.
    expect(mergeLines(base, 'Greet.\nSign off.', 'Greet.\nBe short.\nSign off.')).toEqual({ isConflict: true });
    // An addition in the middle of lines the other side replaced.
    expect(mergeLines(base, 'Greet.\nBe kind.', 'Greet.\nBe brief.\nCite sources.\nSign off.')).toEqual({
      isConflict: true,
    });
  });
});
