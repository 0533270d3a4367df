import {
  centsToText,
  INVOICE_SECTIONS,
  type TInvoiceAdjustment,
  type TInvoiceComparison,
  type TInvoiceComparisonLine,
  type TInvoiceSectionKey,
  toCents,
} from '@haulboard/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { invoiceLines, loadStatuses, loads, workWeeks } from '../../db/schema';
import { csvText, type TCsvCell } from '../../files/csv-writer';
import { notFound } from '../../lib/errors';
import { isoOf } from '../../lib/rows';

export type TWeek = { id: number; year: number; number: number; startDate: string; endDate: string };

/** A work week of the actor's company; another company's week is the same 404 as a missing one. */
export async function weekOf(db: TDbLike, companyId: number, weekId: number): Promise<TWeek> {
  const [week] = await db
    .select({ id: workWeeks.id, year: workWeeks.year, number: workWeeks.number, startDate: workWeeks.startDate, endDate: workWeeks.endDate })
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, companyId), eq(workWeeks.id, weekId)));
  if (!week) throw notFound('The work week');
  return week;
}

const CHUNK = 1000;

// ---------------------------------------------------------------------------------------------
// The comparison

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The board's pay week (Sunday to Saturday) that a work week's invoice covers: the one holding the week's first day. */
export function payWeekOf(week: Pick<TWeek, 'startDate'>): { start: string; end: string } {
  const weekday = new Date(`${week.startDate}T00:00:00Z`).getUTCDay();
  const start = addDays(week.startDate, -weekday);
  return { start, end: addDays(start, 6) };
}

const pacificDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day of a moment in Pacific time, where the board decides which week pays a trip. */
export const pacificDateOf = (iso: string) => pacificDay.format(new Date(iso));

const isAdjustment = (itemType: string) => itemType.startsWith('ADJUSTMENT');

export type TInvoiceLineIn = { tripId: string; loadId: string; itemType: string; grossPay: string; comments: string };
/** A board load; `weekName` ('week 28 of 2025') names another work week's load. */
export type TBoardLoadIn = { loadNumber: string; payout: string; loadEndDate: string; weekId: number; cancelled: boolean; weekName?: string };

const SECTION_LABEL: Record<TInvoiceSectionKey, string> = {
  matched: 'Paid as on the board',
  payDifferences: 'Pay differences',
  loadsMissingInInvoice: 'Loads Missing in Invoice',
  paidNextWeek: 'Paid next week',
  loadsMissingInBoard: 'Invoiced loads missing in Board',
  otherWeeks: "Payments of other weeks' loads",
  adjustments: 'Disputes and adjustments',
};

const money = (cents: number) => centsToText(cents);
const line = (loadNumber: string, invoice: number | null, board: number | null, note: string | null = null): TInvoiceComparisonLine => ({
  loadNumber,
  invoicePayout: invoice === null ? null : money(invoice),
  boardPayout: board === null ? null : money(board),
  difference: money((invoice ?? 0) - (board ?? 0)),
  note,
});
const byNumber = (a: TInvoiceComparisonLine, b: TInvoiceComparisonLine) => a.loadNumber.localeCompare(b.loadNumber);

/** The numbers a payment line can match a board load by: its Load ID, then its Trip ID. */
export const lineNumbers = (l: Pick<TInvoiceLineIn, 'tripId' | 'loadId'>) => [l.loadId, l.tripId].filter(Boolean);

const otherWeekNote = (load: TBoardLoadIn, invoiced: number) => {
  const board = toCents(load.payout) ?? 0;
  const gap = invoiced - board;
  const paid = gap === 0 ? 'paid as on the board' : gap > 0 ? `paid ${money(gap)} more` : `paid ${money(-gap)} less`;
  return `On the board in ${load.weekName ?? 'another work week'} at ${money(board)}${load.cancelled ? ', cancelled' : ''}: ${paid}`;
};

/**
 * Compares a week's invoice lines with the board (pure: the tests work it out by hand).
 * - A payment line matches the board load whose number is its Load ID or, when its Load ID matches no
 *   board load (or it has none: tour lines), its Trip ID. Load Import numbers a trip's load by its
 *   Trip ID, so a trip's load lines (detention included) land on it. Lines of one board load are
 *   summed before comparing.
 * - Lines matching no load are listed per trip (the number Load Import would give it), summed; a
 *   zero-amount line that matches nothing is not a missing load.
 * - Disputes and adjustments are listed apart and matched to nothing; they count in the invoice total.
 * - Loads of other work weeks (`otherLoads`: a trip paid in the week its last stop completes can sit
 *   in the previous work week) are matched the same way and listed in their own section.
 * - A load of this week that the invoice does not pay, and whose last stop completes after the pay
 *   week in Pacific time, is due on the next invoice, not missing. Cancelled loads are expected unpaid.
 * The board total is this week's loads that are not cancelled, and every line shows its share of
 * the two totals (`boardPayout` null where it has none): a load of another week, or a cancelled
 * one, paid here counts in full. So each invoice line and each board load is in exactly one
 * section, and the sections add up to the difference.
 */
export function compareInvoiceLines(
  week: Pick<TWeek, 'id' | 'startDate'>,
  invoice: readonly TInvoiceLineIn[],
  weekLoads: readonly TBoardLoadIn[],
  otherLoads: readonly TBoardLoadIn[],
): TInvoiceComparison {
  const payWeek = payWeekOf(week);
  const known = new Map<string, TBoardLoadIn>(otherLoads.map((l) => [l.loadNumber, l]));
  for (const l of weekLoads) known.set(l.loadNumber, l);
  const sums = new Map<TInvoiceSectionKey, { lines: number; invoice: number; board: number }>(INVOICE_SECTIONS.map((k) => [k, { lines: 0, invoice: 0, board: 0 }]));
  const count = (key: TInvoiceSectionKey, invoiced: number, board: number) => {
    const sum = sums.get(key)!;
    sum.lines++;
    sum.invoice += invoiced;
    sum.board += board;
  };
  const adjustments: TInvoiceAdjustment[] = [];
  const paidByLoad = new Map<string, number>();
  const unmatched = new Map<string, { cents: number; loadIds: Set<string> }>();
  let invoiceLoads = 0;
  let adjustmentTotal = 0;
  for (const l of invoice) {
    const cents = toCents(l.grossPay) ?? 0;
    if (isAdjustment(l.itemType)) {
      adjustmentTotal += cents;
      adjustments.push({ itemType: l.itemType, tripId: l.tripId, loadId: l.loadId, amount: money(cents), comments: l.comments });
      count('adjustments', cents, 0);
      continue;
    }
    invoiceLoads += cents;
    const match = lineNumbers(l).find((n) => known.has(n));
    if (match !== undefined) {
      paidByLoad.set(match, (paidByLoad.get(match) ?? 0) + cents);
      continue;
    }
    if (cents === 0) continue;
    const key = l.tripId || l.loadId;
    const group = unmatched.get(key) ?? { cents: 0, loadIds: new Set<string>() };
    group.cents += cents;
    if (l.loadId && l.loadId !== key) group.loadIds.add(l.loadId);
    unmatched.set(key, group);
  }

  const result: TInvoiceComparison = {
    weekId: week.id,
    loadsMissingInBoard: [],
    loadsMissingInInvoice: [],
    payDifferences: [],
    otherWeeks: [],
    paidNextWeek: [],
    adjustments,
    matched: 0,
    totals: { invoice: '0.00', invoiceLoads: '0.00', adjustments: '0.00', board: '0.00', difference: '0.00' },
    sections: [],
    invoiceLines: invoice.length,
    payWeekStart: payWeek.start,
    payWeekEnd: payWeek.end,
  };
  let boardTotal = 0;
  for (const load of weekLoads) {
    const board = toCents(load.payout) ?? 0;
    if (!load.cancelled) boardTotal += board;
    const invoiced = paidByLoad.get(load.loadNumber);
    if (invoiced !== undefined) {
      paidByLoad.delete(load.loadNumber);
      if (load.cancelled) {
        // Not in the board total (cancelled), so all it was paid is a difference.
        result.payDifferences.push(line(load.loadNumber, invoiced, null, `Cancelled on the board (payout ${money(board)}), but paid`));
        count('payDifferences', invoiced, 0);
      } else if (invoiced === board) {
        result.matched++;
        count('matched', invoiced, board);
      } else {
        result.payDifferences.push(line(load.loadNumber, invoiced, board));
        count('payDifferences', invoiced, board);
      }
      continue;
    }
    if (load.cancelled) continue;
    const lastStop = pacificDateOf(load.loadEndDate);
    if (lastStop > payWeek.end) {
      result.paidNextWeek.push(line(load.loadNumber, null, board, `Last stop ${lastStop} (Pacific time), after this pay week: due on the next invoice`));
      count('paidNextWeek', 0, board);
    } else {
      result.loadsMissingInInvoice.push(line(load.loadNumber, null, board));
      count('loadsMissingInInvoice', 0, board);
    }
  }
  // What is left was paid against loads of other work weeks: their payout is in their own week's board total.
  for (const [number, invoiced] of paidByLoad) {
    result.otherWeeks.push(line(number, invoiced, null, otherWeekNote(known.get(number)!, invoiced)));
    count('otherWeeks', invoiced, 0);
  }
  for (const [key, group] of unmatched) {
    const ids = [...group.loadIds];
    result.loadsMissingInBoard.push(line(key, group.cents, null, ids.length ? `Load ID${ids.length > 1 ? 's' : ''} ${ids.join(', ')}` : null));
    count('loadsMissingInBoard', group.cents, 0);
  }
  for (const list of [result.loadsMissingInBoard, result.loadsMissingInInvoice, result.payDifferences, result.otherWeeks, result.paidNextWeek]) list.sort(byNumber);
  const invoiceTotal = invoiceLoads + adjustmentTotal;
  result.totals = {
    invoice: money(invoiceTotal),
    invoiceLoads: money(invoiceLoads),
    adjustments: money(adjustmentTotal),
    board: money(boardTotal),
    difference: money(invoiceTotal - boardTotal),
  };
  result.sections = INVOICE_SECTIONS.map((key) => {
    const sum = sums.get(key)!;
    return { key, label: SECTION_LABEL[key], lines: sum.lines, invoice: money(sum.invoice), board: money(sum.board), difference: money(sum.invoice - sum.board) };
  });
  return result;
}

/** The comparison of a stored week's invoice with the company's board. */
export async function compareInvoice(db: TDbLike, actor: TActor, weekId: number): Promise<TInvoiceComparison> {
  const { companyId } = actor;
  const week = await weekOf(db, companyId, weekId);
  const invoice = await db
    .select({ tripId: invoiceLines.tripId, loadId: invoiceLines.loadId, itemType: invoiceLines.itemType, grossPay: invoiceLines.grossPay, comments: invoiceLines.comments })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.weekId, weekId)))
    .orderBy(asc(invoiceLines.id));
  const boardColumns = {
    loadNumber: loads.loadNumber,
    payout: loads.payout,
    loadEndDate: isoOf(loads.loadEndDate),
    weekId: loads.weekId,
    cancelled: sql<boolean>`${loadStatuses.name} = 'Cancelled'`,
  };
  const weekLoads = await db
    .select(boardColumns)
    .from(loads)
    .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
    .where(and(eq(loads.companyId, companyId), eq(loads.weekId, weekId)));
  const onBoard = new Set(weekLoads.map((l) => l.loadNumber));
  // Every Load ID and Trip ID the lines carry: either may be a load's number in another work week.
  const keys = [...new Set(invoice.filter((l) => !isAdjustment(l.itemType)).flatMap(lineNumbers))].filter((k) => !onBoard.has(k));
  const otherLoads: TBoardLoadIn[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    otherLoads.push(
      ...(await db
        .select({ ...boardColumns, weekName: sql<string>`'week ' || ${workWeeks.number} || ' of ' || ${workWeeks.year}` })
        .from(loads)
        .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
        .innerJoin(workWeeks, eq(workWeeks.id, loads.weekId))
        .where(and(eq(loads.companyId, companyId), ne(loads.weekId, weekId), inArray(loads.loadNumber, keys.slice(i, i + CHUNK))))),
    );
  }
  return compareInvoiceLines(week, invoice, weekLoads, otherLoads);
}

/** The comparison as one CSV: a section column, then the spec's columns. */
export function comparisonCsv(c: TInvoiceComparison): string {
  const rows: TCsvCell[][] = [['Section', 'Load Number', 'Invoice Payout', 'Board Payout', 'Difference', 'Note']];
  // Amounts are typed as decimals: only those may start with a minus; every text cell is neutralised.
  const money = (v: string | null) => ({ decimal: v });
  const section = (name: string, list: TInvoiceComparisonLine[]) => {
    for (const l of list) rows.push([name, l.loadNumber, money(l.invoicePayout), money(l.boardPayout), money(l.difference), l.note]);
  };
  section('Invoiced loads missing in Board', c.loadsMissingInBoard);
  section('Loads Missing in Invoice', c.loadsMissingInInvoice);
  section('Pay differences', c.payDifferences);
  section('Paid next week', c.paidNextWeek);
  section("Payments of other weeks' loads", c.otherWeeks);
  for (const a of c.adjustments) rows.push([`Adjustment (${a.itemType})`, a.loadId || a.tripId, money(a.amount), null, money(a.amount), a.comments || null]);
  for (const s of c.sections) rows.push([`Section total: ${s.label}`, null, money(s.invoice), money(s.board), money(s.difference), `${s.lines} ${s.lines === 1 ? 'line' : 'lines'}`]);
  rows.push(['Totals', null, money(c.totals.invoice), money(c.totals.board), money(c.totals.difference), `Loads ${c.totals.invoiceLoads}, adjustments ${c.totals.adjustments}`]);
  return csvText(rows);
}
