import type { TWorkWeek } from '@haulboard/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { workWeeks } from '../../db/schema';

/** A company's work weeks (of one year when given), in date order. */
export async function findWorkWeeks(db: TDbLike, companyId: number, year?: number | null): Promise<TWorkWeek[]> {
  const rows = await db
    .select()
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), year ? eq(workWeeks.year, year) : undefined))
    .orderBy(asc(workWeeks.startDate));
  return rows.map((w) => ({ weekId: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate }));
}
