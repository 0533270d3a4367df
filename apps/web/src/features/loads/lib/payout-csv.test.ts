import { neutraliseText } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { buildPayoutMatrix, exportFileName, payoutMatrixCsv } from './payout-csv';

const drivers = [
  { userId: 11, unitNumber: '102' },
  { userId: 10, unitNumber: '101' },
  { userId: 12, unitNumber: '110' },
  { userId: 13, unitNumber: null },
];

describe('buildPayoutMatrix', () => {
  it('puts each payout in its driver unit column, ordered by unit, plus Other', () => {
    const m = buildPayoutMatrix(
      [
        { loadNumber: 'A1', payout: '1500.25', loadDrivers: [10] },
        { loadNumber: 'A2', payout: 800, loadDrivers: [12] },
      ],
      drivers,
    );
    expect(m.columns).toEqual(['101', '102', '110', 'Other']);
    expect(m.rows).toEqual([
      { loadNumber: 'A1', cents: [150025, 0, 0, 0] },
      { loadNumber: 'A2', cents: [0, 0, 80000, 0] },
    ]);
    expect(m.totals).toEqual([150025, 0, 80000, 0]);
  });

  it('splits a team load evenly in cents with the odd cent to the first driver', () => {
    const m = buildPayoutMatrix([{ loadNumber: 'T1', payout: '1000.01', loadDrivers: [11, 10] }], drivers);
    expect(m.rows[0].cents).toEqual([50000, 50001, 0, 0]);
    expect(m.totals.reduce((a, b) => a + b, 0)).toBe(100001);
  });

  it('counts drivers without a unit, unknown drivers and loads without drivers as Other', () => {
    const m = buildPayoutMatrix(
      [
        { loadNumber: 'O1', payout: '10', loadDrivers: [13] },
        { loadNumber: 'O2', payout: '20', loadDrivers: [] },
        { loadNumber: 'O3', payout: '30', loadDrivers: [99] },
      ],
      drivers,
    );
    expect(m.rows.map((r) => r.cents[3])).toEqual([1000, 2000, 3000]);
    expect(m.totals).toEqual([0, 0, 0, 6000]);
  });

  it('adds the totals in integer cents', () => {
    const loads = Array.from({ length: 10 }, (_, i) => ({ loadNumber: `L${i}`, payout: '0.10', loadDrivers: [10] }));
    expect(buildPayoutMatrix(loads, drivers).totals[0]).toBe(100);
  });
});

describe('payoutMatrixCsv', () => {
  const csv = payoutMatrixCsv(
    buildPayoutMatrix(
      [
        { loadNumber: 'A1', payout: '1234.5', loadDrivers: [10] },
        { loadNumber: '=HYPERLINK("x")', payout: '1', loadDrivers: [11] },
      ],
      drivers,
    ),
  );

  it('starts with a byte-order mark and ends lines with CRLF', () => {
    expect(csv.startsWith('\uFEFFLoad Number,101,102,110,Other\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes money with two decimals, blanks for empty cells and a Totals line', () => {
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('A1,1234.50,,,');
    expect(lines[3]).toBe('Totals,1234.50,1.00,0.00,0.00');
  });

  it('neutralises formula characters and quotes fields', () => {
    expect(csv).toContain(`"'=HYPERLINK(""x"")",,1.00,,`);
  });
});

describe('neutraliseText (the contract writer the export uses)', () => {
  it('prefixes = + - @ tab and CR', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseText(s)).toBe(`'${s}`);
    expect(neutraliseText('A-1')).toBe('A-1');
  });
});

describe('exportFileName', () => {
  it('names the file after the company and the period', () => {
    expect(exportFileName('Demo Freight LLC', '2026 Week 47')).toBe('Demo Freight LLC - 2026 Week 47.csv');
  });

  it('replaces characters that file names cannot hold', () => {
    expect(exportFileName('A/B: "C" <D>|E?*', '2026 Week 1')).toBe('A_B_ _C_ _D__E__ - 2026 Week 1.csv');
    expect(exportFileName(null, 'All loads')).toBe('Haulboard - All loads.csv');
    expect(exportFileName('Tab\tCo\u0000', '2026 Week 1')).toBe('Tab_Co_ - 2026 Week 1.csv');
    expect(exportFileName('Evil\u202Evsc.exe\u2066 Co', '2026 Week 1')).toBe('Evilvsc.exe Co - 2026 Week 1.csv');
  });
});
