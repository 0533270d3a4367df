import type { TDriverDashboardQuery, TWeekLookupItem } from '@haulboard/contract';

/**
 * The dashboard's filter in the URL query, so a reload or a shared link shows the same figures:
 * work year and week, or a start and end date, and the driver. `weekId=0` means "no week" (the
 * whole year, or the dates); a query without any filter key means "the default" (this week).
 */
export type TDashboardFilter = {
  year: number | null;
  weekId: number | null;
  driverId: number | null;
  /** 'YYYY-MM-DD' */
  startDate: string;
  endDate: string;
};

export const EMPTY_DASHBOARD_FILTER: TDashboardFilter = { year: null, weekId: null, driverId: null, startDate: '', endDate: '' };

const FILTER_KEYS = ['year', 'weekId', 'driverId', 'startDate', 'endDate'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readInt(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

const readDate = (params: URLSearchParams, key: string) => {
  const raw = params.get(key) ?? '';
  return DATE.test(raw) ? raw : '';
};

/** The filter of a query, and whether the query held none (the page then fills in this week). */
export function parseDashboardSearch(params: URLSearchParams): { filter: TDashboardFilter; isDefault: boolean } {
  return {
    filter: {
      year: readInt(params, 'year'),
      weekId: readInt(params, 'weekId'),
      driverId: readInt(params, 'driverId'),
      startDate: readDate(params, 'startDate'),
      endDate: readDate(params, 'endDate'),
    },
    isDefault: !FILTER_KEYS.some((key) => params.has(key)),
  };
}

/** The query for a filter; `weekId` is always written so that "no week" is not read as "the default". */
export function dashboardSearchParams(filter: TDashboardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.year) params.set('year', String(filter.year));
  params.set('weekId', String(filter.weekId ?? 0));
  if (filter.driverId) params.set('driverId', String(filter.driverId));
  if (filter.startDate) params.set('startDate', filter.startDate);
  if (filter.endDate) params.set('endDate', filter.endDate);
  return params;
}

/**
 * The query GetDriversGrossIncome reads. A week wins over dates and dates over the year (the
 * server's order), so only the one that applies is sent; a driver's own figures need no driverId.
 */
export function toDashboardQuery(filter: TDashboardFilter, withDriver: boolean): TDriverDashboardQuery {
  const hasDates = !!(filter.startDate || filter.endDate);
  return {
    year: !filter.weekId && !hasDates ? (filter.year ?? undefined) : undefined,
    week: filter.weekId ?? undefined,
    startDate: !filter.weekId && filter.startDate ? filter.startDate : undefined,
    endDate: !filter.weekId && filter.endDate ? filter.endDate : undefined,
    driverId: withDriver ? (filter.driverId ?? undefined) : undefined,
  };
}

/** The id of the work week holding `day` ('YYYY-MM-DD'), else null. */
export function weekHolding(weeks: readonly TWeekLookupItem[], day: string): number | null {
  const week = weeks.find((w) => w.startDate <= day && day <= w.endDate);
  return typeof week?.value === 'number' ? week.value : null;
}
