import type { TDriverLookupItem, TLookupItem, TWeekLookupItem } from '@haulboard/contract';

/** A work week read from its lookup label 'Week 12 (03/16/2026 - 03/22/2026)'. Dates are 'YYYY-MM-DD'. */
export type TWeekInfo = { weekId: number; number: number; startDate: string; endDate: string };

const WEEK_LABEL = /^Week\s+(\d+)\s*\((\d{2})\/(\d{2})\/(\d{4})\s*-\s*(\d{2})\/(\d{2})\/(\d{4})\)/;

export function readWeek(item: TLookupItem): TWeekInfo | null {
  // The server sends the week's parts; the label is read only from an older server.
  const parts = item as Partial<TWeekLookupItem>;
  if (typeof item.value === 'number' && parts.startDate && parts.endDate && parts.number) {
    return { weekId: item.value, number: parts.number, startDate: parts.startDate, endDate: parts.endDate };
  }
  const m = WEEK_LABEL.exec(item.label);
  if (!m || typeof item.value !== 'number') return null;
  return { weekId: item.value, number: Number(m[1]), startDate: `${m[4]}-${m[2]}-${m[3]}`, endDate: `${m[7]}-${m[5]}-${m[6]}` };
}

/** 'YYYY-MM-DD' of a local calendar day. */
export const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The week of the list that holds `today`, else null. */
export function weekOn(weeks: readonly TLookupItem[], today: Date = new Date()): TWeekInfo | null {
  const day = isoDay(today);
  for (const item of weeks) {
    const w = readWeek(item);
    if (w && w.startDate <= day && day <= w.endDate) return w;
  }
  return null;
}

/**
 * The unit number in a company-driver label '101 - Sam Carter'; null for a driver without one
 * (the label is then only the name).
 */
export function driverUnit(driver: string | TLookupItem): string | null {
  if (typeof driver !== 'string' && (driver as Partial<TDriverLookupItem>).unitNumber !== undefined) {
    return (driver as TDriverLookupItem).unitNumber;
  }
  const label = typeof driver === 'string' ? driver : driver.label;
  const m = /^([A-Za-z0-9][\w.#/-]{0,19}) - \S/.exec(label);
  return m ? m[1] : null;
}
