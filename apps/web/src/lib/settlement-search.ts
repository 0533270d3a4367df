import { addDays, type TWeekLookupItem } from '@haulboard/contract';

/**
 * The settlements page's choice in the URL query, so a reload or a shared link shows the same
 * week: work year, work week and (for people who see every driver) the driver whose statement is
 * open. A query without a week means "the default": the last full work week.
 */
export type TSettlementSearch = { year: number | null; weekId: number | null; driverId: number | null };

function readInt(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

export function parseSettlementSearch(params: URLSearchParams): { search: TSettlementSearch; isDefault: boolean } {
  const search = { year: readInt(params, 'year'), weekId: readInt(params, 'weekId'), driverId: readInt(params, 'driverId') };
  return { search, isDefault: !search.weekId && !search.year };
}

export function settlementSearchParams(search: TSettlementSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.year) params.set('year', String(search.year));
  if (search.weekId) params.set('weekId', String(search.weekId));
  if (search.driverId) params.set('driverId', String(search.driverId));
  return params;
}

/** The page's address for a week (and a driver's statement in it). */
export const settlementsHref = (base: string, search: TSettlementSearch) => {
  const query = settlementSearchParams(search).toString();
  return query ? `${base}?${query}` : base;
};

/** The day a week before `today`: the last full work week holds it (weeks run Monday to Sunday). */
export const lastFullWeekDay = (today: string) => addDays(today, -7);

/** The id of the work week holding `day` ('YYYY-MM-DD'), else null. */
export function weekHolding(weeks: readonly TWeekLookupItem[], day: string): number | null {
  const week = weeks.find((w) => w.startDate <= day && day <= w.endDate);
  return typeof week?.value === 'number' ? week.value : null;
}
