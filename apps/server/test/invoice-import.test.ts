import { findUsState, IMPORT_TEXT, INVOICE_TEXT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loads } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Issue 18: Invoice Import with the other imports' preview, confirm, history and undo; a payment
 * file's dates checked against the chosen week's pay period; and a comparison whose sections add up
 * to the difference it shows, a previous week's load paid in the file included.
 * The week is the one holding Wednesday 07/16/2025: its pay week runs Sunday 07/13 to Saturday 07/19.
 */

const HEADER =
  'Invoice Number,Block Id,Trip ID,Load ID,Start Date,End Date,Route/Domicile,Operator Type,Equipment,Distance (Mi),Item Type,Program Type,Hourly Rate,Duration (hrs),Variable Total,Base Rate,Fuel Surcharge,Tolls,Detention,TONU,Others,Gross Pay,Comments';
const payLine = (trip: string, load: string, itemType: string, gross: string, start = '07/14/2025', end = start, comments = '') =>
  `INV18,,${trip},${load},${start},${end},"Tracy, CA",SOLO,FIFTY_THREE_FOOT_TRUCK,100.00,${itemType},SPOT,,,,${gross},0.00,0.00,0.00,0.00,0.00,${gross},${comments}`;
const file = (...lines: string[]) => [HEADER, ...lines].join('\n');

/** This week's invoice: a repeated line, a previous week's load (last stop Sunday 07/13), a dispute, the summary row. */
const INVOICE = file(
  payLine('T-18A', '', 'TOUR - COMPLETED', '1000.00'),
  payLine('T-18B', '', 'TOUR - COMPLETED', '650.00', '07/15/2025', '07/16/2025'),
  payLine('T-18B', '', 'TOUR - COMPLETED', '650.00', '07/15/2025', '07/16/2025'),
  payLine('T-18PREV', '', 'TOUR - COMPLETED', '530.00', '07/12/2025', '07/13/2025'),
  payLine('T-18NEW', '', 'TOUR - COMPLETED', '275.00', '07/17/2025'),
  payLine('T-18CXL', '', 'TOUR - COMPLETED', '90.00', '07/17/2025', '07/17/2025', 'TONU'),
  payLine('T-18A', '', 'ADJUSTMENT - DISPUTE', '-40.00', '07/18/2025', '07/18/2025', 'Lumper'),
  ',,,,,,,,,,,,,,,,,,,,,3205.00,',
);

let t: TTestApp;
let weekId: number;
let previousWeekId: number;
const rows = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const count = async (table: 'invoice_lines' | 'import_files', companyId = t.ids.companies.demo) =>
  Number(rows(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`))[0].n);
const weekHolding = async (day: string) =>
  Number(rows(await t.db.execute(sql`select id from work_weeks where company_id = ${t.ids.companies.demo} and start_date <= ${day} and end_date >= ${day}`))[0].id);

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  weekId = await weekHolding('2025-07-16');
  previousWeekId = await weekHolding('2025-07-09');
  const [broker] = rows(await t.db.execute(sql`select id from brokers where company_id = ${demo} limit 1`));
  const [cancelled] = rows(await t.db.execute(sql`select id from load_statuses where name = 'Cancelled'`));
  const CA = findUsState('CA')!.id;
  const load = (loadNumber: string, payout: string, end: string, over: Partial<typeof loads.$inferInsert> = {}) => ({
    companyId: demo,
    loadNumber,
    brokerId: broker.id,
    loadStartDate: '2025-07-14T15:00:00.000Z',
    loadEndDate: end,
    weekId,
    originStateId: CA,
    originCity: 'Tracy',
    destinationStateId: CA,
    destinationCity: 'Fresno',
    tripLength: '350.0',
    numberOfStops: 2,
    pricePerMile: '2.0000',
    payout,
    loadStatusId: 5,
    ...over,
  });
  await t.db.insert(loads).values([
    load('T-18A', '1000.00', '2025-07-14T22:00:00.000Z'),
    load('T-18B', '700.00', '2025-07-16T22:00:00.000Z'),
    load('T-18UNPAID', '300.00', '2025-07-18T22:00:00.000Z'),
    load('T-18NEXT', '800.00', '2025-07-20T09:00:00.000Z'),
    load('T-18CXL', '250.00', '2025-07-17T22:00:00.000Z', { loadStatusId: cancelled.id }),
    // Last work week's load whose last stop was Sunday 07/13 (Pacific): this invoice pays it.
    load('T-18PREV', '500.00', '2025-07-13T20:00:00.000Z', { weekId: previousWeekId, loadStartDate: '2025-07-12T15:00:00.000Z' }),
  ]);
});
afterAll(() => t.close());

async function upload(url: string, week: number, name: string, content: string, fields: Record<string, string> = {}, as: string = EMAIL.admin) {
  const body = await multipartBody({ WeekId: String(week), ...fields }, [{ field: 'File', name, content }]);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as });
}
const preview = (week: number, name: string, content: string, as?: string) => upload('/api/Accounting/ImportInvoice/Preview', week, name, content, {}, as);
const confirm = (previewId: string, acceptDates?: string[], as: string = EMAIL.admin) =>
  t.call({ method: 'POST', url: '/api/Accounting/ImportInvoice/Confirm', payload: acceptDates ? { previewId, acceptDates } : { previewId }, as });
const history = async () => (await t.call({ method: 'GET', url: '/api/Imports?kind=invoice', as: EMAIL.admin })).body as any[];
const compare = async (week: number) => (await t.call({ method: 'GET', url: `/api/Accounting/CompareInvoice?weekId=${week}`, as: EMAIL.admin })).body;
const cents = (s: string) => Math.round(Number(s) * 100);

describe('Invoice Import: preview, confirm, history and undo', () => {
  it('previews a payment file without saving anything: new, duplicate and refused lines with their reasons', async () => {
    const bad = await preview(weekId, 'bad.csv', file(payLine('T-18A', '', 'TOUR - COMPLETED', '1000.00'), payLine('T-18Z', '', 'TOUR - COMPLETED', 'lots')));
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ kind: 'invoice', weekId, newRows: 1, refused: 1, duplicates: 0, payWeekStart: '2025-07-13', payWeekEnd: '2025-07-19' });
    expect(bad.body.rows[0]).toMatchObject({ rowNumber: 3, status: 'refused' });
    expect(bad.body.rows[0].reason).toMatch(/^Row 3: .*lots/);
    // A file with a refused line is refused whole on Confirm, and nothing is saved.
    const refused = await confirm(bad.body.previewId);
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/^ERROR The file was not imported: Row 3/);

    const res = await preview(weekId, 'payment-details.csv', INVOICE);
    expect(res.status).toBe(200);
    // 8 rows read, the summary row skipped: 6 new lines, T-18B's repeat a duplicate.
    expect(res.body).toMatchObject({ layout: 'Amazon Relay payments', newRows: 6, duplicates: 1, refused: 0, outsideDates: [], wrongWeek: false, datesQuestion: null });
    expect(res.body.rows.find((r: any) => r.status === 'duplicate')).toMatchObject({ rowNumber: 4, reason: expect.stringMatching(/repeats row 3/) });
    expect(res.body.rows.filter((r: any) => r.status === 'new').map((r: any) => r.values.tripId)).toEqual(['T-18A', 'T-18B', 'T-18PREV', 'T-18NEW', 'T-18CXL', 'T-18A']);
    expect(await count('invoice_lines')).toBe(0);
    expect(await history()).toEqual([]);
    expect((await compare(weekId)).invoiceLines).toBe(0);
  });

  it('refuses a driver and answers another company the same as a missing week', async () => {
    expect((await preview(weekId, 'p.csv', INVOICE, EMAIL.driver)).status).toBe(403);
    const secondWeek = Number(rows(await t.db.execute(sql`select id from work_weeks where company_id = ${t.ids.companies.second} limit 1`))[0].id);
    expect((await preview(secondWeek, 'p.csv', INVOICE)).status).toBe(404);
    const mine = await preview(weekId, 'p.csv', INVOICE);
    // Another company cannot confirm this company's preview.
    expect((await confirm(mine.body.previewId, [], EMAIL.secondAdmin)).status).toBe(409);
    expect(await count('invoice_lines')).toBe(0);
  });

  it('saves the whole file on Confirm, once, and lists it in the import history with its counts', async () => {
    const res = await preview(weekId, 'payment-details.csv', INVOICE);
    const [first, second] = await Promise.all([confirm(res.body.previewId), confirm(res.body.previewId)]);
    // A doubled Confirm imports the file once; the second finds the preview gone.
    expect([first.text, second.text].sort()).toEqual([INVOICE_TEXT.imported, IMPORT_TEXT.previewGone].sort());
    expect(await count('invoice_lines')).toBe(6);
    const [row] = await history();
    expect(row).toMatchObject({ kind: 'invoice', fileName: 'payment-details.csv', layout: 'Amazon Relay payments', rowsRead: 8, rowsAdded: 6, rowsDuplicate: 1, rowsRefused: 0, undoneOn: null });
    expect((await history()).length).toBe(1);
  });

  it('adds nothing when the same file is imported again, by preview or in one call', async () => {
    const again = await preview(weekId, 'payment-details (1).csv', INVOICE);
    expect(again.body).toMatchObject({ newRows: 0, duplicates: 7 });
    expect(again.body.summary).toMatch(/^INFO /);
    expect(again.body.rows.every((r: any) => r.status === 'duplicate')).toBe(true);
    expect(again.body.rows.filter((r: any) => /already imported/.test(r.reason))).toHaveLength(6);
    expect((await confirm(again.body.previewId)).text).toBe(INVOICE_TEXT.nothingNew);
    expect((await upload('/api/Accounting/ImportInvoice/', weekId, 'payment-details (2).csv', INVOICE)).text).toBe(INVOICE_TEXT.nothingNew);
    expect(await count('invoice_lines')).toBe(6);
    expect((await history()).length).toBe(1);
  });

  it('undoes exactly one import: its lines go, the other import stays, and it shows as undone', async () => {
    const extra = await preview(weekId, 'late-lines.csv', file(payLine('T-18UNPAID', '', 'TOUR - COMPLETED', '300.00', '07/18/2025'), payLine('T-18A', '', 'ADJUSTMENT - OTHER', '12.50', '07/18/2025')));
    expect((await confirm(extra.body.previewId)).text).toBe(INVOICE_TEXT.imported);
    expect(await count('invoice_lines')).toBe(8);
    const [late, first] = await history();
    expect(late).toMatchObject({ fileName: 'late-lines.csv', rowsAdded: 2 });
    expect((await t.call({ method: 'DELETE', url: `/api/Imports?id=${late.importId}`, as: EMAIL.driver })).status).toBe(403);
    const undo = await t.call({ method: 'DELETE', url: `/api/Imports?id=${late.importId}`, as: EMAIL.admin });
    expect(undo.text).toBe(IMPORT_TEXT.undone(2));
    expect(await count('invoice_lines')).toBe(6);
    const c = await compare(weekId);
    expect(c.invoiceLines).toBe(6);
    expect(c.loadsMissingInInvoice.map((l: any) => l.loadNumber)).toEqual(['T-18UNPAID']);
    const after = await history();
    expect(after[0].undoneOn).not.toBeNull();
    expect(after[1]).toMatchObject({ importId: first.importId, undoneOn: null });
    expect((await t.call({ method: 'DELETE', url: `/api/Imports?id=${late.importId}`, as: EMAIL.admin })).text).toBe(IMPORT_TEXT.alreadyUndone);
    // The generic import pipeline does not confirm a kept payment file as fuel or miles.
    const kept = await preview(weekId, 'kept.csv', file(payLine('T-18Q', '', 'TOUR - COMPLETED', '5.00')));
    const generic = await t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId: kept.body.previewId }, as: EMAIL.admin });
    expect(generic.text).toBe(IMPORT_TEXT.invoiceOnInvoiceImport);
    expect(await count('invoice_lines')).toBe(6);
  });
});

describe("the payment file's dates against the chosen week's pay period", () => {
  const NEXT_WEEK = file(payLine('T-18W1', '', 'TOUR - COMPLETED', '100.00', '07/20/2025', '07/21/2025'), payLine('T-18W2', '', 'TOUR - COMPLETED', '120.00', '07/22/2025'));
  const wrongWeek = "ERROR This file's lines are dated 07/21/2025 to 07/22/2025, outside the pay period of the chosen week (07/13/2025 - 07/19/2025).";

  it("refuses a file of another week, naming its dates and the week's pay period", async () => {
    const res = await preview(weekId, 'next-week.csv', NEXT_WEEK);
    expect(res.body).toMatchObject({ wrongWeek: true, outsideDates: ['2025-07-21', '2025-07-22'], outsideRows: 2, datesQuestion: null });
    expect(res.body.summary.startsWith(wrongWeek)).toBe(true);
    const refused = await confirm(res.body.previewId, ['2025-07-21', '2025-07-22']);
    expect(refused.status).toBe(409);
    expect(refused.text.startsWith(wrongWeek)).toBe(true);
    const once = await upload('/api/Accounting/ImportInvoice/', weekId, 'next-week.csv', NEXT_WEEK, { AcceptDates: '2025-07-21,2025-07-22' });
    expect(once.status).toBe(409);
    expect(once.text.startsWith(wrongWeek)).toBe(true);
    expect(await count('invoice_lines')).toBe(6);
  });

  it('asks before importing lines dated outside the pay period, naming the dates, and imports them once they are confirmed', async () => {
    const MIXED = file(payLine('T-18M1', '', 'TOUR - COMPLETED', '210.00', '07/16/2025'), payLine('T-18M2', '', 'TOUR - COMPLETED', '95.00', '07/19/2025', '07/21/2025'));
    const res = await preview(weekId, 'mixed.csv', MIXED);
    expect(res.body).toMatchObject({ wrongWeek: false, outsideDates: ['2025-07-21'], outsideRows: 1, newRows: 2 });
    expect(res.body.datesQuestion).toBe("1 line is dated outside this week's pay period (07/13/2025 - 07/19/2025): 07/21/2025. Import it for this week anyway?");
    expect(res.body.rows[0]).toMatchObject({ status: 'new', reason: 'dated 2025-07-21, outside the pay period', values: { tripId: 'T-18M2' } });
    const asked = await confirm(res.body.previewId);
    expect(asked.status).toBe(409);
    expect(asked.text).toBe('ERROR 1 line is dated outside the pay period of the chosen week (07/13/2025 - 07/19/2025): 07/21/2025. Confirm these dates to import it for this week.');
    // Another date is not this one.
    expect((await confirm(res.body.previewId, ['2025-07-22'])).status).toBe(409);
    // The one-step import asks the same way.
    expect((await upload('/api/Accounting/ImportInvoice/', weekId, 'mixed.csv', MIXED)).text).toBe(asked.text);
    expect(await count('invoice_lines')).toBe(6);
    // The refused Confirm kept the preview: confirmed with the date named, it is imported.
    expect((await confirm(res.body.previewId, ['2025-07-21'])).text).toBe(INVOICE_TEXT.imported);
    expect(await count('invoice_lines')).toBe(8);
    const [row] = await history();
    await t.call({ method: 'DELETE', url: `/api/Imports?id=${row.importId}`, as: EMAIL.admin });
    // In one call, with the date in AcceptDates.
    expect((await upload('/api/Accounting/ImportInvoice/', weekId, 'mixed.csv', MIXED, { AcceptDates: '2025-07-21' })).text).toBe(INVOICE_TEXT.imported);
    const [again] = await history();
    await t.call({ method: 'DELETE', url: `/api/Imports?id=${again.importId}`, as: EMAIL.admin });
    expect(await count('invoice_lines')).toBe(6);
  });
});

describe('the comparison adds up', () => {
  it("sums its sections to the difference shown, with a previous week's load paid in this file", async () => {
    const c = await compare(weekId);
    // Invoice: 1000 + 650 + 530 + 275 + 90 - 40 = 2505.00. Board (this week, not cancelled): 1000 + 700 + 300 + 800 = 2800.00.
    expect(c.totals).toEqual({ invoice: '2505.00', invoiceLoads: '2545.00', adjustments: '-40.00', board: '2800.00', difference: '-295.00' });
    // T-18PREV is last week's load: paid here in full (530.00), its 500.00 counted in its own week's board total.
    expect(c.otherWeeks).toHaveLength(1);
    expect(c.otherWeeks[0]).toMatchObject({ loadNumber: 'T-18PREV', invoicePayout: '530.00', boardPayout: null, difference: '530.00' });
    expect(c.otherWeeks[0].note).toMatch(/^On the board in week \d+ of 2025 at 500\.00: paid 30\.00 more$/);
    expect(c.payDifferences.map((l: any) => [l.loadNumber, l.difference])).toEqual([
      ['T-18B', '-50.00'],
      ['T-18CXL', '90.00'],
    ]);
    const bySection = Object.fromEntries(c.sections.map((s: any) => [s.key, s.difference]));
    expect(bySection).toEqual({
      matched: '0.00',
      payDifferences: '40.00',
      loadsMissingInInvoice: '-300.00',
      paidNextWeek: '-800.00',
      loadsMissingInBoard: '275.00',
      otherWeeks: '530.00',
      adjustments: '-40.00',
    });
    const sum = (key: 'difference' | 'invoice' | 'board') => c.sections.reduce((s: number, x: any) => s + cents(x[key]), 0);
    expect(sum('difference')).toBe(cents(c.totals.difference));
    expect(sum('invoice')).toBe(cents(c.totals.invoice));
    expect(sum('board')).toBe(cents(c.totals.board));
    // And every listed line's difference adds up to it too.
    const lines = [...c.payDifferences, ...c.loadsMissingInInvoice, ...c.paidNextWeek, ...c.loadsMissingInBoard, ...c.otherWeeks];
    expect(lines.reduce((s: number, l: any) => s + cents(l.difference), 0) + cents(c.totals.adjustments)).toBe(cents(c.totals.difference));
  });

  it('writes the section totals in the CSV', async () => {
    const res = await t.call({ method: 'GET', url: `/api/Accounting/CompareInvoice/Export?weekId=${weekId}`, as: EMAIL.admin });
    const lines = res.text.trim().split('\r\n');
    expect(lines).toContain("Section total: Payments of other weeks' loads,,530.00,0.00,530.00,1 line");
    expect(lines.at(-1)).toBe('Totals,,2505.00,2800.00,-295.00,"Loads 2545.00, adjustments -40.00"');
  });
});
