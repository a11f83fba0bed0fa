import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments';

describe('countSmsSegments', () => {
  it('counts GSM-7 texts in 160 then 153 septets', () => {
    expect(countSmsSegments('')).toMatchObject({ segments: 0, encoding: 'GSM-7' });
    expect(countSmsSegments('a'.repeat(160))).toMatchObject({ segments: 1, encoding: 'GSM-7', remainingInSegment: 0 });
    expect(countSmsSegments('a'.repeat(161))).toMatchObject({ segments: 2, unitsPerSegment: 153 });
    expect(countSmsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(countSmsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts extension characters twice and never splits them', () => {
    expect(countSmsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSmsSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // 152 septets then an escape pair: the pair moves to the second segment.
    expect(countSmsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({ segments: 2, units: 164 });
  });

  it('switches to UCS-2 for any character outside the alphabet', () => {
    const info = countSmsSegments('Hello ’quoted’');
    expect(info).toMatchObject({ encoding: 'UCS-2', segments: 1, nonGsmCharacters: ['’'] });
    expect(countSmsSegments('é'.repeat(70))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(countSmsSegments('ж'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSmsSegments('ж'.repeat(71))).toMatchObject({ segments: 2, unitsPerSegment: 67 });
    expect(countSmsSegments('ж'.repeat(134))).toMatchObject({ segments: 2 });
    expect(countSmsSegments('ж'.repeat(135))).toMatchObject({ segments: 3 });
  });

  it('counts emoji as two UTF-16 units and keeps surrogate pairs whole', () => {
    expect(countSmsSegments('😀'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
    expect(countSmsSegments('😀'.repeat(36))).toMatchObject({ units: 72, segments: 2 });
    // 66 units then a pair: it moves whole to the second segment.
    expect(countSmsSegments(`${'ж'.repeat(66)}😀${'ж'.repeat(3)}`)).toMatchObject({
      segments: 2,
      remainingInSegment: 62,
    });
  });
});
