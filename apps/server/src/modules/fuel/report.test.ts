import { describe, expect, it } from 'vitest';
import { buildIftaReport, mpgOf, scaled, whole } from './report';

const s = (unitNumber: string, stateCode: string, miles: string, gallons: string, taxPaidGallons = gallons) => ({
  unitNumber,
  stateCode,
  miles,
  taxableMiles: miles,
  gallons,
  taxPaidGallons,
});

describe('IFTA report arithmetic', () => {
  it('rounds half up from exact sums', () => {
    expect(whole(scaled('620.5', 3), 3)).toBe(621);
    expect(whole(scaled('620.499', 3), 3)).toBe(620);
    expect(mpgOf(scaled('6103.1', 3), scaled('920.75', 3))).toBe(6.63);
    // 6.625 exactly rounds up, where a float could land on 6.62.
    expect(mpgOf(scaled('662.5', 3), scaled('100', 3))).toBe(6.63);
    expect(mpgOf(scaled('100', 3), scaled('0', 3))).toBeNull();
  });

  it('adds rows that round down one by one into a total that rounds up', () => {
    const r = buildIftaReport([s('101', 'TX', '100.4', '10.4'), s('102', 'TX', '100.4', '10.4')], { summary: true, period: 'Q1' });
    expect(r.unitReports).toEqual([expect.objectContaining({ unitNumber: null, stateName: 'Texas', miles: 201, gallons: 21 })]);
    expect(r.totalMiles).toBe(201);
  });

  it('flags units with miles and no fuel, fuel and no miles, fuel in a state without miles, and MPG outside 4 to 10', () => {
    const r = buildIftaReport(
      [s('101', 'TX', '1000', '0'), s('102', 'OK', '0', '50'), s('103', 'TX', '1000', '300'), s('104', 'TX', '600', '100'), s('104', 'AR', '0', '20')],
      { summary: false, period: 'Q1' },
    );
    expect(r.checks).toEqual([
      'Unit 101 has miles but no fuel.',
      'Unit 102 bought fuel but has no miles.',
      'Unit 103 averages 3.33 MPG, outside 4 to 10: check its miles and fuel.',
      'Unit 104 bought fuel in Arkansas but has no miles there.',
    ]);
    expect(r.unitReports.find((u) => u.stateCode === 'AR')).toMatchObject({ miles: 0, gallons: 20, mpg: 0 });
  });

  it('counts Alaska miles in fleet MPG but marks the state as not IFTA', () => {
    const r = buildIftaReport([s('101', 'AK', '500', '0'), s('101', 'WA', '500', '160')], { summary: true, period: 'Q1' });
    expect(r.averageMPG).toBe(6.25);
    expect(r.unitReports.find((u) => u.stateCode === 'AK')?.isIfta).toBe(false);
  });
});
