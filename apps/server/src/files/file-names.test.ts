import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, MAX_FILE_NAME } from './file-names';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];

describe('stored upload names', () => {
  it('keep no control or bidirectional character', () => {
    for (const c of [...BIDI, '\u0000', '\u0007', '\n', '\r', '\t', '\u007f', '\u0085', '\u009b']) {
      expect(cleanFileName(`invoice${c}fdp.csv`)).toBe('invoicefdp.csv');
    }
    expect(cleanFileName('trips\u202Evsc.exe')).toBe('tripsvsc.exe');
  });

  it('shorten a name over 255 characters keeping its extension', () => {
    const long = `${'a'.repeat(300)}.xlsx`;
    const name = cleanFileName(long);
    expect(Array.from(name)).toHaveLength(MAX_FILE_NAME);
    expect(name.endsWith('.xlsx')).toBe(true);
    // Characters outside the basic plane are not cut in half.
    const emoji = cleanFileName(`${'😀'.repeat(300)}.csv`);
    expect(emoji.endsWith('😀.csv')).toBe(true);
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME);
    expect(cleanFileName(`${'b'.repeat(100)}.csv`)).toBe(`${'b'.repeat(100)}.csv`);
  });

  it('keep only the last path part', () => {
    expect(cleanFileName('C:\\Users\\x\\fuel.csv')).toBe('fuel.csv');
    expect(cleanFileName('../../etc/passwd.csv')).toBe('passwd.csv');
  });
});

describe('content-disposition', () => {
  it('is a plain quoted name for ASCII names', () => {
    expect(contentDisposition('invoice-check-2025-week-29.csv')).toBe('attachment; filename="invoice-check-2025-week-29.csv"');
  });

  it('gives an ASCII fallback and the UTF-8 name per RFC 5987 for the rest', () => {
    const h = contentDisposition('Übersicht – Woche 3 (neu).csv');
    expect(h).toBe(`attachment; filename="_bersicht _ Woche 3 (neu).csv"; filename*=UTF-8''%C3%9Cbersicht%20%E2%80%93%20Woche%203%20%28neu%29.csv`);
  });

  it('never carries a quote, backslash, CR, LF or bidi control, whatever the name', () => {
    for (const name of ['a"b.csv', 'a\\b.csv', 'a\r\nSet-Cookie: x=1.csv', `x${BIDI.join('')}y.pdf`, '"; filename="evil.exe', '%22.csv', 'ab;c.csv', '']) {
      const h = contentDisposition(name);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be absent
      expect(h).not.toMatch(/[\r\n\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      const fallback = /filename="([^"]*)"/.exec(h)?.[1];
      expect(fallback, name).toBeDefined();
      expect(h.split('"').length, h).toBe(3);
      expect(fallback).not.toMatch(/[\\%;]/);
      const extended = /filename\*=UTF-8''(.*)$/.exec(h)?.[1];
      if (extended) expect(extended).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    }
  });
});
