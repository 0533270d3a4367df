import { describe, expect, it } from 'vitest';
import {
  divideDecimal,
  KM_PER_MILE,
  LITRES_PER_GALLON,
  METERS_PER_MILE,
  parseDate,
  parseDateTime,
  parseDecimal,
  parseJurisdiction,
  parseMoney,
  parsePrice,
  parseQuantity,
  parseTime,
  quarterOf,
  sumDecimals,
} from './values';

describe('dates', () => {
  it('reads US dates with four- and two-digit years', () => {
    expect(parseDate('07/14/2025')).toBe('2025-07-14');
    expect(parseDate('7/4/25')).toBe('2025-07-04');
    expect(parseDate(' 12-31-2024 ')).toBe('2024-12-31');
    expect(parseDate('2/29/2024')).toBe('2024-02-29');
  });

  it('refuses dates that are not on the calendar', () => {
    expect(parseDate('13/45/2025')).toBeNull();
    expect(parseDate('02/29/2025')).toBeNull();
    expect(parseDate('2025-02-30')).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
    expect(parseDate('')).toBeNull();
  });

  it('reads ISO dates and date-times, keeping the local date and the offset as written', () => {
    expect(parseDateTime('2025-07-14')).toEqual({ date: '2025-07-14', time: null, offset: null });
    expect(parseDateTime('2025-07-13T18:47:00-07:00')).toEqual({ date: '2025-07-13', time: '18:47:00', offset: '-07:00' });
    expect(parseDateTime('2025-07-13T23:30:00Z')).toEqual({ date: '2025-07-13', time: '23:30:00', offset: '+00:00' });
    expect(parseDateTime('2025-07-13 08:45')).toEqual({ date: '2025-07-13', time: '08:45:00', offset: null });
    expect(parseDateTime('07/14/2025 6:42 PM')).toEqual({ date: '2025-07-14', time: '18:42:00', offset: null });
    expect(parseDateTime('20250714')?.date).toBe('2025-07-14');
  });

  it('reads Excel serial dates, with a time when the serial has a fraction', () => {
    expect(parseDate('45852')).toBe('2025-07-14');
    expect(parseDate('46174')).toBe('2026-06-01');
    expect(parseDateTime('45852.75')).toEqual({ date: '2025-07-14', time: '18:00:00', offset: null });
    // Numbers far from today's calendar are not taken for dates.
    expect(parseDate('12345')).toBeNull();
  });

  it('reads times in the forms exports write them', () => {
    expect(parseTime('06:42')).toBe('06:42:00');
    expect(parseTime('6:42:10')).toBe('06:42:10');
    expect(parseTime('12:05 AM')).toBe('00:05:00');
    expect(parseTime('1315')).toBe('13:15:00');
    expect(parseTime('0.5')).toBe('12:00:00');
    expect(parseTime('25:00')).toBeNull();
    expect(parseTime('noon')).toBeNull();
  });

  it('knows the quarter of a date', () => {
    expect([quarterOf('2025-01-01'), quarterOf('2025-04-30'), quarterOf('2025-09-30'), quarterOf('2025-10-01')]).toEqual([1, 2, 3, 4]);
  });
});

describe('amounts and quantities', () => {
  it('reads money with $, thousands separators and parentheses, as two-place text', () => {
    expect(parseMoney('$3,699.10')).toBe('3699.10');
    expect(parseMoney('($167.95)')).toBe('-167.95');
    expect(parseMoney('(25)')).toBe('-25.00');
    expect(parseMoney('-$12.5')).toBe('-12.50');
    expect(parseMoney('12.00-')).toBe('-12.00');
    expect(parseMoney('$ 0.5240 ')).toBe('0.52');
    expect(parseMoney('1234,56')).toBe('1234.56');
    expect(parseMoney('0.005')).toBe('0.01');
    expect(parseMoney('1,23')).toBe('1.23');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '$-', '1,2,3', '12.3.4', '99999999999999']) expect(parseMoney(bad)).toBeNull();
  });

  it('keeps quantities to 3 decimals and prices to 4, exactly', () => {
    expect(parseQuantity('1,890.7')).toBe('1890.700');
    expect(parseQuantity('120.5')).toBe('120.500');
    expect(parseQuantity('0.0005')).toBe('0.001');
    expect(parseQuantity('(50.00)')).toBe('-50.000');
    expect(parsePrice('$3.899')).toBe('3.8990');
    expect(parseDecimal('1e3', 2)).toBe('1000.00');
  });

  it('converts metric exactly: meters and km to miles, litres to gallons', () => {
    expect(divideDecimal('1609344', METERS_PER_MILE)).toBe('1000.000');
    expect(divideDecimal('482803.2', METERS_PER_MILE)).toBe('300.000');
    expect(divideDecimal('160.9344', KM_PER_MILE)).toBe('100.000');
    expect(divideDecimal('378.5411784', LITRES_PER_GALLON)).toBe('100.000');
    expect(divideDecimal('1', LITRES_PER_GALLON)).toBe('0.264');
  });

  it('adds quantities without float drift', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.300');
    expect(sumDecimals(['367', '120.5', '90'])).toBe('577.500');
  });
});

describe('jurisdictions', () => {
  it('reads states and provinces by code or name in any case', () => {
    expect(parseJurisdiction('TX')?.code).toBe('TX');
    expect(parseJurisdiction('texas')?.code).toBe('TX');
    expect(parseJurisdiction('TEXAS')?.code).toBe('TX');
    expect(parseJurisdiction('New  Mexico')?.code).toBe('NM');
    expect(parseJurisdiction('ONTARIO')).toMatchObject({ code: 'ON', country: 'CA', ifta: true });
    expect(parseJurisdiction('Québec')?.code).toBe('QC');
    expect(parseJurisdiction('qc')?.code).toBe('QC');
    expect(parseJurisdiction('TX, US')?.code).toBe('TX');
  });

  it('marks places whose miles count but that are not IFTA members', () => {
    expect(parseJurisdiction('AK')?.ifta).toBe(false);
    expect(parseJurisdiction('DC')?.ifta).toBe(false);
    expect(parseJurisdiction('Yukon')?.ifta).toBe(false);
    expect(parseJurisdiction('Mexico')).toMatchObject({ code: 'MX', ifta: false });
  });

  it('answers null for a place it does not know', () => {
    expect(parseJurisdiction('Atlantis')).toBeNull();
    expect(parseJurisdiction('')).toBeNull();
  });
});
