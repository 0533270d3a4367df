import { z } from 'zod';
import { ZDashboardExpense, ZDashboardFuel, ZDashboardLoad } from './driver-dashboard';
import { filterId, requiredId } from './fields';
import { defineRoute, onObject, ZTextReply } from './route-def';

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
} as const;

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
});
export type TStatement = z.infer<typeof ZStatement>;

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

export const settlementRoutes = {
  getStatement: defineRoute({
    method: 'GET',
    path: '/api/Settlement/Statement',
    summary: "A driver's settlement statement for a work week (a driver: their own); from the snapshot when the week is closed",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Read'),
    query: ZStatementQuery,
    response: ZStatement,
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
  closeWeek: defineRoute({
    method: 'POST',
    path: '/api/Settlement/CloseWeek',
    summary: "Close a work week's settlements: each statement is frozen as a numbered snapshot",
    tag: 'Settlements',
    access: onObject('DriverDashboardPage', 'Write'),
    body: weekBody,
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
