import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, csvField, csvText, neutraliseText, startsLikeFormula } from './csv-writer';

/** RFC 4180 read back: the fields of one line written by csvText (quoted fields may hold CR, LF). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const dangerous = fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string()).map(([a, b]) => a + b);
const anyText = fc.oneof(fc.string(), dangerous, fc.constantFrom('-2+3+cmd|\' /C calc\'!A0', '=HYPERLINK("http://x","y")', '@SUM(1)', '\tx', '-12.50', '+1'));
const decimal = fc.tuple(fc.boolean(), fc.nat(), fc.option(fc.nat({ max: 9999 }), { nil: undefined })).map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac === undefined ? '' : `.${String(frac).padStart(2, '0')}`}`);

describe('the one CSV writer', () => {
  it('neutralises every text cell that starts like a formula, and keeps its text after the apostrophe', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const written = cellText(text);
        expect(startsLikeFormula(written)).toBe(false);
        expect(written).toBe(startsLikeFormula(text) ? `'${text}` : text);
      }),
    );
  });

  it('writes numbers it formats (numbers, decimals, cents, negatives included) as they are', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
        expect(cellText(n)).toBe(String(n));
      }),
    );
    fc.assert(
      fc.property(decimal, (d) => {
        expect(cellText({ decimal: d })).toBe(d);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (c) => {
        expect(cellText({ cents: c })).toMatch(/^-?\d+\.\d\d$/);
      }),
    );
    expect(cellText({ decimal: '-12.50' })).toBe('-12.50');
    expect(cellText({ cents: -1250 })).toBe('-12.50');
    expect(cellText(-12.5)).toBe('-12.5');
  });

  it('treats a string that only looks like a number, or a decimal that is not one, as text', () => {
    expect(cellText('-12.50')).toBe("'-12.50");
    expect(cellText({ decimal: '-2+3+cmd|\' /C calc\'!A0' })).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(cellText({ decimal: '-1e3' })).toBe("'-1e3");
    expect(cellText('-2+3+cmd|\' /C calc\'!A0')).toBe("'-2+3+cmd|' /C calc'!A0");
  });

  it('quotes per RFC 4180, so any row reads back cell for cell, each neutralised', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(anyText, fc.integer()), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const back = readCsv(csvText(rows));
        expect(back).toEqual(rows.map((r) => r.map((c) => cellText(c))));
        for (const row of back) for (const cell of row) if (startsLikeFormula(cell)) expect(cell).toMatch(/^-\d/);
      }),
    );
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField('=1\r\n2')).toBe(`"'=1\r\n2"`);
    expect(csvText([['a', null, 1]], { bom: true })).toBe('\uFEFFa,,1\r\n');
  });

  it('leaves harmless text alone', () => {
    for (const s of ['A-1', 'Tracy, CA', "'quoted", ' =x', '']) expect(neutraliseText(s)).toBe(s);
  });
});
