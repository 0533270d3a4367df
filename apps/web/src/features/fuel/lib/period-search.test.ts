import { describe, expect, it } from 'vitest';
import { iftaReportFilter, parsePeriodSearch, periodSearchParams } from './period-search';

const today = new Date(2026, 10, 23);

describe('the period filter in the URL', () => {
  it('defaults to this year and quarter', () => {
    expect(parsePeriodSearch(new URLSearchParams(''), today)).toEqual({ year: 2026, quarter: 4, weekId: null, driverIds: [], stateId: null, startDate: '', endDate: '' });
  });
  it('reads year, quarter, week, drivers and state, and ignores what is not one', () => {
    expect(parsePeriodSearch(new URLSearchParams('year=2025&quarter=3&week=29&drivers=31,x,32&state=43'), today)).toEqual({
      year: 2025,
      quarter: 3,
      weekId: 29,
      driverIds: [31, 32],
      stateId: 43,
      startDate: '',
      endDate: '',
    });
    expect(parsePeriodSearch(new URLSearchParams('year=1999&quarter=7'), today)).toMatchObject({ year: 2026, quarter: 4 });
  });
  it('keeps the whole year as quarter=all, so a round trip is stable', () => {
    const search = parsePeriodSearch(new URLSearchParams('year=2024&quarter=all'), today);
    expect(search.quarter).toBeNull();
    expect(periodSearchParams(search).toString()).toBe('year=2024&quarter=all');
  });
  it('keeps the IFTA report’s dates in from and to, and sends them only once both are chosen and in order', () => {
    const search = parsePeriodSearch(new URLSearchParams('year=2026&quarter=3&from=2026-07-01&to=2026-07-15&state=2'), today);
    expect(search).toMatchObject({ startDate: '2026-07-01', endDate: '2026-07-15' });
    expect(periodSearchParams(search).toString()).toBe('year=2026&quarter=3&state=2&from=2026-07-01&to=2026-07-15');
    expect(iftaReportFilter(search)).toMatchObject({ startDate: '2026-07-01', endDate: '2026-07-15' });
    expect(iftaReportFilter({ ...search, endDate: '' })).not.toHaveProperty('startDate');
    expect(iftaReportFilter({ ...search, endDate: '2026-06-30' })).not.toHaveProperty('startDate');
    expect(parsePeriodSearch(new URLSearchParams('from=07/01/2026&to=2026-13-45'), today)).toMatchObject({ startDate: '', endDate: '' });
  });
});
