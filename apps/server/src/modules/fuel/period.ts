import { quarterDays, quarterOf, usDate } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { workWeeks } from '../../db/schema';

/** The days a fuel or IFTA filter covers, and the quarters its miles come from. */
export type TPeriod = {
  from: string;
  to: string;
  /** [year, quarter] pairs whose quarterly miles belong to the period. */
  quarters: [number, number][];
  label: string;
};

/**
 * A week (of the company; another company's week selects nothing, like a missing one), else a year
 * with an optional quarter, else this year. Miles are kept per quarter, so a week's miles are its
 * quarter's.
 */
export async function resolvePeriod(
  db: TDbLike,
  companyId: number,
  filter: { weekId: number | null; year: number | null; quarter: number | null },
  today = new Date(),
): Promise<TPeriod | null> {
  if (filter.weekId) {
    const [week] = await db
      .select({ startDate: workWeeks.startDate, endDate: workWeeks.endDate, number: workWeeks.number, year: workWeeks.year })
      .from(workWeeks)
      .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, filter.weekId)));
    if (!week) return null;
    const year = Number(week.startDate.slice(0, 4));
    return {
      from: week.startDate,
      to: week.endDate,
      quarters: [[year, quarterOf(week.startDate)]],
      label: `Week ${week.number} (${usDate(week.startDate)} - ${usDate(week.endDate)})`,
    };
  }
  const year = filter.year ?? today.getUTCFullYear();
  if (filter.quarter) {
    const [from, to] = quarterDays(year, filter.quarter);
    return { from, to, quarters: [[year, filter.quarter]], label: `Q${filter.quarter} ${year} (${usDate(from)} - ${usDate(to)})` };
  }
  return {
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    quarters: [1, 2, 3, 4].map((q) => [year, q] as [number, number]),
    label: `${year} (01/01/${year} - 12/31/${year})`,
  };
}
