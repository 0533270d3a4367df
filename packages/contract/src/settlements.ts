import { z } from 'zod';
import { ZDashboardExpense, ZDashboardFuel, ZDashboardLoad } from './driver-dashboard';
import { filterId, requiredId } from './fields';
import { defineRoute, onObject, ZTextReply } from './route-def';
import { ZFuelSplitLine } from './statement-format';

/**
 * Weekly settlements (issue: Money). A statement is one driver's pay for one work week, every line
 * traceable to a load, a fuel-card line or an expense occurrence. Closing a week freezes each
 * statement as a numbered snapshot; while it is closed, nothing that falls in it may change.
 */

export const SETTLEMENT_TEXT = {
  closed: (week: string, n: number) => `Week ${week} closed: ${n} statement${n === 1 ? '' : 's'} frozen`,
  reopened: (week: string) => `Week ${week} reopened`,
  alreadyClosed: (week: string) => `ERROR Week ${week} is already closed`,
  notClosed: (week: string) => `ERROR Week ${week} is not closed`,
  /** Every mutation that touches a closed week is refused with this text. */
  weekClosed: (week: string) => `ERROR Week ${week} is closed for settlements. Ask an administrator to reopen it first.`,
  /** Closing with checklist items open that the administrator has not confirmed. */
  unconfirmed: (week: string, kinds: string[]) =>
    `ERROR Week ${week} was not closed: confirm the open items first (${kinds.join('; ')}), or fix them and try again`,
  /** A negative net needs a later open week to be carried to. */
  noWeekToCarryTo: (week: string, who: string) =>
    `ERROR Week ${week} was not closed: ${who} ends it with a negative balance and there is no later open work week to carry it to. Generate the next work weeks first.`,
  /** Reopening a week whose negative balance is already part of a closed later week. */
  carriedIntoClosed: (week: string, later: string) =>
    `ERROR Week ${week} cannot be reopened: its negative balances were carried into week ${later}, which is closed. Reopen week ${later} first.`,
  carriedFrom: (week: string) => `Balance carried from week ${week}`,
  carriedTo: (week: string) => `Negative balance carried to week ${week}`,
} as const;

/**
 * What may be wrong with a week before it is closed (each kind confirmed apart to close anyway):
 * loads that pay nothing or have no driver, loads still in a status that is not revenue, fuel
 * lines of units that belong to nobody, drivers whose net is negative (carried to the next open
 * week), a week that has not ended yet, and an imported invoice that differs from the board.
 */
export const CLOSE_CHECK_KINDS = ['loadsWithoutPay', 'loadsNotRevenue', 'fuelWithoutDriver', 'negativeNet', 'weekNotEnded', 'invoiceDifference'] as const;
export type TCloseCheckKind = (typeof CLOSE_CHECK_KINDS)[number];

export const CLOSE_CHECK_TITLES: Record<TCloseCheckKind, string> = {
  loadsWithoutPay: 'Loads with a $0 payout or no driver',
  loadsNotRevenue: 'Loads still in a status that is not revenue',
  fuelWithoutDriver: 'Fuel lines of units that belong to no driver',
  negativeNet: 'Drivers whose net is negative (carried to their next open week)',
  weekNotEnded: 'The week has not ended yet',
  invoiceDifference: "The week's imported invoice differs from the board",
};

export const ZCloseCheckItem = z.object({
  kind: z.enum(CLOSE_CHECK_KINDS),
  title: z.string(),
  /** One line per thing to fix: a load number, a fuel line, a driver and their net. */
  lines: z.array(z.string()),
  /** How many there are (lines may stop short of it). */
  count: z.number(),
  /** Where to fix it: an app page and its query (the load board of the week, the fuel page, the statement). */
  link: z.object({ page: z.enum(['loadBoard', 'fuelImport', 'settlements', 'invoiceImport', 'systemAdmin']), query: z.record(z.string(), z.string()) }),
});
export type TCloseCheckItem = z.infer<typeof ZCloseCheckItem>;

export const ZCloseChecklist = z.object({
  weekId: z.number(),
  isClosed: z.boolean(),
  /** Open items only; empty when the week can close without a question. */
  items: z.array(ZCloseCheckItem),
});
export type TCloseChecklist = z.infer<typeof ZCloseChecklist>;

/** A week's negative balance carried to a later open week (set on the closed week's statement). */
export const ZCarry = z.object({ toWeekId: z.number(), toWeek: z.string(), amount: z.string() });

export const ZStatementQuery = z.object({
  weekId: requiredId(),
  /** Ignored for a driver: a driver gets their own statement. */
  driverId: filterId(),
});

export const ZStatementLine = z.object({ description: z.string(), date: z.string().nullable(), amount: z.string() });

export const ZStatement = z.object({
  statementNumber: z.string().nullable(),
  revision: z.number().nullable(),
  carrier: z.object({ companyId: z.number(), name: z.string() }),
  payee: z.object({ userId: z.number(), name: z.string() }),
  unitNumber: z.string().nullable(),
  week: z.object({ weekId: z.number(), year: z.number(), number: z.number(), startDate: z.string(), endDate: z.string() }),
  /** The Friday after the week ends. */
  payDate: z.string(),
  loads: z.array(ZDashboardLoad),
  additions: z.array(ZDashboardExpense),
  expenses: z.array(ZDashboardExpense),
  fuel: z.array(ZDashboardFuel),
  administrationFee: z.string(),
  feeBasis: z.string(),
  gross: z.string(),
  totalAdditions: z.string(),
  totalFuel: z.string(),
  totalExpense: z.string(),
  /** Fuel + expenses + administration fee. */
  totalDeductions: z.string(),
  net: z.string(),
  /** The work year up to and including this week. */
  ytd: z.object({ gross: z.string(), deductions: z.string(), additions: z.string(), net: z.string(), escrow: z.string() }),
  /** Set when the figures come from a closed week's snapshot. */
  closed: z.object({ closedOn: z.string(), closedBy: z.string().nullable() }).nullable(),
  /**
   * Closed with a negative net: the balance went to a later open week as a deduction there (an
   * addition line here brings this week's net to 0.00). Absent or null: nothing carried.
   */
  carry: ZCarry.nullish(),
});
export type TStatement = z.infer<typeof ZStatement>;

/**
 * The statement as the API answers it: each list cut to LINE_LIST_CAP lines with its full count
 * beside it (the stored snapshot and the PDF keep every line; the totals are over all of them).
 */
export const ZStatementReply = ZStatement.extend({
  /** Total Fuel by what was bought, over every line (`fuelSplit`). */
  fuelSplit: z.array(ZFuelSplitLine).optional(),
  lineCounts: z.object({ loads: z.number().int(), additions: z.number().int(), expenses: z.number().int(), fuel: z.number().int() }),
});
export type TStatementReply = z.infer<typeof ZStatementReply>;

export const ZSettlementEvent = z.object({ action: z.enum(['closed', 'reopened']), on: z.string(), by: z.string().nullable(), revision: z.number() });

export const ZSettlementWeek = z.object({
  week: ZStatement.shape.week,
  isClosed: z.boolean(),
  /** Who closed and reopened the week, and when, oldest first. */
  history: z.array(ZSettlementEvent),
  /** One line per driver: their statement's totals (from the snapshot when closed). */
  drivers: z.array(
    z.object({
      userId: z.number(),
      name: z.string(),
      unitNumber: z.string().nullable(),
      statementNumber: z.string().nullable(),
      gross: z.string(),
      totalDeductions: z.string(),
      totalAdditions: z.string(),
      net: z.string(),
    }),
  ),
  totals: z.object({ gross: z.string(), totalDeductions: z.string(), totalAdditions: z.string(), net: z.string() }),
});
export type TSettlementWeek = z.infer<typeof ZSettlementWeek>;

const weekBody = z.object({ weekId: requiredId() });

export const ZCloseWeekBody = z.object({
  weekId: requiredId(),
  /** The checklist's kinds the administrator confirmed: the week closes with those items open. */
  confirmed: z.array(z.enum(CLOSE_CHECK_KINDS, { error: 'Unknown checklist item' })).max(CLOSE_CHECK_KINDS.length).default([]),
});

export const settlementRoutes = {
  getStatement: defineRoute({
    method: 'GET',
    path: '/api/Settlement/Statement',
    summary: "A driver's settlement statement for a work week (a driver: their own); from the snapshot when the week is closed",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Read'),
    query: ZStatementQuery,
    response: ZStatementReply,
  }),
  getStatementPdf: defineRoute({
    method: 'GET',
    path: '/api/Settlement/StatementPdf',
    summary: "A driver's settlement statement for a work week as a PDF",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Read'),
    query: ZStatementQuery,
    response: z.string(),
    file: 'pdf',
  }),
  getWeek: defineRoute({
    method: 'GET',
    path: '/api/Settlement/Week',
    summary: "Every driver's totals for a work week, whether it is closed, and who closed or reopened it",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'DenyDelete'),
    query: weekBody,
    response: ZSettlementWeek,
  }),
  getWeekPdf: defineRoute({
    method: 'GET',
    path: '/api/Settlement/WeekPdf',
    summary: "Every driver's statement of a work week in one PDF",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'DenyDelete'),
    query: weekBody,
    response: z.string(),
    file: 'pdf',
  }),
  getCloseChecklist: defineRoute({
    method: 'GET',
    path: '/api/Settlement/CloseChecklist',
    summary: 'What is still open in a work week before it is closed: each item says what to fix and where',
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Write'),
    query: weekBody,
    response: ZCloseChecklist,
  }),
  closeWeek: defineRoute({
    method: 'POST',
    path: '/api/Settlement/CloseWeek',
    summary: "Close a work week's settlements: each statement is frozen as a numbered snapshot; open checklist items must be confirmed",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Write'),
    body: ZCloseWeekBody,
    response: ZTextReply,
  }),
  reopenWeek: defineRoute({
    method: 'POST',
    path: '/api/Settlement/ReopenWeek',
    summary: 'Reopen a closed work week; closing it again gives each statement a new revision',
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Write'),
    body: weekBody,
    response: ZTextReply,
  }),
} as const;
