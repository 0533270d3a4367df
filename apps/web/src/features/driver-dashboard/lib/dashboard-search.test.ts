import { describe, expect, it } from 'vitest';
import { dashboardSearchParams, EMPTY_DASHBOARD_FILTER, parseDashboardSearch, toDashboardQuery, weekHolding } from './dashboard-search';

describe('dashboard search in the URL', () => {
  it('reads back what it writes; no filter key is the default, weekId=0 is "no week"', () => {
    const filter = { year: 2026, weekId: null, driverId: 31, startDate: '2026-11-01', endDate: '2026-11-15' };
    const params = dashboardSearchParams(filter);
    expect(params.toString()).toBe('year=2026&weekId=0&driverId=31&startDate=2026-11-01&endDate=2026-11-15');
    expect(parseDashboardSearch(params)).toEqual({ filter, isDefault: false });
    expect(parseDashboardSearch(new URLSearchParams('')).isDefault).toBe(true);
    expect(parseDashboardSearch(new URLSearchParams('weekId=x&driverId=-3&startDate=11/01/2026')).filter).toEqual(EMPTY_DASHBOARD_FILTER);
  });

  it('sends the week, else the dates, else the year; the driver only for those who may choose one', () => {
    const base = { ...EMPTY_DASHBOARD_FILTER, year: 2026, driverId: 31 };
    expect(toDashboardQuery({ ...base, weekId: 99 }, true)).toEqual({ week: 99, driverId: 31 });
    expect(toDashboardQuery({ ...base, startDate: '2026-11-01', endDate: '2026-11-15' }, true)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-15', driverId: 31 });
    expect(toDashboardQuery(base, false)).toEqual({ year: 2026 });
  });

  it('finds the week holding a day', () => {
    const weeks = [{ label: 'Week 47', value: 99, year: 2026, number: 47, startDate: '2026-11-16', endDate: '2026-11-22' }];
    expect(weekHolding(weeks, '2026-11-22')).toBe(99);
    expect(weekHolding(weeks, '2026-11-23')).toBeNull();
  });
});
