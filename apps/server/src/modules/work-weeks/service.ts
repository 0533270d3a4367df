import { canGenerateYear, lastWorkWeekYear, SUCCESS, type TWorkWeekPlan, usDate, WORK_WEEK_FIRST_YEAR, weekLabel } from '@haulboard/contract';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { companies, loads, workWeeks } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { pgCode } from '../../lib/rows';

const DAY = 86_400_000;
const parseDay = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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

/** One company's week changes run one at a time: the company row is the lock. */
const lockCompany = (tx: TDbLike, companyId: number) =>
  tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (d: string) => new Date(parseDay(d)).getUTCDay();

/**
 * What generating from `date` would do, and what to confirm first: days between the company's
 * last earlier week and the new first week that would fall in no week, and a first day on another
 * weekday than the company's weeks start on (their latest week's). Refusals (existing or
 * overlapping weeks) are named too, so the form can say so before anything is sent.
 */
export async function planWorkWeeks(db: TDbLike, companyId: number, date: string): Promise<TWorkWeekPlan> {
  const plan = planWeeks(date);
  const first = plan[0];
  const last = plan[plan.length - 1];
  const warnings: string[] = [];
  const [before] = await db
    .select()
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), lte(workWeeks.endDate, first.startDate)))
    .orderBy(desc(workWeeks.endDate))
    .limit(1);
  if (before) {
    const gap = Math.round((parseDay(first.startDate) - parseDay(before.endDate)) / DAY) - 1;
    if (gap > 0) {
      warnings.push(
        `${gap} day${gap === 1 ? '' : 's'} between ${weekLabel(before)} of ${before.year} and the new first week ` +
          `(${usDate(dayOf(parseDay(before.endDate) + DAY))} - ${usDate(dayOf(parseDay(first.startDate) - DAY))}) would be in no work week: ` +
          'loads, expenses and fuel on those days would have no week.',
      );
    }
    if (weekdayOf(before.startDate) !== weekdayOf(first.startDate)) {
      warnings.push(
        `Your work weeks start on ${WEEKDAYS[weekdayOf(before.startDate)]}s; ${usDate(first.startDate)} is a ${WEEKDAYS[weekdayOf(first.startDate)]}.`,
      );
    }
  }
  let refusal: string | null = null;
  try {
    checkGeneratedYear(first.year);
    await checkFree(db, companyId, plan);
  } catch (error) {
    refusal = error instanceof Error ? error.message.replace(/^ERROR /, '') : String(error);
  }
  return { year: first.year, weeks: plan.length, startDate: first.startDate, endDate: last.endDate, warnings, refusal };
}

/** The years the selects offer: every year with weeks, this year and next year. */
export async function findWorkYears(db: TDbLike, companyId: number, today = new Date()) {
  const rows = await db.selectDistinct({ year: workWeeks.year }).from(workWeeks).where(eq(workWeeks.companyId, companyId));
  const years = new Set([...rows.map((r) => r.year), today.getUTCFullYear(), today.getUTCFullYear() + 1]);
  return [...years].sort((a, b) => a - b);
}

/**
 * Weeks may be generated for any year from 2000 to two years ahead (the contract's range, checked
 * again here for callers other than the route); once a year has weeks, every select offers it
 * (findWorkYears), so no generated week is out of reach of a load, a report or a filter.
 */
function checkGeneratedYear(year: number, today = new Date()) {
  if (!canGenerateYear(year, today)) {
    throw refuse(`Work weeks can be generated for ${WORK_WEEK_FIRST_YEAR} to ${lastWorkWeekYear(today)}; ${year} is not one of those years.`);
  }
}

/** Inserts planned weeks for a company after the overlap checks (also used by the demo seed). */
export async function insertWeeks(tx: TDbLike, companyId: number, date: string) {
  const plan = planWeeks(date);
  await checkFree(tx, companyId, plan);
  await tx.insert(workWeeks).values(plan.map((w) => ({ ...w, companyId })));
  return plan.length;
}

/** Refuses a plan whose year has weeks already or whose days overlap other weeks. */
async function checkFree(tx: TDbLike, companyId: number, plan: ReturnType<typeof planWeeks>) {
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
}

/** Generates the year of weeks that starts on `date`, one generation per company at a time. */
export async function generateWorkWeeks(tx: TDbLike, actor: TActor, date: string) {
  await lockCompany(tx, actor.companyId);
  checkGeneratedYear(Number(date.slice(0, 4)));
  try {
    await tx.transaction((sp) => insertWeeks(sp, actor.companyId, date));
  } catch (error) {
    if (pgCode(error) === '23505') throw refuse(`Work weeks for ${date.slice(0, 4)} already exist.`);
    throw error;
  }
  return SUCCESS.weeksGenerated;
}

/** Deletes a year's weeks; refused while loads (or other records) use them. */
export async function deleteWorkWeeks(tx: TDbLike, actor: TActor, year: number) {
  const { companyId } = actor;
  await lockCompany(tx, companyId);
  const yearWeeks = sql`(select ${workWeeks.id} from ${workWeeks} where ${workWeeks.companyId} = ${companyId} and ${workWeeks.year} = ${year})`;
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(loads)
    .where(and(eq(loads.companyId, companyId), sql`${loads.weekId} in ${yearWeeks}`));
  if (Number(count) > 0) {
    throw refuse(`${count} load${Number(count) === 1 ? '' : 's'} use work weeks of ${year}. Delete or move those loads first.`);
  }
  try {
    const deleted = await tx.transaction((sp) =>
      sp
        .delete(workWeeks)
        .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.year, year)))
        .returning({ id: workWeeks.id }),
    );
    return deleted.length ? SUCCESS.weeksDeleted : `INFO There are no work weeks for ${year} to delete`;
  } catch (error) {
    if (pgCode(error) === '23503') throw refuse(`Work weeks of ${year} are still used by other records and cannot be deleted.`);
    throw error;
  }
}
