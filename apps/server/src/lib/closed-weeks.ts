import { SETTLEMENT_TEXT, usDate } from '@haulboard/contract';
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { settlementClosures, workWeeks } from '../db/schema';
import { refuse } from './errors';

/**
 * Closed settlement weeks: what a write may not touch. A write that touches a work week (by id, or
 * a date inside it) checks here in its own transaction; the week rows are locked FOR SHARE, and
 * closing a week locks its row FOR UPDATE, so a write and a close never pass each other.
 */

export type TWeekSpan = { id: number; year: number; number: number; startDate: string; endDate: string };

export const closedWeekName = (w: TWeekSpan) => `${w.number} of ${w.year} (${usDate(w.startDate)} - ${usDate(w.endDate)})`;

const openClosure = (weekId: typeof workWeeks.id) =>
  sql`exists (select 1 from ${settlementClosures} c where c.week_id = ${weekId} and c.reopened_on is null)`;

/** The company's closed weeks among those given by id or holding one of the dates. */
export async function closedWeeksTouched(tx: TDbLike, companyId: number, touched: { weekIds?: number[]; dates?: string[] }): Promise<TWeekSpan[]> {
  const weekIds = [...new Set((touched.weekIds ?? []).filter((id) => id > 0))];
  const dates = [...new Set(touched.dates ?? [])].sort();
  if (!weekIds.length && !dates.length) return [];
  const w = workWeeks;
  const rows = await tx
    .select({ id: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate })
    .from(w)
    .where(
      and(
        eq(w.companyId, companyId),
        or(
          weekIds.length ? inArray(w.id, weekIds) : undefined,
          dates.length ? and(lte(w.startDate, dates[dates.length - 1]), gte(w.endDate, dates[0])) : undefined,
        ),
        openClosure(w.id),
      ),
    )
    .orderBy(w.startDate)
    .for('share');
  return rows.filter((week) => weekIds.includes(week.id) || dates.some((d) => d >= week.startDate && d <= week.endDate));
}

/** Refuses the write when it touches a closed week, naming the first such week. */
export async function refuseIfClosed(tx: TDbLike, companyId: number, touched: { weekIds?: number[]; dates?: string[] }) {
  const [closed] = await closedWeeksTouched(tx, companyId, touched);
  if (closed) throw refuse(SETTLEMENT_TEXT.weekClosed(closedWeekName(closed)).replace(/^ERROR /, ''));
}

/** Every closed week of the company, oldest first (a recurring expense checks its rule against them). */
export async function closedWeeks(tx: TDbLike, companyId: number): Promise<TWeekSpan[]> {
  const w = workWeeks;
  return tx
    .select({ id: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate })
    .from(w)
    .where(and(eq(w.companyId, companyId), openClosure(w.id)))
    .orderBy(w.startDate)
    .for('share');
}
