import { SUCCESS, type TWorkWeek } from '@haulboard/contract';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { TRequestContext } from '../../access/context';
import type { TDb, TDbLike } from '../../db/client';
import { companies, loads, workWeeks } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { companyOf, pgCode } from '../../lib/rows';

const DAY = 86_400_000;
const parseDay = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'MM/DD/YYYY', the spec's date display. */
export const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
export const weekLabel = (w: { number: number; startDate: string; endDate: string }) =>
  `Week ${w.number} (${usDate(w.startDate)} - ${usDate(w.endDate)})`;

/**
 * The weeks GenerateWorkWeeks creates from a date: consecutive 7-day weeks, the first starting on
 * the date, numbered from 1 while they start in the date's year (52 or 53 weeks from early January).
 */
export function planWeeks(date: string): { year: number; number: number; startDate: string; endDate: string }[] {
  const year = Number(date.slice(0, 4));
  const weeks = [];
  for (let start = parseDay(date), number = 1; new Date(start).getUTCFullYear() === year; start += 7 * DAY, number++) {
    weeks.push({ year, number, startDate: dayOf(start), endDate: dayOf(start + 6 * DAY) });
  }
  return weeks;
}

/** Monday on or after 1 January: where the demo's and a typical company's work year starts. */
export const firstMondayOf = (year: number) => {
  const jan1 = Date.UTC(year, 0, 1);
  return dayOf(jan1 + ((8 - new Date(jan1).getUTCDay()) % 7) * DAY);
};

export async function findWorkWeeks(db: TDbLike, companyId: number, year?: number | null): Promise<TWorkWeek[]> {
  const rows = await db
    .select()
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), year ? eq(workWeeks.year, year) : undefined))
    .orderBy(asc(workWeeks.startDate));
  return rows.map((w) => ({ weekId: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate }));
}

/** One company's week changes run one at a time: the company row is the lock. */
const lockCompany = (tx: TDbLike, companyId: number) =>
  tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');

/** Inserts planned weeks for a company after the overlap checks (also used by the demo seed). */
export async function insertWeeks(tx: TDbLike, companyId: number, date: string) {
  const plan = planWeeks(date);
  const year = plan[0].year;
  const [sameYear] = await tx
    .select({ id: workWeeks.id })
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.year, year)))
    .limit(1);
  if (sameYear) throw refuse(`Work weeks for ${year} already exist. Delete them first to generate them again.`);
  const first = plan[0].startDate;
  const last = plan[plan.length - 1].endDate;
  const [overlap] = await tx
    .select()
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), lte(workWeeks.startDate, last), gte(workWeeks.endDate, first)))
    .orderBy(asc(workWeeks.startDate))
    .limit(1);
  if (overlap) {
    throw refuse(
      `The new weeks (${usDate(first)} - ${usDate(last)}) would overlap ${weekLabel(overlap)} of ${overlap.year}. ` +
        'Choose another start date or delete the overlapping weeks first.',
    );
  }
  await tx.insert(workWeeks).values(plan.map((w) => ({ ...w, companyId })));
  return plan.length;
}

export async function generateWorkWeeks(db: TDb, ctx: TRequestContext, date: string) {
  const companyId = companyOf(ctx);
  try {
    await db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      await insertWeeks(tx, companyId, date);
    });
  } catch (error) {
    if (pgCode(error) === '23505') throw refuse(`Work weeks for ${date.slice(0, 4)} already exist.`);
    throw error;
  }
  return SUCCESS.weeksGenerated;
}

/** Deletes a year's weeks; refused while loads (or other records) use them. */
export async function deleteWorkWeeks(db: TDb, ctx: TRequestContext, year: number) {
  const companyId = companyOf(ctx);
  try {
    return await db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const yearWeeks = sql`(select ${workWeeks.id} from ${workWeeks} where ${workWeeks.companyId} = ${companyId} and ${workWeeks.year} = ${year})`;
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(loads)
        .where(and(eq(loads.companyId, companyId), sql`${loads.weekId} in ${yearWeeks}`));
      if (Number(count) > 0) {
        throw refuse(`${count} load${Number(count) === 1 ? '' : 's'} use work weeks of ${year}. Delete or move those loads first.`);
      }
      const deleted = await tx
        .delete(workWeeks)
        .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.year, year)))
        .returning({ id: workWeeks.id });
      return deleted.length ? SUCCESS.weeksDeleted : `INFO There are no work weeks for ${year} to delete`;
    });
  } catch (error) {
    if (pgCode(error) === '23503') throw refuse(`Work weeks of ${year} are still used by other records and cannot be deleted.`);
    throw error;
  }
}
