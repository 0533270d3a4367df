import { FUEL_PRODUCTS, jurisdictionName, type TFuelProduct, type TFuelRecord, type TIftaMiles } from '@haulboard/contract';
import { and, asc, desc, eq, gte, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { fuelTransactions, iftaMiles, states, userCompanies, users, workWeeks } from '../../db/schema';
import { lineShown } from '../../lib/import-lines';
import { fullNameOf } from '../../lib/people';
import { isoOf } from '../../lib/rows';
import type { TPeriod } from './period';

const periodQuarters = (period: TPeriod) =>
  or(...period.quarters.map(([y, q]) => and(eq(iftaMiles.year, y), eq(iftaMiles.quarter, q))));

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
  return rows.map(({ f: r, driverId, firstName, lastName, email }) => ({
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
  }));
}

export async function countIftaMiles(db: TDbLike, companyId: number, period: TPeriod): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(iftaMiles)
    .where(and(eq(iftaMiles.companyId, companyId), periodQuarters(period), lineShown(companyId, iftaMiles.importId)));
  return row?.n ?? 0;
}

export async function countFuel(db: TDbLike, companyId: number, period: TPeriod): Promise<number> {
  const f = fuelTransactions;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .where(and(eq(f.companyId, companyId), gte(f.fuelDate, period.from), lte(f.fuelDate, period.to), lineShown(companyId, f.importId)));
  return row?.n ?? 0;
}

/** Miles rows of the period's quarters, by quarter, unit and state, at most `limit` of them. */
export async function findIftaMiles(db: TDbLike, companyId: number, period: TPeriod, limit: number): Promise<TIftaMiles[]> {
  const m = iftaMiles;
  const rows = await db
    .select({ m, createdOn: isoOf(m.createdOn) })
    .from(m)
    .where(and(eq(m.companyId, companyId), periodQuarters(period), lineShown(companyId, m.importId)))
    .orderBy(desc(m.year), desc(m.quarter), asc(m.unitNumber), asc(m.stateCode), asc(m.source))
    .limit(limit);
  return rows.map(({ m: r, createdOn }) => ({
    iftaMilesId: r.id,
    year: r.year,
    quarter: r.quarter,
    unitNumber: r.unitNumber,
    stateCode: r.stateCode,
    stateName: jurisdictionName(r.stateCode),
    miles: milesText(r.totalMiles),
    taxableMiles: milesText(r.taxableMiles),
    source: r.source,
    createdOn,
    importId: r.importId,
  }));
}

/** Unrounded sums per unit and state: miles of the period's quarters, IFTA gallons bought in its days. */
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
    periodQuarters(period),
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
