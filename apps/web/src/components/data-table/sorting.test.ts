import { describe, expect, it } from 'vitest';
import { compareSortValues, formatDisplayedRows, nextSort, toSortValue } from './sorting';

describe('sorting helpers', () => {
  it('compares numbers numerically and strings naturally', () => {
    expect([100, 9, 20].sort(compareSortValues)).toEqual([9, 20, 100]);
    expect(['b', 'a10', 'a9', 'A1'].sort(compareSortValues)).toEqual(['A1', 'a9', 'a10', 'b']);
  });

  it('treats null, NaN and invalid dates as missing', () => {
    expect(toSortValue(null)).toBeUndefined();
    expect(toSortValue(Number.NaN)).toBeUndefined();
    expect(toSortValue(new Date('nope'))).toBeUndefined();
    expect(toSortValue(new Date(5))).toBe(5);
    expect(toSortValue(true)).toBe(1);
  });

  it('cycles a header through ascending, descending and none', () => {
    expect(nextSort(null, 'miles')).toEqual({ id: 'miles', desc: false });
    expect(nextSort({ id: 'miles', desc: false }, 'miles')).toEqual({ id: 'miles', desc: true });
    expect(nextSort({ id: 'miles', desc: true }, 'miles')).toBeNull();
    expect(nextSort({ id: 'name', desc: true }, 'miles')).toEqual({ id: 'miles', desc: false });
  });

  it('formats the displayed rows with thousands separators', () => {
    expect(formatDisplayedRows({ from: 1, to: 100, count: 2345 })).toBe('1–100 of 2,345');
    expect(formatDisplayedRows({ from: 1001, to: 2000, count: -1 })).toBe('1,001–2,000 of more than 2,000');
  });
});
