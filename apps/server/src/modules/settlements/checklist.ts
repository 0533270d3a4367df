import { CLOSE_CHECK_TITLES, formatCents, type TCloseCheckItem, type TCloseChecklist, toCents, usDate } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, loadDrivers, loadStatuses, loads, userCompanies } from '../../db/schema';
import { lineShown } from '../../lib/import-lines';
import { compareInvoice } from '../accounting';
import { openClosureOf, type TWeek, weekOf, weekStatements } from './statements';


/** At most this many lines per item; the count says how many there are. */
const LINES = 20;

const money = (amount: string | number) => formatCents(toCents(amount) ?? 0);

/**
 * What is still open in a week before it is closed. Each item names what to fix and links to the
 * page that fixes it; an administrator may close with items open after confirming each kind.
 */
export async function closeChecklist(db: TDbLike, actor: TActor, weekId: number, today = new Date().toISOString().slice(0, 10)): Promise<TCloseChecklist> {
  const week = await weekOf(db, actor.companyId, weekId);
  const isClosed = Boolean(await openClosureOf(db, actor.companyId, week.weekId));
  return { weekId: week.weekId, isClosed, items: isClosed ? [] : await openItems(db, actor, week, today) };
}

export async function openItems(db: TDbLike, actor: TActor, week: TWeek, today: string): Promise<TCloseCheckItem[]> {
  const { companyId } = actor;
  const board = { page: 'loadBoard' as const, query: { year: String(week.year), weekId: String(week.weekId) } };
  const items: TCloseCheckItem[] = [];
  const add = (kind: TCloseCheckItem['kind'], lines: string[], link: TCloseCheckItem['link']) => {
    if (lines.length) items.push({ kind, title: CLOSE_CHECK_TITLES[kind], lines: lines.slice(0, LINES), count: lines.length, link });
  };

  // Cancelled loads pay nothing on purpose; every other load of the week should pay a driver.
  const loadRows = rowsOf<{ load_number: string; payout: string | null; status: string; revenue: boolean; drivers: number }>(
    await db.execute(sql`
      select l.load_number, l.payout::text as payout, st.name as status, st.counts_as_revenue as revenue,
        (select count(*) from ${loadDrivers} d where d.load_id = l.id)::int as drivers
      from ${loads} l join ${loadStatuses} st on st.id = l.load_status_id
      where l.company_id = ${companyId} and l.week_id = ${week.weekId} and st.name <> 'Cancelled'
      order by l.load_number`),
  );
  add(
    'loadsWithoutPay',
    loadRows
      .filter((l) => !(toCents(l.payout ?? 0) ?? 0) || Number(l.drivers) === 0)
      .map((l) => `Load ${l.load_number}: ${[!(toCents(l.payout ?? 0) ?? 0) ? '$0 payout' : '', Number(l.drivers) === 0 ? 'no driver' : ''].filter(Boolean).join(', ')}`),
    board,
  );
  add(
    'loadsNotRevenue',
    loadRows.filter((l) => !l.revenue).map((l) => `Load ${l.load_number}: ${l.status}`),
    board,
  );

  const fuelRows = rowsOf<{ fuel_date: string; unit_number: string; amount: string }>(
    await db.execute(sql`
      select f.fuel_date::text as fuel_date, f.unit_number, f.amount::text as amount
      from ${fuelTransactions} f
      where f.company_id = ${companyId} and ${lineShown(companyId, sql`f.import_id`)}
        and ((f.settle_week_id is null and f.fuel_date between ${week.startDate} and ${week.endDate}) or f.settle_week_id = ${week.weekId})
        and not exists (select 1 from ${userCompanies} m where m.company_id = ${companyId} and m.unit_number = f.unit_number)
      order by f.fuel_date, f.unit_number, f.id`),
  );
  add(
    'fuelWithoutDriver',
    fuelRows.map((f) => `${usDate(f.fuel_date)} unit ${f.unit_number}: ${money(f.amount)}`),
    { page: 'fuelImport', query: { startDate: week.startDate, endDate: week.endDate } },
  );

  const { statements } = await weekStatements(db, companyId, week.weekId);
  const negative = statements.filter((s) => (toCents(s.net) ?? 0) < 0);
  add(
    'negativeNet',
    negative.map((s) => `${s.payee.name}: net ${money(s.net)}`),
    { page: 'settlements', query: { weekId: String(week.weekId), ...(negative.length === 1 ? { driverId: String(negative[0].payee.userId) } : {}) } },
  );

  add('weekNotEnded', week.endDate >= today ? [`The week ends on ${usDate(week.endDate)}`] : [], { page: 'settlements', query: { weekId: String(week.weekId) } });

  const invoice = await compareInvoice(db, actor, week.weekId);
  const hasInvoice = invoice.matched > 0 || (toCents(invoice.totals.invoice) ?? 0) !== 0 || invoice.loadsMissingInBoard.length > 0;
  if (hasInvoice) {
    const line = (what: string) => (l: { loadNumber: string; difference: string }) => `Load ${l.loadNumber}: ${what} (difference ${money(l.difference)})`;
    add(
      'invoiceDifference',
      [
        ...invoice.payDifferences.map(line('pay differs')),
        ...invoice.loadsMissingInBoard.map(line('on the invoice, not on the board')),
        ...invoice.loadsMissingInInvoice.map(line('on the board, not on the invoice')),
      ],
      { page: 'invoiceImport', query: { year: String(week.year), weekId: String(week.weekId) } },
    );
  }
  return items;
}
