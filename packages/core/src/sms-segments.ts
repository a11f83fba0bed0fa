/**
 * How many SMS segments a text takes, the way carriers count them: GSM-7 when every
 * character is in the GSM 03.38 alphabet (160 characters in one segment, 153 per segment
 * when split, the extension characters counting twice), UCS-2 otherwise (70, then 67 per
 * segment, characters outside the basic plane counting twice). A split never cuts an escape
 * pair or a surrogate pair in half. Shown before an SMS is sent; Twilio charges per segment.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basicSet = new Set(GSM_BASIC);
const extensionSet = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsSegmentInfo = {
  encoding: SmsEncoding;
  segments: number;
  /** Units used: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** Units per segment at this length (160/153 or 70/67). */
  unitsPerSegment: number;
  /** Units left in the last segment before another one starts. */
  remainingInSegment: number;
  /** Characters that forced UCS-2 (empty for GSM-7), for a hint such as "’ is not in the SMS alphabet". */
  nonGsmCharacters: string[];
};

export function isGsm7Character(character: string): boolean {
  return basicSet.has(character) || extensionSet.has(character);
}

export function countSmsSegments(text: string): SmsSegmentInfo {
  const characters = Array.from(text);
  const nonGsm = [...new Set(characters.filter((character) => !isGsm7Character(character)))];
  const encoding: SmsEncoding = nonGsm.length === 0 ? 'GSM-7' : 'UCS-2';
  const sizes = characters.map((character) =>
    encoding === 'GSM-7' ? (extensionSet.has(character) ? 2 : 1) : character.length,
  );
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const single = encoding === 'GSM-7' ? 160 : 70;
  const multi = encoding === 'GSM-7' ? 153 : 67;
  if (units <= single) {
    return {
      encoding,
      segments: units === 0 ? 0 : 1,
      units,
      unitsPerSegment: single,
      remainingInSegment: single - units,
      nonGsmCharacters: nonGsm,
    };
  }
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return {
    encoding,
    segments,
    units,
    unitsPerSegment: multi,
    remainingInSegment: multi - used,
    nonGsmCharacters: nonGsm,
  };
}
