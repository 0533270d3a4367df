import { LATE_FUEL_TEXT } from '@haulboard/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { TDbLike, TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, settlementClosures, workWeeks } from '../../db/schema';
import { closedWeekName, closedWeeksTouched, type TWeekSpan } from '../../lib/closed-weeks';
import { refuse } from '../../lib/errors';

/**
 * Late fuel: a card line dated in a closed week is imported all the same (IFTA counts fuel by its
 * date) and is deducted in the first open week that starts after that closed week.
 */

/** A closed week the file's lines fall in, and the open week its lines are deducted in (null: none yet). */
export type TLateWeek = { closed: TWeekSpan; settle: TWeekSpan | null };

/**
 * The closed weeks among the dates, each with the first open week after it. Both are locked FOR
 * SHARE (in a transaction): neither may be closed or reopened before the caller's writes commit.
 */
export async function lateWeeks(db: TDbLike, companyId: number, dates: string[]): Promise<TLateWeek[]> {
  const closed = await closedWeeksTouched(db, companyId, { dates });
  const w = workWeeks;
  const out: TLateWeek[] = [];
  for (const week of closed) {
    const [settle] = await db
      .select({ id: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate })
      .from(w)
      .where(
        and(
          eq(w.companyId, companyId),
          gt(w.startDate, week.endDate),
          sql`not exists (select 1 from ${settlementClosures} c where c.week_id = ${w.id} and c.reopened_on is null)`,
        ),
      )
      .orderBy(w.startDate)
      .limit(1)
      .for('share');
    out.push({ closed: week, settle: settle ?? null });
  }
  return out;
}

/** The preview's notice for a line dated on `date`, or null when its week is not closed. */
export function lateNotice(weeks: TLateWeek[], date: string): string | null {
  const hit = weeks.find((l) => date >= l.closed.startDate && date <= l.closed.endDate);
  if (!hit) return null;
  const name = closedWeekName(hit.closed);
  return hit.settle ? LATE_FUEL_TEXT.previewNotice(name, LATE_FUEL_TEXT.weekOf(hit.settle, hit.closed)) : LATE_FUEL_TEXT.previewNoOpenWeek(name);
}

/**
 * The import's final step: its lines dated in closed weeks are deducted in the first open week
 * after each (one UPDATE per closed week). Refused when such a week has no open week after it.
 * Answers how many lines are late.
 */
export async function settleLateFuel(tx: TTx, companyId: number, importId: number, dates: string[]): Promise<number> {
  const weeks = await lateWeeks(tx, companyId, dates);
  let late = 0;
  for (const { closed, settle } of weeks) {
    if (!settle) throw refuse(LATE_FUEL_TEXT.noOpenWeek(closedWeekName(closed)).replace(/^ERROR /, ''));
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with moved as (
          update ${fuelTransactions} set settle_week_id = ${settle.id}
          where company_id = ${companyId} and import_id = ${importId} and fuel_date between ${closed.startDate} and ${closed.endDate}
          returning 1
        )
        select count(*)::int as n from moved`),
    );
    late += Number(row?.n ?? 0);
  }
  return late;
}
