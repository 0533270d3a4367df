import { centsToText, driverDashboardRoutes, fuelSplit, LINE_LIST_CAP, ROLE, type TDriverDashboard, toCents, usDate } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorCan, actorOf, type TActor } from '../../access/actor';
import type { TDb, TDbLike } from '../../db/client';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { findExpenseLines } from '../expenses';
import { computePay } from './pay';
import { companyGross, driverLoads, driverOf, payPeriod, type TPayPeriod, unitFuel, worksIn } from './queries';

const money = (cents: number) => centsToText(cents);

/** A driver's figures for a period: every line of the dashboard and the statement. */
export type TDriverFigures = Omit<TDriverDashboard, 'companyGrossList' | 'period' | 'lineCounts'> & {
  driver: NonNullable<TDriverDashboard['driver']>;
  grossCents: number;
  additionsCents: number;
  expenseCents: number;
  fuelCents: number;
  feeCents: number;
  netCents: number;
  /** Escrow deductions of the period, in cents (an escrow balance is their sum over time). */
  escrowCents: number;
};

export async function driverFigures(db: TDbLike, companyId: number, driverId: number, period: TPayPeriod): Promise<TDriverFigures> {
  const driver = await driverOf(db, companyId, driverId);
  if (!driver) throw notFound('The driver');
  const [loadRows, allExpenseLines, fuel] = await Promise.all([
    driverLoads(db, companyId, driverId, period),
    findExpenseLines(db, companyId, { from: period.from, to: period.to, userId: driverId }),
    unitFuel(db, companyId, driver.unitNumber, period),
  ]);
  // A flat fee and recurring expenses count only in the weeks the driver works for the company
  // (and, over several weeks, only in those that have begun).
  const { employment } = driver;
  const expenseLines = allExpenseLines.filter(
    (e) => !e.recurring || (worksIn(employment, e.expenseDate, e.expenseDate) && (!period.chargesUntil || e.expenseDate <= period.chargesUntil)),
  );
  const feeWeeks = period.feeWeeks.filter((w) => worksIn(employment, w.startDate, w.endDate)).length;
  const pay = computePay({
    driverId,
    loads: loadRows.map((l) => ({ payout: l.payout, driverIds: l.drivers.map((d: { userId: number }) => d.userId) })),
    fuel,
    expenses: expenseLines,
    fee: { type: driver.feeType, amount: driver.fee },
    weeks: feeWeeks,
  });
  const feeNote =
    driver.feeType === 'flat' && (toCents(driver.fee) ?? 0) > 0 && feeWeeks !== period.weeks
      ? ` (${[
          period.feeWeeks.length < period.weeks ? 'weeks begun' : '',
          employment.startDate ? `from ${usDate(employment.startDate)}` : '',
          employment.endDate ? `to ${usDate(employment.endDate)}` : '',
        ]
          .filter(Boolean)
          .join(', ')})`
      : '';
  return {
    grossCents: pay.grossCents,
    additionsCents: pay.additionsCents,
    expenseCents: pay.expenseCents,
    fuelCents: pay.fuelCents,
    feeCents: pay.feeCents,
    netCents: pay.netCents,
    escrowCents: expenseLines.filter((e) => e.expenseTypeName === 'Escrow').reduce((a, e) => a + Math.abs(toCents(e.amount) ?? 0), 0),
    totalGross: money(pay.grossCents),
    totalExpense: money(pay.expenseCents),
    totalAdditions: money(pay.additionsCents),
    totalFuel: money(pay.fuelCents),
    administrationFee: money(pay.feeCents),
    feeBasis: pay.feeBasis + feeNote,
    netIncome: money(pay.netCents),
    driver: { userId: driver.userId, name: driver.name, unitNumber: driver.unitNumber },
    driverLoadList: loadRows.map((l, i) => ({
      loadId: l.id,
      loadNumber: l.loadNumber,
      companyName: l.companyName,
      startDate: new Date(l.startDate).toISOString(),
      endDate: new Date(l.endDate).toISOString(),
      origin: l.origin,
      destination: l.destination,
      rate: l.pricePerMile,
      payout: money(pay.shares[i]),
      loadPayout: money(toCents(l.payout) ?? 0),
      teammate:
        l.drivers.length > 1
          ? l.drivers
              .filter((d: { userId: number }) => d.userId !== driverId)
              .map((d: { name: string }) => d.name)
              .join(', ')
          : null,
      tripLength: l.tripLength,
      loadStatusName: l.statusName,
      comments: l.comments,
    })),
    driverExpenseList: expenseLines.map((e) => ({
      expenseId: e.expenseId,
      expenseName: e.expenseName,
      expenseTypeName: e.expenseTypeName,
      amount: money(Math.abs(toCents(e.amount) ?? 0)),
      expenseDate: e.expenseDate,
      isReimbursement: e.isReimbursement,
      occurrence: e.occurrence > 1 ? `Occurrence ${e.occurrence}` : null,
    })),
    driverFuelList: fuel,
  };
}

/** The dashboard with every line, before its lists are cut for the answer. */
export type TFullDashboard = Omit<TDriverDashboard, 'lineCounts'>;

/** The dashboard's answer from a driver's figures (the cents stay on the server). */
export function dashboardOf(figures: TDriverFigures, companyGrossList: TDriverDashboard['companyGrossList'], period: string): TFullDashboard {
  const { grossCents, additionsCents, expenseCents, fuelCents, feeCents, netCents, escrowCents, ...shown } = figures;
  return { ...shown, companyGrossList, period };
}

/** The answer: each list cut to LINE_LIST_CAP lines, its full count beside it; the totals were worked out over every line. */
export function boundDashboard(d: TFullDashboard): TDriverDashboard {
  return {
    ...d,
    // Split over every line, before the list is cut.
    fuelSplit: fuelSplit(d.driverFuelList),
    driverLoadList: d.driverLoadList.slice(0, LINE_LIST_CAP),
    driverExpenseList: d.driverExpenseList.slice(0, LINE_LIST_CAP),
    driverFuelList: d.driverFuelList.slice(0, LINE_LIST_CAP),
    lineCounts: { loads: d.driverLoadList.length, expenses: d.driverExpenseList.length, fuel: d.driverFuelList.length },
  };
}

/** Reads a frozen statement instead of live figures (settlements register it: a closed week's figures never change). */
export type TFrozenFigures = (db: TDbLike, companyId: number, weekId: number, driverId: number) => Promise<TFullDashboard | null>;

/** Negative balances of closed weeks carried into an open week, deducted there as lines of their own (settlements register it). */
export type TCarriedLines = (db: TDbLike, companyId: number, weekId: number, driverId: number) => Promise<TDriverDashboard['driverExpenseList']>;

/** The week's figures with the balances carried into it deducted, as its statement shows them. */
function withCarried(d: TFullDashboard, lines: TDriverDashboard['driverExpenseList']): TFullDashboard {
  if (!lines.length) return d;
  const cents = lines.reduce((a, l) => a + (toCents(l.amount) ?? 0), 0);
  const shift = (text: string, by: number) => money((toCents(text) ?? 0) + by);
  return {
    ...d,
    driverExpenseList: [...lines, ...d.driverExpenseList],
    totalExpense: shift(d.totalExpense, cents),
    netIncome: shift(d.netIncome, -cents),
  };
}

/**
 * Spec §7 GetDriversGrossIncome. A driver (without DenyDelete on the dashboard) always gets their own
 * figures, whatever driverId says; company gross is for roleId 1 and 2 only.
 */
export async function driverDashboard(
  db: TDbLike,
  actor: TActor,
  q: { year: number | null; week: number | null; startDate: string | null; endDate: string | null; driverId: number | null },
  today = new Date().toISOString().slice(0, 10),
  frozen?: TFrozenFigures,
  carried?: TCarriedLines,
): Promise<TDriverDashboard> {
  const seesAll = actorCan(actor, 'DriverDashboardPage', 'DenyDelete');
  const driverId = seesAll ? q.driverId : actor.userId;
  const period = await payPeriod(db, actor.companyId, q, today);
  if (!period) throw notFound('The work week');
  const showsCompany = actor.roleIds.some((r) => r === ROLE.Administrator || r === ROLE.Dispatcher);
  const companyGrossList = showsCompany ? [await companyGross(db, actor.companyId, period)] : [];
  if (!driverId) {
    return boundDashboard({
      companyGrossList,
      totalGross: '0.00',
      totalExpense: '0.00',
      totalAdditions: '0.00',
      totalFuel: '0.00',
      administrationFee: '0.00',
      feeBasis: 'No administration fee',
      netIncome: '0.00',
      driverLoadList: [],
      driverExpenseList: [],
      driverFuelList: [],
      driver: null,
      period: period.label,
    });
  }
  if (frozen && period.weekIds?.length === 1 && q.week) {
    const snapshot = await frozen(db, actor.companyId, period.weekIds[0], driverId);
    if (snapshot) return boundDashboard({ ...snapshot, companyGrossList, period: period.label });
  }
  const shown = dashboardOf(await driverFigures(db, actor.companyId, driverId, period), companyGrossList, period.label);
  if (carried && period.weekIds?.length === 1) return boundDashboard(withCarried(shown, await carried(db, actor.companyId, period.weekIds[0], driverId)));
  return boundDashboard(shown);
}

export async function driverDashboardModule(app: FastifyInstance, { db, frozen, carried }: { db: TDb; frozen?: TFrozenFigures; carried?: TCarriedLines }) {
  route(app, driverDashboardRoutes.getDriversGrossIncome, async (req) => driverDashboard(db, actorOf(req.ctx), req.query, undefined, frozen, carried));
}
