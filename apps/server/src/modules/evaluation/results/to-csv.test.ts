import { describe, expect, it } from 'vitest';
import { toCsv } from './to-csv';

describe('CSV export', () => {
  it('quotes fields with commas, quotes, CR or LF, doubles quotes, and ends lines with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\rhere', 3, null, true]])).toBe(
      'a,"b,c","say ""hi""","two\nlines","cr\rhere",3,,true\r\n',
    );
  });

  it('defuses spreadsheet formulas in text cells', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', -5]])).toBe(
      `"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),-5\r\n`,
    );
  });
});
