import { describe, expect, it } from 'vitest';
import * as money from './money';
import { centsToText, formatCents, payoutCents, splitCents, toCents } from './money';

describe('toCents', () => {
  it('reads decimal text and numbers exactly', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('1,234.5')).toBe(123450);
    expect(toCents('2.005')).toBe(201);
    expect(toCents(1.005)).toBe(101);
    expect(toCents('-0.125')).toBe(-13);
    expect(toCents('1e3')).toBe(100000);
  });

  it('answers null for what is not a number', () => {
    expect(toCents('')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
});

describe('payoutCents', () => {
  it('has no payout for numbers past what cents hold exactly (never Infinity or NaN)', () => {
    expect(payoutCents('1e309', '500')).toBeNull();
    expect(payoutCents('99999999999999999999', '500')).toBeNull();
  });
  it('multiplies price per mile by miles without float drift', () => {
    // 2.35 × 1234.5 = 2901.075 → $2,901.08; in floats 2.35 * 1234.5 = 2901.0749999...
    expect(payoutCents('2.35', '1234.5')).toBe(290108);
    expect(payoutCents(2.35, 1234.5)).toBe(290108);
    expect(payoutCents('1.1', '3')).toBe(330);
    expect(payoutCents('0', '500')).toBe(0);
  });

  it('needs both numbers', () => {
    expect(payoutCents('', '100')).toBeNull();
    expect(payoutCents('2', null)).toBeNull();
  });
});

describe('cents as text', () => {
  it('writes two decimals', () => {
    expect(centsToText(123456)).toBe('1234.56');
    expect(centsToText(5)).toBe('0.05');
    expect(centsToText(-5)).toBe('-0.05');
    expect(centsToText(0)).toBe('0.00');
  });

  it('formats dollars with separators', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(900719925474099)).toBe('$9,007,199,254,740.99');
  });
});

describe('splitCents', () => {
  it('splits evenly and gives the remainder to the first share', () => {
    expect(splitCents(1001, 2)).toEqual([501, 500]);
    expect(splitCents(1000, 2)).toEqual([500, 500]);
    expect(splitCents(100, 3)).toEqual([34, 33, 33]);
    expect(splitCents(777, 1)).toEqual([777]);
  });
});

describe('wire money', () => {
  it('ZMoney answers canonical two-place text and refuses what is not an amount', () => {
    const { ZMoney } = money;
    expect(ZMoney.parse('1234.5')).toBe('1234.50');
    expect(ZMoney.parse(0.1 + 0.2)).toBe('0.30');
    expect(ZMoney.parse('$1,234.56')).toBe('1234.56');
    expect(ZMoney.parse('-12')).toBe('-12.00');
    expect(ZMoney.safeParse('12.345').success).toBe(false);
    expect(ZMoney.safeParse('12.340').success).toBe(true);
    expect(ZMoney.safeParse('abc').success).toBe(false);
    expect(ZMoney.safeParse('').success).toBe(false);
    expect(ZMoney.safeParse('1e20').success).toBe(false);
  });

  it('formats any amount to the cent, half-up', () => {
    expect(money.formatMoney('1234.005')).toBe('$1,234.01');
    expect(money.formatMoney(2.675)).toBe('$2.68');
    expect(money.formatMoney(null)).toBe('');
    expect(money.formatMoney('n/a')).toBe('n/a');
  });

  it('takes a percentage of cents once, half away from zero', () => {
    expect(money.percentOfCents(100_001, 10)).toBe(10_000);
    expect(money.percentOfCents(100_005, 10)).toBe(10_001);
    expect(money.percentOfCents(123_456, '12.5')).toBe(15_432);
    expect(money.percentOfCents(-100_005, 10)).toBe(-10_001);
  });

  it('splits a team payout so the shares add up, the odd cent to the first driver', () => {
    expect(money.splitPayout('1000.01', 2)).toEqual([50_001, 50_000]);
    expect(money.sumCents(['0.10', 0.2, null, '1,000.00'])).toBe(100_030);
  });
});
