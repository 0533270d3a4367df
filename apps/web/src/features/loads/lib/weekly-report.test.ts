import type { TLoad } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from './board-search';
import { reportPeriod } from './report-period';
import { buildWeeklyReport } from './weekly-report';

const load = (over: Partial<TLoad>): TLoad =>
  ({
    loadId: 1,
    loadNumber: 'L1',
    loadStartDate: '2026-11-16T08:00:00.000Z',
    tripLength: 100.1,
    payout: 200,
    loadDrivers: [],
    loadDriverNames: '',
    ...over,
  }) as TLoad;

const drivers = [
  { label: '101 - Sam Carter', value: 10 },
  { label: '102 - Ana Ruiz', value: 11 },
];

describe('buildWeeklyReport', () => {
  const report = buildWeeklyReport(
    [
      load({ loadId: 1, loadNumber: 'A', loadDrivers: [11], loadDriverNames: 'Ana Ruiz', payout: 1000.1, tripLength: 0.1 }),
      load({ loadId: 2, loadNumber: 'B', loadDrivers: [10, 11], loadDriverNames: 'Sam Carter, Ana Ruiz', payout: 100.01, tripLength: 0.2 }),
      load({ loadId: 3, loadNumber: 'C', payout: 0 }),
      load({ loadId: 4, loadNumber: 'D', loadDrivers: [99], loadDriverNames: 'Former Driver', payout: 5 }),
    ],
    drivers,
  );

  it('groups loads by driver, by unit and name, with no driver last', () => {
    expect(report.groups.map((g) => g.driver)).toEqual(['101 - Sam Carter', '102 - Ana Ruiz', 'Former Driver', 'No driver']);
    expect(report.groups[1].lines.map((l) => l.load.loadNumber)).toEqual(['A', 'B']);
  });

  it('splits a team payout in cents and names the teammate', () => {
    const sam = report.groups[0];
    expect(sam.lines[0]).toMatchObject({ shareCents: 5001, teammate: '102 - Ana Ruiz' });
    expect(report.groups[1].lines[1]).toMatchObject({ shareCents: 5000, teammate: '101 - Sam Carter' });
  });

  it('totals per driver and over distinct loads exactly', () => {
    expect(report.groups[1].payoutCents).toBe(100010 + 5000);
    expect(report.groups[1].miles).toBe(0.3);
    expect(report.payoutCents).toBe(100010 + 10001 + 0 + 500);
    expect(report.loadCount).toBe(4);
    expect(report.miles).toBe(200.5);
  });
});

describe('reportPeriod', () => {
  const week = { weekId: 47, number: 47, startDate: '2026-11-16', endDate: '2026-11-22' };
  it('names a week by work year and number', () => {
    expect(reportPeriod({ ...EMPTY_FILTER, year: 2026, weekId: 47 }, week)).toEqual({ name: '2026 Week 47', dates: '11/16/2026 – 11/22/2026' });
  });
  it('names a date range without slashes', () => {
    expect(reportPeriod({ ...EMPTY_FILTER, startDate: '2026-11-01', endDate: '2026-11-30' }, null).name).toBe('2026-11-01 to 2026-11-30');
    expect(reportPeriod(EMPTY_FILTER, null).name).toBe('All loads');
  });
});
