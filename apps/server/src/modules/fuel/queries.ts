import { FUEL_PRODUCT_KEYS, FUEL_PRODUCTS, jurisdictionName, LATE_FUEL_TEXT, type TFuelProduct, type TFuelRecord, type TFuelTotals, type TIftaMiles } from '@haulboard/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { fuelTransactions, iftaMiles, settlementClosures, states, userCompanies, users, workWeeks } from '../../db/schema';
import { sumDecimals } from '../../imports/values';
import { lineShown } from '../../lib/import-lines';
import { fullNameOf } from '../../lib/people';
import { isoOf } from '../../lib/rows';
import type { TPeriod } from './period';

const inQuarters = (quarters: [number, number][]) =>
  quarters.length ? or(...quarters.map(([y, q]) => and(eq(iftaMiles.year, y), eq(iftaMiles.quarter, q)))) : sql`false`;
const periodQuarters = (period: TPeriod) => inQuarters(period.quarters);

/**
 * The miles of a period: trips dated in its days, and a quarter's miles only for a quarter the
 * period covers whole (never a quarter's miles against a week's gallons).
 */
const milesOfPeriod = (period: TPeriod) =>
  or(
    and(isNull(iftaMiles.tripDate), inQuarters(period.wholeQuarters)),
    and(gte(iftaMiles.tripDate, period.from), lte(iftaMiles.tripDate, period.to)),
  );

/** Fuel lines of the period, newest first, each with the driver whose unit it carries. */
export async function findFuel(db: TDbLike, companyId: number, period: TPeriod, limit: number): Promise<TFuelRecord[]> {
  const f = fuelTransactions;
  const rows = await db
    .select({
      f,
      driverId: sql<number | null>`drv.user_id`,
      firstName: sql<string | null>`drv.first_name`,
      lastName: sql<string | null>`drv.last_name`,
      email: sql<string | null>`drv.email`,
      // The closed week the line is dated in ('number|year'), and a late line's week in pay.
      closedWeek: sql<string | null>`(select cw.number::text || '|' || cw.year::text from ${workWeeks} cw
        where cw.company_id = ${f.companyId} and ${f.fuelDate} between cw.start_date and cw.end_date
          and exists (select 1 from ${settlementClosures} c where c.week_id = cw.id and c.reopened_on is null) limit 1)`,
      lateWeek: sql<string | null>`(select sw.number::text || '|' || sw.year::text from ${workWeeks} sw where sw.id = ${f.settleWeekId})`,
    })
    .from(f)
    .leftJoin(
      sql`lateral (select ${userCompanies.userId} as user_id, ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.email} as email
        from ${userCompanies} join ${users} on ${users.id} = ${userCompanies.userId}
        where ${userCompanies.companyId} = ${f.companyId} and ${userCompanies.unitNumber} = ${f.unitNumber}
        order by ${userCompanies.isActive} desc, ${userCompanies.userId} limit 1) drv`,
      sql`true`,
    )
    .where(and(eq(f.companyId, companyId), gte(f.fuelDate, period.from), lte(f.fuelDate, period.to), lineShown(companyId, f.importId)))
    .orderBy(desc(f.fuelDate), desc(f.fuelTime), desc(f.id))
    .limit(limit);
  const week = (text: string | null) => (text ? { number: Number(text.split('|')[0]), year: Number(text.split('|')[1]) } : null);
  return rows.map(({ f: r, driverId, firstName, lastName, email, ...weeks }) => {
    const closed = week(weeks.closedWeek);
    const late = week(weeks.lateWeek);
    return {
    fuelTransactionId: r.id,
    fuelDate: r.fuelDate,
    fuelTime: r.fuelTime,
    unitNumber: r.unitNumber,
    driverId: driverId ?? null,
    driverName: driverId ? fullNameOf({ firstName, lastName, email: email ?? '' }) : r.driverName,
    quantity: r.quantity,
    amount: r.amount,
    unitPrice: r.unitPrice,
    paidPrice: r.paidPrice,
    discount: r.discount,
    currency: r.currency,
    fuelStateCode: r.stateCode,
    fuelStateName: jurisdictionName(r.stateCode),
    city: r.city,
    location: r.location,
    product: r.product as TFuelProduct,
    productName: FUEL_PRODUCTS[r.product as TFuelProduct] ?? r.product,
    isIfta: r.isIfta,
    taxPaid: r.taxPaid,
    vendor: r.vendor,
    cardLast4: r.cardLast4,
    importId: r.importId,
    closedWeek: closed ? `${closed.number} of ${closed.year}` : null,
    lateWeek: late ? LATE_FUEL_TEXT.weekOf(late, closed ?? { year: Number(r.fuelDate.slice(0, 4)) }) : null,
    };
  });
}

/**
 * Totals of every fuel line of the period, summed in SQL (the list stops at its cap): lines, IFTA
 * gallons, amount, and each product's lines, gallons and amount. A week that is not the company's
 * (`period` null) has no lines.
 */
export async function fuelTotals(db: TDbLike, companyId: number, period: TPeriod | null): Promise<TFuelTotals> {
  const f = fuelTransactions;
  const rows = period
    ? await db
        .select({
          product: f.product,
          lines: sql<number>`count(*)::int`,
          gallons: sql<string>`sum(${f.quantity})::text`,
          iftaGallons: sql<string>`coalesce(sum(${f.quantity}) filter (where ${f.isIfta}), 0)::text`,
          amount: sql<string>`sum(${f.amount})::text`,
        })
        .from(f)
        .where(and(eq(f.companyId, companyId), gte(f.fuelDate, period.from), lte(f.fuelDate, period.to), lineShown(companyId, f.importId)))
        .groupBy(f.product)
    : [];
  const order = FUEL_PRODUCT_KEYS as string[];
  rows.sort((a, b) => order.indexOf(a.product) - order.indexOf(b.product));
  return {
    lines: rows.reduce((n, r) => n + Number(r.lines), 0),
    iftaGallons: sumDecimals(rows.map((r) => r.iftaGallons), 3),
    amount: sumDecimals(rows.map((r) => r.amount), 2),
    byProduct: rows.map((r) => ({
      product: r.product as TFuelProduct,
      productName: FUEL_PRODUCTS[r.product as TFuelProduct] ?? r.product,
      lines: Number(r.lines),
      gallons: sumDecimals([r.gallons], 3),
      amount: sumDecimals([r.amount], 2),
    })),
  };
}

export async function countIftaMiles(db: TDbLike, companyId: number, period: TPeriod): Promise<number> {
  const m = iftaMiles;
  const groups = db
    .select({ one: sql`1`.as('one') })
    .from(m)
    .where(and(eq(m.companyId, companyId), periodQuarters(period), lineShown(companyId, m.importId)))
    .groupBy(...milesListGroup)
    .as('g');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(groups);
  return row?.n ?? 0;
}

/** A list row: a quarter's miles (its own id), or a quarter's trips of a unit in a state from one source. */
const milesListGroup = [
  iftaMiles.year,
  iftaMiles.quarter,
  iftaMiles.unitNumber,
  iftaMiles.stateCode,
  iftaMiles.source,
  sql`case when ${iftaMiles.tripDate} is null then ${iftaMiles.id} end`,
] as const;

export async function countFuel(db: TDbLike, companyId: number, period: TPeriod): Promise<number> {
  const f = fuelTransactions;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .where(and(eq(f.companyId, companyId), gte(f.fuelDate, period.from), lte(f.fuelDate, period.to), lineShown(companyId, f.importId)));
  return row?.n ?? 0;
}

/**
 * Miles of the period's quarters, by quarter, unit and state, at most `limit` rows: a quarter's miles
 * as stored, a trip file's trips summed per quarter, unit, state and source (with how many).
 */
export async function findIftaMiles(db: TDbLike, companyId: number, period: TPeriod, limit: number): Promise<TIftaMiles[]> {
  const m = iftaMiles;
  const rows = await db
    .select({
      id: sql<number>`min(${m.id})::int`,
      year: m.year,
      quarter: m.quarter,
      unitNumber: m.unitNumber,
      stateCode: m.stateCode,
      source: m.source,
      totalMiles: sql<string>`sum(${m.totalMiles})::text`,
      taxableMiles: sql<string>`sum(${m.taxableMiles})::text`,
      trips: sql<number>`count(${m.tripDate})::int`,
      importId: sql<number | null>`max(${m.importId})`,
      createdOn: isoOf(sql`max(${m.createdOn})`),
    })
    .from(m)
    .where(and(eq(m.companyId, companyId), periodQuarters(period), lineShown(companyId, m.importId)))
    .groupBy(...milesListGroup)
    .orderBy(desc(m.year), desc(m.quarter), asc(m.unitNumber), asc(m.stateCode), asc(m.source))
    .limit(limit);
  return rows.map((r) => ({
    iftaMilesId: Number(r.id),
    year: r.year,
    quarter: r.quarter,
    unitNumber: r.unitNumber,
    stateCode: r.stateCode,
    stateName: jurisdictionName(r.stateCode),
    miles: milesText(r.totalMiles),
    taxableMiles: milesText(r.taxableMiles),
    source: r.source,
    createdOn: r.createdOn,
    importId: r.importId === null ? null : Number(r.importId),
    trips: Number(r.trips),
  }));
}

/**
 * Units whose miles in the period's quarters are known only per quarter (no trips), in a period that
 * does not cover those quarters whole: their miles cannot be told for the period's days.
 */
export async function quarterOnlyUnits(db: TDbLike, companyId: number, period: TPeriod, units: string[] | null, stateCode: string | null) {
  const partial = period.quarters.filter(([y, q]) => !period.wholeQuarters.some(([wy, wq]) => wy === y && wq === q));
  if (!partial.length) return [];
  const m = iftaMiles;
  const rows = await db
    .selectDistinct({ unit: m.unitNumber, year: m.year, quarter: m.quarter })
    .from(m)
    .where(
      and(
        eq(m.companyId, companyId),
        isNull(m.tripDate),
        inQuarters(partial),
        lineShown(companyId, m.importId),
        units ? inArray(m.unitNumber, units.length ? units : ['']) : undefined,
        stateCode ? eq(m.stateCode, stateCode) : undefined,
      ),
    )
    .orderBy(asc(m.unitNumber), asc(m.year), asc(m.quarter));
  return rows;
}

/** Unrounded sums per unit and state: miles of the period (`milesOfPeriod`), IFTA gallons bought in its days. */
/** Miles as kept (3 decimals) without trailing zeros, one decimal at least: '1890.700' is '1890.7'. */
const milesText = (v: string) => v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '.0');

export type TUnitStateSums = { unitNumber: string; stateCode: string; miles: string; taxableMiles: string; gallons: string; taxPaidGallons: string };

export async function unitStateSums(
  db: TDbLike,
  companyId: number,
  period: TPeriod,
  units: string[] | null,
  stateCode: string | null,
): Promise<TUnitStateSums[]> {
  const m = iftaMiles;
  const f = fuelTransactions;
  const milesWhere = and(
    eq(m.companyId, companyId),
    milesOfPeriod(period),
    lineShown(companyId, m.importId),
    units ? inArray(m.unitNumber, units.length ? units : ['']) : undefined,
    stateCode ? eq(m.stateCode, stateCode) : undefined,
  );
  const fuelWhere = and(
    eq(f.companyId, companyId),
    eq(f.isIfta, true),
    gte(f.fuelDate, period.from),
    lte(f.fuelDate, period.to),
    lineShown(companyId, f.importId),
    units ? inArray(f.unitNumber, units.length ? units : ['']) : undefined,
    stateCode ? eq(f.stateCode, stateCode) : undefined,
  );
  const milesQ = db
    .select({
      unitNumber: m.unitNumber,
      stateCode: m.stateCode,
      miles: sql<string>`sum(${m.totalMiles})`.as('miles'),
      taxableMiles: sql<string>`sum(${m.taxableMiles})`.as('taxable_miles'),
    })
    .from(m)
    .where(milesWhere)
    .groupBy(m.unitNumber, m.stateCode)
    .as('mq');
  const fuelQ = db
    .select({
      unitNumber: f.unitNumber,
      stateCode: f.stateCode,
      gallons: sql<string>`sum(${f.quantity})`.as('gallons'),
      taxPaidGallons: sql<string>`coalesce(sum(${f.quantity}) filter (where ${f.taxPaid}), 0)`.as('tax_paid_gallons'),
    })
    .from(f)
    .where(fuelWhere)
    .groupBy(f.unitNumber, f.stateCode)
    .as('fq');
  const rows = await db
    .select({
      unitNumber: sql<string>`coalesce(${milesQ.unitNumber}, ${fuelQ.unitNumber})`,
      stateCode: sql<string>`coalesce(${milesQ.stateCode}, ${fuelQ.stateCode})`,
      miles: sql<string>`coalesce(${milesQ.miles}, 0)::text`,
      taxableMiles: sql<string>`coalesce(${milesQ.taxableMiles}, 0)::text`,
      gallons: sql<string>`coalesce(${fuelQ.gallons}, 0)::text`,
      taxPaidGallons: sql<string>`coalesce(${fuelQ.taxPaidGallons}, 0)::text`,
    })
    .from(milesQ)
    .fullJoin(fuelQ, and(eq(milesQ.unitNumber, fuelQ.unitNumber), eq(milesQ.stateCode, fuelQ.stateCode)));
  return rows;
}

/** Unit numbers of the company's drivers among `driverIds` (others' ids select nothing). */
export async function unitsOfDrivers(db: TDbLike, companyId: number, driverIds: number[]): Promise<string[]> {
  if (!driverIds.length) return [];
  const rows = await db
    .select({ unit: userCompanies.unitNumber })
    .from(userCompanies)
    .where(and(eq(userCompanies.companyId, companyId), inArray(userCompanies.userId, driverIds)));
  return rows.map((r) => r.unit).filter((u): u is string => !!u);
}

/** Drivers of the company with a unit number, for the report's driver filter. */
export async function iftaDrivers(db: TDbLike, companyId: number) {
  const rows = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, unit: userCompanies.unitNumber })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(and(eq(userCompanies.companyId, companyId), sql`coalesce(${userCompanies.unitNumber}, '') <> ''`))
    .orderBy(asc(userCompanies.unitNumber), asc(users.id));
  return rows.map((r) => ({ label: `${r.unit} - ${fullNameOf(r)}`, value: r.userId, unitNumber: r.unit }));
}

export async function stateCodeOf(db: TDbLike, stateId: number): Promise<string | null> {
  const [row] = await db.select({ code: states.code }).from(states).where(eq(states.id, stateId));
  return row?.code ?? null;
}

/** Weeks of the company in the period, already over, without any fuel line: fuel records may be missing. */
export async function weeksWithoutFuel(db: TDbLike, companyId: number, period: TPeriod): Promise<string[]> {
  const w = workWeeks;
  const f = fuelTransactions;
  const rows = await db
    .select({ number: w.number })
    .from(w)
    .where(
      and(
        eq(w.companyId, companyId),
        gte(w.startDate, period.from),
        lte(w.endDate, period.to),
        sql`${w.endDate} < current_date`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(f)
            .where(and(eq(f.companyId, companyId), sql`${f.fuelDate} between ${w.startDate} and ${w.endDate}`, lineShown(companyId, f.importId))),
        ),
      ),
    )
    .orderBy(asc(w.startDate));
  return rows.map((r) => `Week ${r.number}`);
}
