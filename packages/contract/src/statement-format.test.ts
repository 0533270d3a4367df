import { describe, expect, it } from 'vitest';
import { addedMoney, deductedMoney, MINUS, statementGallons, statementMiles, statementMoney, statementRate } from './statement-format';

describe('statement formats (web sheet and PDF alike)', () => {
  it('shows miles as whole numbers, rounded half up', () => {
    expect(statementMiles('1234.5')).toBe('1,235');
    expect(statementMiles('240.0')).toBe('240');
    expect(statementMiles(239.49)).toBe('239');
    expect(statementMiles('abc')).toBe('');
  });

  it('shows a rate per mile with two decimals', () => {
    expect(statementRate('2.5')).toBe('$2.50/mi');
    expect(statementRate('2.3456')).toBe('$2.35/mi');
    expect(statementRate(null)).toBe('');
  });

  it('uses one minus sign for deductions and negative amounts', () => {
    expect(MINUS).toBe('\u2212');
    expect(deductedMoney('412.34')).toBe('\u2212$412.34');
    expect(deductedMoney('-5')).toBe('+$5.00');
    expect(statementMoney('-1061.86')).toBe('\u2212$1,061.86');
    expect(statementMoney('1061.86')).toBe('$1,061.86');
    expect(addedMoney('48.75')).toBe('+$48.75');
    expect(addedMoney('-1')).toBe('\u2212$1.00');
  });

  it('shows gallons with three decimals, nothing for none', () => {
    expect(statementGallons('120.5')).toBe('120.500');
    expect(statementGallons('0.000')).toBe('');
  });
});
