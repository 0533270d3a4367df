import { quarterDays, quarterOf, usDate } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { workWeeks } from '../../db/schema';

/** The days a fuel or IFTA filter covers, and the quarters its miles come from. */
export type TPeriod = {
  from: string;
  to: string;
  /** [year, quarter] pairs the period touches (the miles list shows their rows). */
  quarters: [number, number][];
  /**
   * The quarters the period covers whole: a quarter's miles (kept per quarter, not per trip) count
   * only in them. A week or a few days take the miles of trips dated in them, never a quarter's.
   */
  wholeQuarters: [number, number][];
  label: string;
};

/** The quarters from `from` to `to`, and those of them covered whole. */
function quartersOf(from: string, to: string) {
  const quarters: [number, number][] = [];
  const wholeQuarters: [number, number][] = [];
  let year = Number(from.slice(0, 4));
  let quarter = quarterOf(from);
  for (;;) {
    const [first, last] = quarterDays(year, quarter);
    if (first > to) break;
    quarters.push([year, quarter]);
    if (first >= from && last <= to) wholeQuarters.push([year, quarter]);
    if (quarter === 4) {
      year++;
      quarter = 1;
    } else quarter++;
  }
  return { quarters, wholeQuarters };
}

/**
 * A week (of the company; another company's week selects nothing, like a missing one), else days
 * from a start to an end date, else a year with an optional quarter, else this year.
 */
export async function resolvePeriod(
  db: TDbLike,
  companyId: number,
  filter: { weekId: number | null; year: number | null; quarter: number | null; startDate?: string | null; endDate?: string | null },
  today = new Date(),
): Promise<TPeriod | null> {
  if (filter.weekId) {
    const [week] = await db
      .select({ startDate: workWeeks.startDate, endDate: workWeeks.endDate, number: workWeeks.number, year: workWeeks.year })
      .from(workWeeks)
      .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, filter.weekId)));
    if (!week) return null;
    return {
      from: week.startDate,
      to: week.endDate,
      ...quartersOf(week.startDate, week.endDate),
      label: `Week ${week.number} (${usDate(week.startDate)} - ${usDate(week.endDate)})`,
    };
  }
  if (filter.startDate || filter.endDate) {
    const from = filter.startDate ?? (filter.endDate as string);
    const to = filter.endDate ?? from;
    return { from, to, ...quartersOf(from, to), label: `${usDate(from)} - ${usDate(to)}` };
  }
  const year = filter.year ?? today.getUTCFullYear();
  if (filter.quarter) {
    const [from, to] = quarterDays(year, filter.quarter);
    return { from, to, ...quartersOf(from, to), label: `Q${filter.quarter} ${year} (${usDate(from)} - ${usDate(to)})` };
  }
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  return { from, to, ...quartersOf(from, to), label: `${year} (01/01/${year} - 12/31/${year})` };
}
