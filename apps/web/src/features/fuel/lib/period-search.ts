import { accountingYearOptions, QUARTERS } from '@haulboard/contract';

/** The period filters of the fuel and IFTA pages, as kept in the URL: ?year=2025&quarter=3&week=12&drivers=31,32&state=44 (the IFTA report also &from=2025-07-01&to=2025-07-15) */
export type TPeriodSearch = {
  year: number;
  /** null: the whole year. */
  quarter: number | null;
  /** A work week id; it overrides the year and quarter on the server. */
  weekId: number | null;
  driverIds: number[];
  stateId: number | null;
  /** Any days instead of a week or quarter (the IFTA report): 'YYYY-MM-DD', '' when not chosen. */
  startDate: string;
  endDate: string;
};

const isoDate = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : '');

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
    startDate: isoDate(params.get('from')),
    endDate: isoDate(params.get('to')),
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
  if (search.startDate) params.set('from', search.startDate);
  if (search.endDate) params.set('to', search.endDate);
  return params;
}

/** The body of GetFuel / GetIftaMiles. */
export const accountingFilter = (s: TPeriodSearch) => ({ year: s.year, quarter: s.quarter ?? 0, weekId: s.weekId ?? 0 });

/** Both dates chosen, in order: the report covers those days instead of the week or quarter. */
export const hasDateRange = (s: TPeriodSearch) => !!s.startDate && !!s.endDate && s.startDate <= s.endDate;

/** The body of GetIftaReport / GetIftaReportSummary (dates only once both are chosen and in order). */
export const iftaReportFilter = (s: TPeriodSearch) => ({
  ...accountingFilter(s),
  stateId: s.stateId ?? 0,
  driverIdList: s.driverIds,
  ...(hasDateRange(s) ? { startDate: s.startDate, endDate: s.endDate } : {}),
});
