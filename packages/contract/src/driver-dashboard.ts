import { z } from 'zod';
import { filterDate, filterId, filterYear } from './fields';
import { defineRoute, onObject } from './route-def';
import { ZFuelSplitLine } from './statement-format';

/**
 * Spec §7 Driver dashboard: GET /api/DriverDashboard/GetDriversGrossIncome?year&week&startDate&endDate&driverId.
 * `week` is a work week id (the value of the work-week lookup); a week selects loads by their work
 * week, a date range by their end date (both ends included). A driver always gets their own figures.
 */
export const ZDriverDashboardQuery = z
  .object({
    year: filterYear(),
    week: filterId(),
    startDate: filterDate(),
    endDate: filterDate(),
    driverId: filterId(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { error: 'The start date must be on or before the end date', path: ['endDate'] });
export type TDriverDashboardQuery = z.input<typeof ZDriverDashboardQuery>;

/** How the administration fee is charged: a percentage of gross, or a flat amount per work week. */
export const FEE_TYPES = { flat: 'Flat per week', percent: '% of gross' } as const;
export type TFeeType = keyof typeof FEE_TYPES;

export const ZDashboardLoad = z.object({
  loadId: z.number(),
  loadNumber: z.string(),
  companyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Price per mile. */
  rate: z.string(),
  /** The driver's share of the payout (a team load split evenly, odd cents to the first driver). */
  payout: z.string(),
  /** The whole load's payout, and the teammate when it is a team load. */
  loadPayout: z.string(),
  teammate: z.string().nullable(),
  tripLength: z.string(),
  loadStatusName: z.string(),
  comments: z.string().nullable(),
});

export const ZDashboardExpense = z.object({
  expenseId: z.number(),
  expenseName: z.string(),
  expenseTypeName: z.string(),
  /** Positive text; `isReimbursement` lines add to pay, the others deduct. */
  amount: z.string(),
  expenseDate: z.string(),
  isReimbursement: z.boolean(),
  /** 'Weekly, 3 of 10' for a recurring rule; null for a one-time expense. */
  occurrence: z.string().nullable(),
});

export const ZDashboardFuel = z.object({
  fuelTransactionId: z.number(),
  fuelDate: z.string(),
  unitNumber: z.string(),
  productName: z.string(),
  location: z.string().nullable(),
  stateCode: z.string(),
  quantity: z.string(),
  amount: z.string(),
  /** Late fuel, deducted in a later week than its date's: 'Late fuel from week 12 of 2026'. */
  lateFrom: z.string().nullable().optional(),
});

/**
 * The dashboard and the JSON statement carry at most this many lines per list (a week of 10,000
 * fuel-card lines was megabytes); the totals are still over every line, and the PDF prints them all.
 */
export const LINE_LIST_CAP = 500;

/** How many lines a list has in all: more than the list carries when it was cut to LINE_LIST_CAP. */
export const ZDashboardLineCounts = z.object({ loads: z.number().int(), expenses: z.number().int(), fuel: z.number().int() });

/** The notice under a cut list: 'Showing 500 of 10,000 fuel-card lines; the totals count them all.' */
export function lineCapText(noun: string, shown: number, total: number, inPdf: boolean): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `Showing ${n(shown)} of ${n(total)} ${noun}; the totals count them all${inPdf ? ', and the PDF has every line' : ''}.`;
}

/** Spec §3 Driver dashboard result; money is decimal text ('1234.56'), every figure exact to the cent. */
export const ZDriverDashboard = z.object({
  /** Gross over every driver of the company in the period (roleId 1 and 2 only; empty for drivers). */
  companyGrossList: z.array(z.object({ companyId: z.number(), companyName: z.string(), gross: z.string() })),
  totalGross: z.string(),
  /** Deducted expenses (reimbursements not included). */
  totalExpense: z.string(),
  /** Reimbursements: added to pay. */
  totalAdditions: z.string(),
  totalFuel: z.string(),
  /** Total Fuel by what was bought: diesel, DEF, reefer fuel, cash advances and fees (`fuelSplit`). */
  fuelSplit: z.array(ZFuelSplitLine).optional(),
  administrationFee: z.string(),
  /** How the fee was worked out: '10% of $4,250.00 gross', '$150.00 per week × 1 week'. */
  feeBasis: z.string(),
  /** gross + additions − expenses − fuel − administration fee. */
  netIncome: z.string(),
  driverLoadList: z.array(ZDashboardLoad),
  driverExpenseList: z.array(ZDashboardExpense),
  driverFuelList: z.array(ZDashboardFuel),
  /** Each list's full count (a list holds at most LINE_LIST_CAP lines). */
  lineCounts: ZDashboardLineCounts,
  /** The driver the figures are for (null: no driver chosen), with the unit and period shown. */
  driver: z.object({ userId: z.number(), name: z.string(), unitNumber: z.string().nullable() }).nullable(),
  period: z.string(),
});
export type TDriverDashboard = z.infer<typeof ZDriverDashboard>;

export const driverDashboardRoutes = {
  getDriversGrossIncome: defineRoute({
    method: 'GET',
    path: '/api/DriverDashboard/GetDriversGrossIncome',
    summary: "A driver's gross, expenses, fuel, administration fee and net for a work week or a date range (a driver: their own)",
    tag: 'Driver dashboard',
    access: onObject('DriverDashboardPage', 'Read'),
    query: ZDriverDashboardQuery,
    response: ZDriverDashboard,
  }),
} as const;
