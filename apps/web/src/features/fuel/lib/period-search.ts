import { accountingYearOptions, QUARTERS } from '@haulboard/contract';

/** The period filters of the fuel and IFTA pages, as kept in the URL: ?year=2025&quarter=3&week=12&drivers=31,32&state=44 */
export type TPeriodSearch = {
  year: number;
  /** null: the whole year. */
  quarter: number | null;
  /** A work week id; it overrides the year and quarter on the server. */
  weekId: number | null;
  driverIds: number[];
  stateId: number | null;
};

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** This year and quarter, unless the URL says otherwise (an unknown year or quarter falls back to them). */
export function parsePeriodSearch(params: URLSearchParams, today = new Date()): TPeriodSearch {
  const thisYear = today.getFullYear();
  const year = positive(params.get('year'));
  const quarterText = params.get('quarter');
  const quarter = quarterText === 'all' ? null : positive(quarterText);
  return {
    year: year && accountingYearOptions(today).includes(year) ? year : thisYear,
    quarter: quarterText === 'all' ? null : quarter && (QUARTERS as readonly number[]).includes(quarter) ? quarter : Math.floor(today.getMonth() / 3) + 1,
    weekId: positive(params.get('week')),
    driverIds: (params.get('drivers') ?? '')
      .split(',')
      .map((d) => positive(d))
      .filter((d): d is number => d !== null),
    stateId: positive(params.get('state')),
  };
}

/** The URL query of a filter; the whole year is written 'quarter=all' so that it is not read as this quarter. */
export function periodSearchParams(search: TPeriodSearch): URLSearchParams {
  const params = new URLSearchParams();
  params.set('year', String(search.year));
  params.set('quarter', search.quarter ? String(search.quarter) : 'all');
  if (search.weekId) params.set('week', String(search.weekId));
  if (search.driverIds.length) params.set('drivers', search.driverIds.join(','));
  if (search.stateId) params.set('state', String(search.stateId));
  return params;
}

/** The body of GetFuel / GetIftaMiles. */
export const accountingFilter = (s: TPeriodSearch) => ({ year: s.year, quarter: s.quarter ?? 0, weekId: s.weekId ?? 0 });

/** The body of GetIftaReport / GetIftaReportSummary. */
export const iftaReportFilter = (s: TPeriodSearch) => ({ ...accountingFilter(s), stateId: s.stateId ?? 0, driverIdList: s.driverIds });
