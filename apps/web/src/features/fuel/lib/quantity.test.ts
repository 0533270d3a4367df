import { describe, expect, it } from 'vitest';
import { formatMpg, formatQuantity, sumQuantities, toScaled } from './quantity';

describe('quantities as decimal text', () => {
  it('groups digits without passing through a float', () => {
    expect(formatQuantity('1101.250')).toBe('1,101.250');
    expect(formatQuantity('-50.000')).toBe('-50.000');
    expect(formatQuantity('1234567.891', 1)).toBe('1,234,567.9');
    expect(formatQuantity('0.05', 1)).toBe('0.1');
    expect(formatQuantity('abc')).toBe('abc');
  });
  it('sums exactly: 0.1 + 0.2 is 0.3', () => {
    expect(sumQuantities(['0.1', '0.2'], 1)).toBe('0.3');
    expect(sumQuantities(['120.500', '1101.250', '-50.000'], 3)).toBe('1171.750');
    expect(sumQuantities([], 3)).toBe('0.000');
    expect(toScaled('1,101.25', 3)).toBe(1101250n);
  });
  it('MPG to two places, a dash without fuel', () => {
    expect(formatMpg(6.5)).toBe('6.50');
    expect(formatMpg(null)).toBe('—');
  });
});
