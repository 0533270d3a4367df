import { addDays, FUEL_PRODUCTS, LATE_FUEL_TEXT, type TFuelProduct, usDate, usStates } from '@haulboard/contract';
import { and, asc, eq, getTableColumns, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDbLike } from '../../db/client';
import { companies, fuelTransactions, loadDrivers, loadStatuses, loads, userCompanies, users, workWeeks } from '../../db/schema';
import { lineShown } from '../../lib/import-lines';
import { fullNameOf } from '../../lib/people';

/** The days a dashboard query covers and how loads are picked in it. */
export type TPayPeriod = {
  from: string;
  to: string;
  /** Loads by work week (a week or a year was chosen), else by their end date. */
  weekIds: number[] | null;
  /** Work weeks the period spans, for a flat weekly fee. */
  weeks: number;
  /**
   * The weeks a flat fee may be charged for: the period's own week, or over several weeks (a year,
   * a date range) only those that have begun; the driver's employment narrows them further.
   */
  feeWeeks: { startDate: string; endDate: string }[];
  /** Over several weeks: recurring charges stop after the last week that has begun (null: no such bound). */
  chargesUntil: string | null;
  label: string;
};

const stateCode = (id: number) => usStates[id - 1]?.code ?? '';

/**
 * A week id (the company's; another company's is like a missing one: null), else a date range,
 * else a work year, else the work week holding today (or today alone when no week holds it).
 */
export async function payPeriod(
  db: TDbLike,
  companyId: number,
  q: { week: number | null; year: number | null; startDate: string | null; endDate: string | null },
  today: string,
): Promise<TPayPeriod | null> {
  const w = workWeeks;
  const cols = { id: w.id, number: w.number, startDate: w.startDate, endDate: w.endDate, year: w.year };
  if (q.week) {
    const [week] = await db.select(cols).from(w).where(and(eq(w.companyId, companyId), eq(w.id, q.week)));
    if (!week) return null;
    return {
      from: week.startDate,
      to: week.endDate,
      weekIds: [week.id],
      weeks: 1,
      feeWeeks: [week],
      chargesUntil: null,
      label: `Week ${week.number} (${usDate(week.startDate)} - ${usDate(week.endDate)})` };
  }
  if (q.startDate || q.endDate) {
    const from = q.startDate ?? q.endDate!;
    const to = q.endDate ?? q.startDate!;
    const spanned = await db
      .select({ startDate: w.startDate, endDate: w.endDate })
      .from(w)
      .where(and(eq(w.companyId, companyId), lte(w.startDate, to), gte(w.endDate, from)))
      .orderBy(asc(w.startDate));
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    // Without work weeks, 7-day spans from the first day stand in for them.
    const spans = spanned.length
      ? spanned
      : Array.from({ length: Math.max(1, Math.ceil(days / 7)) }, (_, i) => ({ startDate: addDays(from, 7 * i), endDate: addDays(from, 7 * i + 6) }));
    return {
      from,
      to,
      weekIds: null,
      weeks: spans.length,
      ...begunCharges(spans, today),
      label: `${usDate(from)} - ${usDate(to)}`,
    };
  }
  if (q.year) {
    const weeks = await db.select(cols).from(w).where(and(eq(w.companyId, companyId), eq(w.year, q.year))).orderBy(asc(w.startDate));
    if (!weeks.length) {
      return { from: `${q.year}-01-01`, to: `${q.year}-12-31`, weekIds: [], weeks: 0, feeWeeks: [], chargesUntil: null, label: `${q.year} (no work weeks)` };
    }
    return {
      from: weeks[0].startDate,
      to: weeks[weeks.length - 1].endDate,
      weekIds: weeks.map((x) => x.id),
      weeks: weeks.length,
      ...begunCharges(weeks, today),
      label: `Work year ${q.year}`,
    };
  }
  const [current] = await db
    .select(cols)
    .from(w)
    .where(and(eq(w.companyId, companyId), lte(w.startDate, today), gte(w.endDate, today)));
  if (current) return payPeriod(db, companyId, { week: current.id, year: null, startDate: null, endDate: null }, today);
  return { from: today, to: today, weekIds: null, weeks: 1, feeWeeks: [{ startDate: today, endDate: today }], chargesUntil: null, label: usDate(today) };
}

/** Over several weeks, charges count only in the weeks that have begun by today. */
function begunCharges(weeks: { startDate: string; endDate: string }[], today: string) {
  const begun = weeks.filter((x) => x.startDate <= today).map((x) => ({ startDate: x.startDate, endDate: x.endDate }));
  return { feeWeeks: begun, chargesUntil: begun.length ? begun[begun.length - 1].endDate : addDays(weeks[0].startDate, -1) };
}

/** Rows per page of a driver's lines. */
const PAGE = 500;

/**
 * Reads every row in pages by id, the event loop getting a turn between pages: PGlite runs a query
 * on the event loop, and a week of 10,000 lines read at once held the server for seconds. Paging by
 * id reads no row twice even while lines are added.
 */
async function inPages<T extends { id: number }>(page: (afterId: number, limit: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let after = 0; ; ) {
    const next = await page(after, PAGE);
    rows.push(...next);
    if (next.length < PAGE) return rows;
    after = next[next.length - 1].id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const inPeriod = (p: TPayPeriod) =>
  p.weekIds
    ? inArray(loads.weekId, p.weekIds.length ? p.weekIds : [0])
    : and(sql`(${loads.loadEndDate} at time zone 'UTC')::date >= ${p.from}`, sql`(${loads.loadEndDate} at time zone 'UTC')::date <= ${p.to}`);

/** Earned loads (revenue statuses) of the period with a given driver, each with its drivers in order. */
export async function driverLoads(db: TDbLike, companyId: number, driverId: number, p: TPayPeriod) {
  const pages = await inPages((afterId, limit) =>
    db
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      companyName: companies.name,
      startDate: loads.loadStartDate,
      endDate: loads.loadEndDate,
      originCity: loads.originCity,
      originStateId: loads.originStateId,
      destinationCity: loads.destinationCity,
      destinationStateId: loads.destinationStateId,
      pricePerMile: loads.pricePerMile,
      payout: loads.payout,
      tripLength: loads.tripLength,
      statusName: loadStatuses.name,
      comments: loads.comments,
      drivers: sql<{ userId: number; name: string }[]>`(select json_agg(json_build_object('userId', d.user_id, 'name',
          coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)) order by d.position)
        from ${loadDrivers} d join ${users} u on u.id = d.user_id where d.load_id = ${loads.id})`,
    })
    .from(loads)
    .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
    .innerJoin(companies, eq(companies.id, loads.companyId))
    .where(
      and(
        eq(loads.companyId, companyId),
        eq(loadStatuses.countsAsRevenue, true),
        inPeriod(p),
        sql`exists (select 1 from ${loadDrivers} d where d.load_id = ${loads.id} and d.user_id = ${driverId})`,
        gt(loads.id, afterId),
      ),
    )
    .orderBy(asc(loads.id))
    .limit(limit),
  );
  // The statement's order: by start, then id.
  const rows = pages.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id);
  return rows.map((r) => ({
    ...r,
    origin: `${r.originCity}, ${stateCode(r.originStateId)}`,
    destination: `${r.destinationCity}, ${stateCode(r.destinationStateId)}`,
    drivers: (typeof r.drivers === 'string' ? JSON.parse(r.drivers) : r.drivers) ?? [],
  }));
}

/** Earned loads of the period that have drivers, with their drivers: company gross is their payouts. */
export async function companyGross(db: TDbLike, companyId: number, p: TPayPeriod): Promise<{ companyId: number; companyName: string; gross: string }> {
  const [[company], [sum]] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    db
      .select({ gross: sql<string>`coalesce(sum(${loads.payout}), 0)::numeric(14,2)::text` })
      .from(loads)
      .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
      .where(
        and(
          eq(loads.companyId, companyId),
          eq(loadStatuses.countsAsRevenue, true),
          inPeriod(p),
          sql`exists (select 1 from ${loadDrivers} d where d.load_id = ${loads.id})`,
        ),
      ),
  ]);
  return { companyId, companyName: company?.name ?? '', gross: sum?.gross ?? '0.00' };
}

/** The driver in the company: name, unit, pay terms and the days they work for it; null when not a member. */
export async function driverOf(db: TDbLike, companyId: number, userId: number) {
  const w = workWeeks;
  // Charges count by whole work weeks: from the start of the week holding the start date to the end of the one holding the end date.
  const weekEdge = (day: AnyPgColumn, edge: 'start_date' | 'end_date') =>
    sql<string | null>`(select ${sql.raw(`ww.${edge}`)} from ${w} ww where ww.company_id = ${companyId} and ${day} between ww.start_date and ww.end_date order by ww.start_date limit 1)::text`;
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      unitNumber: userCompanies.unitNumber,
      fee: userCompanies.serviceFee,
      feeType: userCompanies.serviceFeeType,
      startDate: userCompanies.startDate,
      endDate: userCompanies.endDate,
      chargeFrom: weekEdge(userCompanies.startDate, 'start_date'),
      chargeTo: weekEdge(userCompanies.endDate, 'end_date'),
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
  if (!row) return null;
  return {
    userId: row.userId,
    name: fullNameOf(row),
    unitNumber: row.unitNumber,
    fee: row.fee,
    feeType: row.feeType === 'percent' ? ('percent' as const) : ('flat' as const),
    employment: {
      startDate: row.startDate,
      endDate: row.endDate,
      chargeFrom: row.chargeFrom ?? row.startDate,
      chargeTo: row.chargeTo ?? row.endDate,
    } satisfies TEmployment,
  };
}

/** The days a driver works for the company, and the whole work weeks charges count in (null: no bound). */
export type TEmployment = { startDate: string | null; endDate: string | null; chargeFrom: string | null; chargeTo: string | null };

/** Whether a week (or a day: the same date twice) falls in the weeks the driver works. */
export const worksIn = (e: TEmployment, from: string, to: string) => (!e.chargeFrom || to >= e.chargeFrom) && (!e.chargeTo || from <= e.chargeTo);

/**
 * The fuel lines a period deducts: those dated in it, except late fuel (deducted in a later week:
 * `settle_week_id`), and the late fuel deducted in its weeks (by id, or over dates the weeks whose
 * days lie within the period).
 */
const fuelInPeriod = (p: TPayPeriod) => {
  const f = fuelTransactions;
  const settled = p.weekIds
    ? inArray(f.settleWeekId, p.weekIds.length ? p.weekIds : [0])
    : sql`exists (select 1 from ${workWeeks} sw where sw.id = ${f.settleWeekId} and sw.start_date >= ${p.from} and sw.end_date <= ${p.to})`;
  return or(and(isNull(f.settleWeekId), gte(f.fuelDate, p.from), lte(f.fuelDate, p.to)), settled);
};

/** Every fuel-card line of the unit in the period: all products are charged to the driver. */
export async function unitFuel(db: TDbLike, companyId: number, unitNumber: string | null, p: TPayPeriod) {
  if (!unitNumber) return [];
  const f = fuelTransactions;
  // A late line names the week it is dated in.
  const lateFrom = sql<string | null>`case when ${f.settleWeekId} is null then null else (
    select dw.number::text || '|' || dw.year::text from ${workWeeks} dw
    where dw.company_id = ${f.companyId} and ${f.fuelDate} between dw.start_date and dw.end_date limit 1) end`;
  const pages = await inPages((afterId, limit) =>
    db
      .select({ ...getTableColumns(f), lateFrom })
      .from(f)
      .where(and(eq(f.companyId, companyId), eq(f.unitNumber, unitNumber), fuelInPeriod(p), gt(f.id, afterId), lineShown(companyId, f.importId)))
      .orderBy(asc(f.id))
      .limit(limit),
  );
  // By date, time (a line without a time last, as PostgreSQL sorts nulls), then id.
  const rows = pages.sort(
    (a, b) => a.fuelDate.localeCompare(b.fuelDate) || (a.fuelTime === b.fuelTime ? 0 : a.fuelTime === null ? 1 : b.fuelTime === null ? -1 : a.fuelTime < b.fuelTime ? -1 : 1) || a.id - b.id,
  );
  return rows.map((r) => ({
    fuelTransactionId: r.id,
    fuelDate: r.fuelDate,
    unitNumber: r.unitNumber,
    productName: FUEL_PRODUCTS[r.product as TFuelProduct] ?? r.product,
    location: [r.location, r.city].filter(Boolean).join(', ') || null,
    stateCode: r.stateCode,
    quantity: r.quantity,
    amount: r.amount,
    ...(r.lateFrom ? { lateFrom: LATE_FUEL_TEXT.lateFrom(Number(r.lateFrom.split('|')[0]), Number(r.lateFrom.split('|')[1])) } : {}),
  }));
}
