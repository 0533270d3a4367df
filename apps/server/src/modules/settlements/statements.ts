import { addDays, centsToText, ROLE, SETTLEMENT_TEXT, type TDriverDashboard, type TStatement, toCents } from '@haulboard/contract';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { companies, loadDrivers, loads, settlementClosures, settlementStatements, userCompanies, userRoles, users, workWeeks } from '../../db/schema';
import { closedWeekName } from '../../lib/closed-weeks';
import { notFound } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { driverFigures, driverOf, type TFullDashboard } from '../driver-dashboard';
import { yearToDateBefore } from './year-to-date';

export type TWeek = TStatement['week'];

/** The company's work week, or 404 (another company's week is like a missing one). */
export async function weekOf(db: TDbLike, companyId: number, weekId: number): Promise<TWeek> {
  const w = workWeeks;
  const [week] = await db
    .select({ weekId: w.id, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate })
    .from(w)
    .where(and(eq(w.companyId, companyId), eq(w.id, weekId)));
  if (!week) throw notFound('The work week');
  return week;
}

/** The Friday after the week ends (a Monday-to-Sunday week is paid five days later). */
export function payDateOf(endDate: string): string {
  const dow = new Date(`${endDate}T00:00:00Z`).getUTCDay();
  return addDays(endDate, (5 - dow + 7) % 7 || 7);
}

const text = (cents: number) => centsToText(cents);

/** The expense type name of a balance carried between weeks (never an expense rule of its own). */
export const CARRIED_BALANCE = 'Carried balance';

/** The carried balances as the dashboard of an open week deducts them. */
export async function carriedDashboardLines(db: TDbLike, companyId: number, weekId: number, driverId: number) {
  return carriedInto(db, companyId, await weekOf(db, companyId, weekId), driverId);
}

/** Negative balances of closed weeks carried into this week for the driver, oldest first. */
export async function carriedInto(db: TDbLike, companyId: number, week: TWeek, driverId: number) {
  const s = settlementStatements;
  const rows = await db
    .select({ data: s.data })
    .from(s)
    .innerJoin(settlementClosures, eq(settlementClosures.id, s.closureId))
    .where(
      and(
        eq(s.companyId, companyId),
        eq(s.userId, driverId),
        isNull(settlementClosures.reopenedOn),
        sql`(${s.data}->'carry'->>'toWeekId')::int = ${week.weekId}`,
      ),
    );
  return rows
    .map((r) => r.data)
    .sort((a, b) => a.week.startDate.localeCompare(b.week.startDate))
    .map((d) => ({
      expenseId: 0,
      expenseName: SETTLEMENT_TEXT.carriedFrom(closedWeekName({ id: d.week.weekId, ...d.week })),
      expenseTypeName: CARRIED_BALANCE,
      amount: d.carry?.amount ?? '0.00',
      expenseDate: week.startDate,
      isReimbursement: false,
      occurrence: null,
    }));
}

/** One driver's statement for a week, worked out from today's data. */
export async function liveStatement(db: TDbLike, companyId: number, week: TWeek, driverId: number): Promise<TStatement> {
  const period = { from: week.startDate, to: week.endDate, weekIds: [week.weekId], weeks: 1, feeWeeks: [week], chargesUntil: null, label: '' };
  const [driver, earlierWeeks, [company]] = await Promise.all([
    driverOf(db, companyId, driverId),
    db
      .select({ id: workWeeks.id, startDate: workWeeks.startDate, endDate: workWeeks.endDate })
      .from(workWeeks)
      .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.year, week.year), lt(workWeeks.startDate, week.startDate)))
      .orderBy(asc(workWeeks.startDate)),
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
  ]);
  if (!driver) throw notFound('The driver');
  // The week's own lines, and the year to date: the earlier weeks of the work year (closed ones as paid) plus this week.
  const [figures, before, carried] = await Promise.all([
    driverFigures(db, companyId, driverId, period),
    yearToDateBefore(db, companyId, driver, earlierWeeks),
    carriedInto(db, companyId, week, driverId),
  ]);
  // A negative balance of an earlier closed week is deducted here, as a line of its own.
  const carriedCents = carried.reduce((a, c) => a + (toCents(c.amount) ?? 0), 0);
  const deductions = figures.fuelCents + figures.expenseCents + figures.feeCents + carriedCents;
  const netCents = figures.netCents - carriedCents;
  const ytd = {
    gross: text(before.grossCents + figures.grossCents),
    deductions: text(before.deductionsCents + deductions),
    additions: text(before.additionsCents + figures.additionsCents),
    net: text(before.netCents + netCents),
    escrow: text(before.escrowCents + figures.escrowCents),
  };
  return {
    statementNumber: null,
    revision: null,
    carrier: { companyId, name: company?.name ?? '' },
    payee: { userId: figures.driver.userId, name: figures.driver.name },
    unitNumber: figures.driver.unitNumber,
    week,
    payDate: payDateOf(week.endDate),
    loads: figures.driverLoadList,
    additions: figures.driverExpenseList.filter((e) => e.isReimbursement),
    expenses: [...carried, ...figures.driverExpenseList.filter((e) => !e.isReimbursement)],
    fuel: figures.driverFuelList,
    administrationFee: figures.administrationFee,
    feeBasis: figures.feeBasis,
    gross: figures.totalGross,
    totalAdditions: figures.totalAdditions,
    totalFuel: figures.totalFuel,
    totalExpense: text(figures.expenseCents + carriedCents),
    totalDeductions: text(deductions),
    net: text(netCents),
    ytd,
    closed: null,
  };
}

/** The week's open closure (the week is closed), or null. */
export async function openClosureOf(db: TDbLike, companyId: number, weekId: number) {
  const c = settlementClosures;
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.companyId, companyId), eq(c.weekId, weekId), isNull(c.reopenedOn)))
    .orderBy(desc(c.revision));
  return row ?? null;
}

/** The frozen statement of a driver in a closed week, or null (open week, or no statement then). */
export async function frozenStatement(db: TDbLike, companyId: number, weekId: number, driverId: number): Promise<TStatement | null> {
  const s = settlementStatements;
  const [row] = await db
    .select({ data: s.data })
    .from(s)
    .innerJoin(settlementClosures, eq(settlementClosures.id, s.closureId))
    .where(and(eq(s.companyId, companyId), eq(s.weekId, weekId), eq(s.userId, driverId), isNull(settlementClosures.reopenedOn)));
  return row?.data ?? null;
}

/** The statement: frozen when its week is closed, else live. */
export async function statementOf(db: TDbLike, companyId: number, weekId: number, driverId: number): Promise<TStatement> {
  const week = await weekOf(db, companyId, weekId);
  return (await frozenStatement(db, companyId, week.weekId, driverId)) ?? liveStatement(db, companyId, week, driverId);
}

/** The dashboard's figures from a frozen statement (the dashboard of a closed week shows what was paid). */
export async function frozenDashboard(db: TDbLike, companyId: number, weekId: number, driverId: number): Promise<TFullDashboard | null> {
  const s = await frozenStatement(db, companyId, weekId, driverId);
  if (!s) return null;
  return {
    companyGrossList: [],
    totalGross: s.gross,
    totalExpense: s.totalExpense,
    totalAdditions: s.totalAdditions,
    totalFuel: s.totalFuel,
    administrationFee: s.administrationFee,
    feeBasis: s.feeBasis,
    netIncome: s.net,
    driverLoadList: s.loads,
    driverExpenseList: [...s.expenses, ...s.additions],
    driverFuelList: s.fuel,
    driver: { userId: s.payee.userId, name: s.payee.name, unitNumber: s.unitNumber },
    period: '',
  };
}

/** Who gets a statement for the week: the company's active drivers and whoever drove a load in it. */
export async function driversOfWeek(db: TDbLike, companyId: number, weekId: number) {
  const rows = await db
    .selectDistinct({ user: users, unitNumber: userCompanies.unitNumber })
    .from(users)
    .innerJoin(userCompanies, and(eq(userCompanies.userId, users.id), eq(userCompanies.companyId, companyId)))
    .where(
      sql`(exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.company_id = ${companyId} and r.role_id = ${ROLE.Driver})
            and ${userCompanies.isActive})
        or exists (select 1 from ${loadDrivers} d join ${loads} l on l.id = d.load_id
            where d.user_id = ${users.id} and l.company_id = ${companyId} and l.week_id = ${weekId})
        or exists (select 1 from ${settlementStatements} s join ${settlementClosures} k on k.id = s.closure_id and k.reopened_on is null
            where s.company_id = ${companyId} and s.user_id = ${users.id} and (s.data->'carry'->>'toWeekId')::int = ${weekId})`,
    );
  return rows
    .map((r) => ({ userId: r.user.id, name: fullNameOf(r.user), unitNumber: r.unitNumber }))
    .sort((a, b) => (a.unitNumber ?? '\uffff').localeCompare(b.unitNumber ?? '\uffff', 'en', { numeric: true }) || a.name.localeCompare(b.name));
}

/** Every driver's statement of the week (frozen when closed), for the week view and the PDF. */
export async function weekStatements(db: TDbLike, companyId: number, weekId: number): Promise<{ week: TWeek; statements: TStatement[] }> {
  const week = await weekOf(db, companyId, weekId);
  const drivers = await driversOfWeek(db, companyId, week.weekId);
  const statements: TStatement[] = [];
  for (const d of drivers) {
    statements.push((await frozenStatement(db, companyId, week.weekId, d.userId)) ?? (await liveStatement(db, companyId, week, d.userId)));
  }
  // A closed week shows exactly who was frozen, also someone no longer a driver.
  const c = settlementStatements;
  const frozenOthers = await db
    .select({ data: c.data })
    .from(c)
    .innerJoin(settlementClosures, eq(settlementClosures.id, c.closureId))
    .where(and(eq(c.companyId, companyId), eq(c.weekId, week.weekId), sql`${settlementClosures.reopenedOn} is null`));
  for (const f of frozenOthers) if (!statements.some((s) => s.payee.userId === f.data.payee.userId)) statements.push(f.data);
  return { week, statements };
}
