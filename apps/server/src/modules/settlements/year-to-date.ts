import { percentOfCents, toCents } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, loadDrivers, loadStatuses, loads, settlementClosures, settlementStatements, workWeeks } from '../../db/schema';
import { lineShown } from '../../lib/import-lines';
import { type TEmployment, worksIn } from '../driver-dashboard';
import { findExpenseLines } from '../expenses';

/** Year-to-date sums of a driver, in cents. */
export type TYearToDate = { grossCents: number; additionsCents: number; deductionsCents: number; netCents: number; escrowCents: number };

export type TEarlierWeek = { id: number; startDate: string; endDate: string };

const cents = (value: string | number | null | undefined) => toCents(value ?? 0) ?? 0;

/**
 * The year to date before a week: the sum of the driver's weekly statements of the earlier weeks
 * of the work year. A closed week counts as it was frozen (what was paid); an open week as its
 * statement would read today, summed in SQL (team shares, fuel by week) rather than row by row in
 * Node, so a statement late in the year costs about what one early in it does.
 */
export async function yearToDateBefore(
  db: TDbLike,
  companyId: number,
  driver: { userId: number; unitNumber: string | null; fee: string; feeType: 'percent' | 'flat'; employment: TEmployment },
  /** The earlier weeks of the work year, in date order. */
  weeks: TEarlierWeek[],
): Promise<TYearToDate> {
  const total: TYearToDate = { grossCents: 0, additionsCents: 0, deductionsCents: 0, netCents: 0, escrowCents: 0 };
  if (weeks.length === 0) return total;
  const ids = sql`array[${sql.join(
    weeks.map((w) => sql`${w.id}`),
    sql`, `,
  )}]::int[]`;

  // Four queries at once over every earlier week; a closed week's live figures are then left out.
  // The driver's share of each earned load is worked as splitCents does it: the payout's cents
  // split equally, the odd cents one each to the first drivers in position order.
  const [frozenRows, gross, fuel, expenseLines] = await Promise.all([
    db.execute(sql`
      select s.week_id, s.data->>'gross' as gross, s.data->>'totalAdditions' as additions,
        s.data->>'totalDeductions' as deductions, s.data->>'net' as net,
        (select coalesce(sum((e->>'amount')::numeric), 0)::text from jsonb_array_elements(s.data->'expenses') e
          where e->>'expenseTypeName' = 'Escrow') as escrow
      from ${settlementStatements} s join ${settlementClosures} c on c.id = s.closure_id and c.reopened_on is null
      where s.company_id = ${companyId} and s.user_id = ${driver.userId} and s.week_id = any(${ids})`),
    db.execute(sql`
      select x.week_id, sum(sign(x.c) * (abs(x.c) / x.n + case when x.idx < abs(x.c) % x.n then 1 else 0 end))::text as gross_cents
      from (
        select l.week_id, round(l.payout * 100)::bigint as c,
          (select count(*) from ${loadDrivers} a where a.load_id = l.id) as n,
          (select count(*) from ${loadDrivers} b where b.load_id = l.id and b.position < d.position) as idx
        from ${loadDrivers} d
        join ${loads} l on l.id = d.load_id
        join ${loadStatuses} st on st.id = l.load_status_id and st.counts_as_revenue
        where d.user_id = ${driver.userId} and l.company_id = ${companyId} and l.week_id = any(${ids})
      ) x
      group by x.week_id`),
    driver.unitNumber
      ? db.execute(sql`
          select w.id as week_id, sum(f.amount)::text as fuel
          from ${workWeeks} w
          join ${fuelTransactions} f on f.company_id = w.company_id and f.unit_number = ${driver.unitNumber}
            -- Late fuel counts in the week it is deducted in, not in its date's (closed) week.
            and ((f.settle_week_id is null and f.fuel_date between w.start_date and w.end_date) or f.settle_week_id = w.id)
            and ${lineShown(companyId, sql`f.import_id`)}
          where w.company_id = ${companyId} and w.id = any(${ids})
          group by w.id`)
      : Promise.resolve([]),
    // The weeks come in date order.
    findExpenseLines(db, companyId, { from: weeks[0].startDate, to: weeks[weeks.length - 1].endDate, userId: driver.userId }),
  ]);
  const closed = new Set<number>();
  for (const r of rowsOf<{ week_id: number; gross: string; additions: string; deductions: string; net: string; escrow: string }>(frozenRows)) {
    closed.add(Number(r.week_id));
    total.grossCents += cents(r.gross);
    total.additionsCents += cents(r.additions);
    total.deductionsCents += cents(r.deductions);
    total.netCents += cents(r.net);
    total.escrowCents += cents(r.escrow);
  }
  const open = weeks.filter((w) => !closed.has(w.id));
  // Negative balances of closed weeks carried into the open ones are deducted there.
  const carriedIn = new Map<number, number>();
  if (open.length) {
    const carried = await db.execute(sql`
      select (s.data->'carry'->>'toWeekId')::int as week_id, s.data->'carry'->>'amount' as amount
      from ${settlementStatements} s join ${settlementClosures} c on c.id = s.closure_id and c.reopened_on is null
      where s.company_id = ${companyId} and s.user_id = ${driver.userId} and (s.data->'carry'->>'toWeekId')::int = any(${ids})`);
    for (const r of rowsOf<{ week_id: number; amount: string }>(carried)) carriedIn.set(Number(r.week_id), (carriedIn.get(Number(r.week_id)) ?? 0) + cents(r.amount));
  }
  const grossOf = new Map(rowsOf<{ week_id: number; gross_cents: string }>(gross).map((r) => [Number(r.week_id), Number(r.gross_cents)]));
  const fuelOf = new Map(rowsOf<{ week_id: number; fuel: string }>(fuel).map((r) => [Number(r.week_id), cents(r.fuel)]));
  const feeCents = cents(driver.fee);
  for (const w of open) {
    const weekGross = grossOf.get(w.id) ?? 0;
    let additions = 0;
    let expenses = 0;
    // A flat fee and recurring expenses count only in the weeks the driver works for the company.
    const works = worksIn(driver.employment, w.startDate, w.endDate);
    for (const e of expenseLines) {
      if (e.expenseDate < w.startDate || e.expenseDate > w.endDate) continue;
      if (e.recurring && !worksIn(driver.employment, e.expenseDate, e.expenseDate)) continue;
      const c = Math.abs(cents(e.amount));
      if (e.isReimbursement) additions += c;
      else expenses += c;
      if (e.expenseTypeName === 'Escrow') total.escrowCents += c;
    }
    // The same fee as the week's own statement: a percentage of its gross, or the flat weekly amount.
    const fee = driver.feeType === 'percent' ? percentOfCents(weekGross, driver.fee) : works ? feeCents : 0;
    const deductions = expenses + (fuelOf.get(w.id) ?? 0) + fee + (carriedIn.get(w.id) ?? 0);
    total.grossCents += weekGross;
    total.additionsCents += additions;
    total.deductionsCents += deductions;
    total.netCents += weekGross + additions - deductions;
  }
  return total;
}
