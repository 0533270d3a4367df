import { DEFAULT_IFTA_RETURN_SETTINGS, iftaDueDate } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { parseRateCell } from './rate-matrix';
import { computeWorksheet } from './worksheet';

const sums = (stateCode: string, miles: string, gallons: string, taxPaidGallons = gallons) => ({ unitNumber: '101', stateCode, miles, taxableMiles: miles, gallons, taxPaidGallons });

describe('parseRateCell', () => {
  it('reads the matrix cells as published', () => {
    expect(parseRateCell('$ 0.5240 ')).toBe('0.5240');
    expect(parseRateCell('$-')).toBe('0.0000');
    expect(parseRateCell(' $ -  ')).toBe('0.0000');
    expect(parseRateCell('')).toBe('0.0000');
    expect(parseRateCell('.31')).toBe('0.3100');
    expect(parseRateCell('abc')).toBeNull();
    expect(parseRateCell('$ 12.50')).toBeNull();
    expect(parseRateCell('0.12345')).toBeNull();
  });
});

describe('iftaDueDate', () => {
  it('is the last day of the month after the quarter, past a weekend', () => {
    expect(iftaDueDate(2025, 1)).toBe('2025-04-30');
    expect(iftaDueDate(2025, 2)).toBe('2025-07-31');
    expect(iftaDueDate(2026, 3)).toBe('2026-11-02'); // Oct 31 2026 is a Saturday
    expect(iftaDueDate(2025, 4)).toBe('2026-02-02'); // Jan 31 2026 is a Saturday
    expect(iftaDueDate(2027, 4)).toBe('2028-01-31');
  });
});

describe('computeWorksheet', () => {
  const rates = [
    { stateCode: 'TX', usdPerGal: '0.2000', surchargeUsdPerGal: '0.0000' },
    { stateCode: 'KY', usdPerGal: '0.2460', surchargeUsdPerGal: '0.1020' },
  ];

  // 1000 mi on 160 gal: MPG 6.25. TX 600 mi → 96 gal, paid 100 → −4 × 0.20 = −0.80.
  // KY 400 mi → 64 gal, paid 60 → 4 × 0.246 = 0.98 (0.984); surcharge 64 × 0.102 = 6.53 (6.528). Total 6.71.
  it('credits tax-paid fuel against tax but never against the surcharge', () => {
    const w = computeWorksheet([sums('TX', '600', '100'), sums('KY', '400', '60')], rates, DEFAULT_IFTA_RETURN_SETTINGS);
    expect(w.fleetMpg).toBe('6.25');
    expect(w.lines.map((l) => [l.stateCode, l.taxableGallons, l.netTaxableGallons, l.tax, l.surcharge, l.lineTotal])).toEqual([
      ['KY', '64', '4', '0.98', '6.53', '7.51'],
      ['TX', '96', '-4', '-0.80', '0.00', '-0.80'],
    ]);
    expect(w.grandTotal).toBe('6.71');
  });

  // Half a cent rounds away from zero both ways: 2.5 gal × 0.2 = 0.50 exactly; 0.025 → 0.03 and −0.025 → −0.03.
  it('rounds half a cent away from zero, so a credit mirrors a tax', () => {
    const half = [{ stateCode: 'TX', usdPerGal: '0.0050', surchargeUsdPerGal: '0' }];
    // 1000 mi on 200 gal: MPG 5.00; TX 25 mi → 5 gal; paid 0 → 5 × 0.005 = 0.025 → 0.03.
    const due = computeWorksheet([sums('TX', '25', '0', '0'), sums('OK', '975', '200', '0')], half, DEFAULT_IFTA_RETURN_SETTINGS);
    expect(due.lines.find((l) => l.stateCode === 'TX')?.tax).toBe('0.03');
    const credit = computeWorksheet([sums('TX', '0', '5'), sums('OK', '1000', '195', '0')], half, DEFAULT_IFTA_RETURN_SETTINGS);
    expect(credit.lines.find((l) => l.stateCode === 'TX')?.tax).toBe('-0.03');
  });

  it('gives no grand total without rates, without fuel, or when a jurisdiction has no rate', () => {
    expect(computeWorksheet([sums('TX', '600', '100')], null, DEFAULT_IFTA_RETURN_SETTINGS).grandTotal).toBeNull();
    const noFuel = computeWorksheet([sums('TX', '600', '0')], rates, DEFAULT_IFTA_RETURN_SETTINGS);
    expect(noFuel.fleetMpg).toBeNull();
    expect(noFuel.grandTotal).toBeNull();
    const noRate = computeWorksheet([sums('TX', '600', '100'), sums('NM', '100', '0')], rates, DEFAULT_IFTA_RETURN_SETTINGS);
    expect(noRate.grandTotal).toBeNull();
    expect(noRate.notes).toEqual(['The matrix has no diesel rate for New Mexico: upload a complete matrix.']);
  });
});
