import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUsState, INVOICE_TEXT } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loads } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/imports/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');

const HEADER =
  'Invoice Number,Block Id,Trip ID,Load ID,Start Date,End Date,Route/Domicile,Operator Type,Equipment,Distance (Mi),Item Type,Program Type,Hourly Rate,Duration (hrs),Variable Total,Base Rate,Fuel Surcharge,Tolls,Detention,TONU,Others,Gross Pay,Comments';
const payLine = (trip: string, load: string, itemType: string, gross: string, comments = '', start = '07/14/2025', end = start) =>
  `RLYINV7Q2K9,,${trip},${load},${start},${end},"Tracy, CA",SOLO,FIFTY_THREE_FOOT_TRUCK,100.00,${itemType},SPOT,,,,${gross},0.00,0.00,0.00,0.00,0.00,${gross},${comments}`;

/**
 * The week's invoice (pay week Sunday 07/13 to Saturday 07/19/2025), built on the board's own sample
 * (relay_payment_details_2025-07-19.csv: a tour line, its load line with detention, a dispute,
 * lower-case item types, a repeated line, a trip paid on its load line whose Load ID is not its Trip
 * ID, the summary row) plus lines for the cases below.
 */
const INVOICE = [
  HEADER,
  ...fixture('relay_payment_details_2025-07-19.csv').trim().split(/\r?\n/).slice(1, -1), // without its summary row
  payLine('T-200AAAAAA', '', 'tour - completed', '500.00'),
  payLine('T-200AAAAAA', '', 'tour - completed', '100.00', 'Fuel surcharge'),
  payLine('T-116NEW', '116NEWLOAD', 'load - completed', '300.00'),
  // Started Saturday 07/12, last stop Sunday 07/13: paid in this pay week.
  payLine('T-050PREVWK', '', 'TOUR - COMPLETED', '410.00', '', '07/12/2025', '07/13/2025'),
  payLine('T-112ABCDEF', '', 'ADJUSTMENT - OTHER', '15.00', 'Fuel adjustment'),
  // A load entered on the board under its Load ID.
  payLine('T-120TRIP', '120LOADNO', 'LOAD - COMPLETED', '210.00'),
  // A zero-amount line that matches no load: nothing is missing.
  payLine('T-119ZERO', '119ZEROLD', 'LOAD - COMPLETED', '0.00'),
  ',,,,,,,,,,,,,,,,,,,,,3130.77,',
].join('\n');

let t: TTestApp;
let weekId: number;
let previousWeekId: number;
let secondWeekId: number;
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const lineCount = async (companyId = t.ids.companies.demo) =>
  Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from invoice_lines where company_id = ${companyId}`))[0].n);

const weekHolding = async (companyId: number, day: string) =>
  Number(rowsOf(await t.db.execute(sql`select id from work_weeks where company_id = ${companyId} and start_date <= ${day} and end_date >= ${day}`))[0].id);

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  weekId = await weekHolding(demo, '2025-07-16');
  previousWeekId = await weekHolding(demo, '2025-07-09');
  secondWeekId = await weekHolding(t.ids.companies.second, '2025-07-16');
  const [broker] = rowsOf(await t.db.execute(sql`select id from brokers where company_id = ${demo} limit 1`));
  const [cancelled] = rowsOf(await t.db.execute(sql`select id from load_statuses where name = 'Cancelled'`));
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
    destinationCity: 'San Bernardino',
    tripLength: '350.0',
    numberOfStops: 2,
    pricePerMile: '2.0000',
    payout,
    loadStatusId: 5,
    ...over,
  });
  await t.db.insert(loads).values([
    load('T-112ABCDEF', '880.77', '2025-07-14T01:47:00.000Z'),
    load('T-114MNOPQR', '700.00', '2025-07-17T06:30:00.000Z'),
    load('T-200AAAAAA', '600.00', '2025-07-16T20:00:00.000Z'),
    load('T-300MISSING', '450.50', '2025-07-18T20:00:00.000Z'),
    // 06:30 UTC on Sunday 07/20 is 23:30 on Saturday 07/19 in Pacific time: this pay week, so missing.
    load('T-410LATE', '320.00', '2025-07-20T06:30:00.000Z'),
    // 08:00 UTC on Sunday 07/20 is 01:00 on Sunday in Pacific time: the next pay week.
    load('T-400NEXTWK', '800.00', '2025-07-20T08:00:00.000Z'),
    load('T-500CANCEL', '100.00', '2025-07-15T20:00:00.000Z', { loadStatusId: cancelled.id }),
    // Load Import numbers a trip's load by its Trip ID; the invoice pays it on a line with Load ID 118LQ7WXY.
    load('T-118UVWXYZ', '640.00', '2025-07-18T20:00:00.000Z'),
    load('120LOADNO', '210.00', '2025-07-17T20:00:00.000Z'),
    // Last work week's load whose last stop completed on Sunday 07/13: paid on this invoice.
    load('T-050PREVWK', '400.00', '2025-07-13T18:00:00.000Z', { weekId: previousWeekId, loadStartDate: '2025-07-12T15:00:00.000Z' }),
  ]);
});
afterAll(() => t.close());

async function importFile(week: number | string, name: string, content: string | Buffer, as: string = EMAIL.admin, type?: string) {
  const body = await multipartBody({ WeekId: String(week) }, [{ field: 'File', name, content, type }]);
  return t.call({ method: 'POST', url: '/api/Accounting/ImportInvoice/', payload: body.payload, headers: { 'content-type': body.contentType }, as });
}
const compare = (week: number | string, as: string = EMAIL.admin) => t.call({ method: 'GET', url: `/api/Accounting/CompareInvoice?weekId=${week}`, as });

describe('POST /api/Accounting/ImportInvoice/', () => {
  it('refuses a driver (no InvoiceImportPage) before reading the file', async () => {
    expect((await importFile(weekId, 'invoice.csv', INVOICE, EMAIL.driver)).status).toBe(403);
    expect(await lineCount()).toBe(0);
  });

  it("answers another company's week like a missing one (404), and saves nothing", async () => {
    expect((await importFile(secondWeekId, 'invoice.csv', INVOICE)).status).toBe(404);
    expect((await importFile(99_999_999, 'invoice.csv', INVOICE)).status).toBe(404);
    expect(await lineCount()).toBe(0);
  });

  it('refuses bad files whole: a fuel file, an empty file, a line whose pay is not an amount, no week', async () => {
    const fuel = await importFile(weekId, 'efs.csv', fixture('fuel_efs_2025Q3.csv'));
    expect(fuel.status).toBe(409);
    expect(fuel.text).toMatch(/^ERROR This looks like an export from EFS/);
    expect((await importFile(weekId, 'empty.csv', '')).status).toBe(400);
    const bad = await importFile(weekId, 'bad.csv', [HEADER, payLine('T-1', '', 'TOUR - COMPLETED', '10.00'), payLine('T-2', '', 'TOUR - COMPLETED', 'ten')].join('\n'));
    expect(bad.status).toBe(409);
    expect(bad.text).toMatch(/^ERROR The file was not imported: Row 3/);
    const noWeek = await multipartBody({}, [{ field: 'File', name: 'invoice.csv', content: INVOICE }]);
    const res = await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoice/', payload: noWeek.payload, headers: { 'content-type': noWeek.contentType }, as: EMAIL.admin });
    expect(res.status).toBe(400);
    expect(await lineCount()).toBe(0);
  });

  it("imports the week's invoice: every line once, the repeated line once, the summary row never", async () => {
    const res = await importFile(weekId, 'payment-details.csv', INVOICE);
    expect(res.status).toBe(200);
    expect(res.text).toBe(INVOICE_TEXT.imported);
    // 6 distinct lines of the sample (its repeat and summary row left out) + 7 more.
    expect(await lineCount()).toBe(13);
  });

  it('adds nothing when the same invoice is imported again', async () => {
    const res = await importFile(weekId, 'payment-details (1).csv', INVOICE);
    expect(res.status).toBe(200);
    expect(res.text).toBe(INVOICE_TEXT.nothingNew);
    expect(await lineCount()).toBe(13);
  });
});

describe('GET /api/Accounting/CompareInvoice', () => {
  it('compares the invoice with the board, worked out by hand', async () => {
    const res = await compare(weekId);
    expect(res.status).toBe(200);
    const c = res.body;
    // T-118UVWXYZ: its tour line 0.00 + its load line 640.00 (Load ID 118LQ7WXY, on no board load, so by
    // its Trip ID) = the board's 640.00. T-200AAAAAA: two tour lines 500 + 100 = 600. 120LOADNO: by its Load ID, 210.00.
    expect(c).toMatchObject({ weekId, invoiceLines: 13, payWeekStart: '2025-07-13', payWeekEnd: '2025-07-19', matched: 3 });
    // T-116NEW's load line (Load ID 116NEWLOAD) matches no load by either number: missing, under the
    // trip's number. T-119ZERO's line is 0.00: not a missing load.
    expect(c.loadsMissingInBoard).toEqual([{ loadNumber: 'T-116NEW', invoicePayout: '300.00', boardPayout: null, difference: '300.00', note: 'Load ID 116NEWLOAD' }]);
    // T-500CANCEL is cancelled: not expected on the invoice. T-410LATE ends 23:30 Saturday Pacific: this week.
    expect(c.loadsMissingInInvoice).toEqual([
      { loadNumber: 'T-300MISSING', invoicePayout: null, boardPayout: '450.50', difference: '-450.50', note: null },
      { loadNumber: 'T-410LATE', invoicePayout: null, boardPayout: '320.00', difference: '-320.00', note: null },
    ]);
    // T-112ABCDEF: its tour line 880.77 + the detention on its load line 115LXQ9ZB (no board load has
    // that number, so it goes by its Trip ID) 75.00 = 955.77 against the board's 880.77.
    // T-114MNOPQR: its line appears twice in the file and counts once (25.00) against 700.00.
    // T-050PREVWK sits in last work week on the board and is paid here, 10.00 more: its own section,
    // counted in full (its 400.00 is in last week's board total, not this week's).
    expect(c.otherWeeks).toEqual([
      { loadNumber: 'T-050PREVWK', invoicePayout: '410.00', boardPayout: null, difference: '410.00', note: expect.stringMatching(/^On the board in week \d+ of 2025 at 400\.00: paid 10\.00 more$/) },
    ]);
    expect(c.payDifferences).toEqual([
      { loadNumber: 'T-112ABCDEF', invoicePayout: '955.77', boardPayout: '880.77', difference: '75.00', note: null },
      { loadNumber: 'T-114MNOPQR', invoicePayout: '25.00', boardPayout: '700.00', difference: '-675.00', note: null },
    ]);
    expect(c.paidNextWeek).toHaveLength(1);
    expect(c.paidNextWeek[0]).toMatchObject({ loadNumber: 'T-400NEXTWK', invoicePayout: null, boardPayout: '800.00', difference: '-800.00' });
    expect(c.paidNextWeek[0].note).toMatch(/2025-07-20/);
    expect(c.adjustments).toEqual([
      { itemType: 'ADJUSTMENT - DISPUTE', tripId: 'T-113GHIJKL', loadId: '', amount: '-25.00', comments: 'Disputed lumper' },
      { itemType: 'ADJUSTMENT - OTHER', tripId: 'T-112ABCDEF', loadId: '', amount: '15.00', comments: 'Fuel adjustment' },
    ]);
    // Invoice: 880.77 + 75 + 25 + 0 + 640 + 500 + 100 + 300 + 410 + 210 + 0 = 3140.77 on loads, -25 + 15 = -10 adjustments.
    // Board (this week, not cancelled): 880.77 + 700 + 600 + 450.50 + 320 + 800 + 640 + 210 = 4601.27.
    expect(c.totals).toEqual({ invoice: '3130.77', invoiceLoads: '3140.77', adjustments: '-10.00', board: '4601.27', difference: '-1470.50' });
    // The sections add up to it: 0 matched, 300 on the invoice only, -770.50 on the board only, -600 pay
    // differences, -800 next week, 410 of another week's load, -10 adjustments.
    expect(c.sections.map((x: any) => [x.key, x.lines, x.difference])).toEqual([
      ['matched', 3, '0.00'],
      ['payDifferences', 2, '-600.00'],
      ['loadsMissingInInvoice', 2, '-770.50'],
      ['paidNextWeek', 1, '-800.00'],
      ['loadsMissingInBoard', 1, '300.00'],
      ['otherWeeks', 1, '410.00'],
      ['adjustments', 2, '-10.00'],
    ]);
  });

  it('downloads the comparison as CSV', async () => {
    const res = await t.call({ method: 'GET', url: `/api/Accounting/CompareInvoice/Export?weekId=${weekId}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-check-2025-week-\d+\.csv"$/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('Section,Load Number,Invoice Payout,Board Payout,Difference,Note');
    expect(lines).toContain('Invoiced loads missing in Board,T-116NEW,300.00,,300.00,Load ID 116NEWLOAD');
    expect(lines).toContain('Pay differences,T-112ABCDEF,955.77,880.77,75.00,');
    expect(lines).toContain('Loads Missing in Invoice,T-300MISSING,,450.50,-450.50,');
    expect(lines.at(-1)).toBe('Totals,,3130.77,4601.27,-1470.50,"Loads 3140.77, adjustments -10.00"');
  });

  it("shows a week without an invoice: its loads missing or due next week, and refuses another company's week and a driver", async () => {
    const empty = await compare(previousWeekId);
    expect(empty.status).toBe(200);
    expect(empty.body.invoiceLines).toBe(0);
    // Its pay week ends Saturday 07/12; T-050PREVWK's last stop is on Sunday 07/13: due on the next invoice.
    expect(empty.body.paidNextWeek.map((l: any) => l.loadNumber)).toEqual(['T-050PREVWK']);
    expect(empty.body.loadsMissingInInvoice.map((l: any) => l.loadNumber)).not.toContain('T-050PREVWK');
    expect((await compare(secondWeekId)).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/Accounting/CompareInvoice/Export?weekId=${secondWeekId}`, as: EMAIL.admin })).status).toBe(404);
    expect((await compare(weekId, EMAIL.secondAdmin)).status).toBe(404);
    expect((await compare(weekId, EMAIL.driver)).status).toBe(403);
    expect((await compare('abc')).status).toBe(400);
  });

  it("reads the XLSX export's 'Payment Details' sheet the same way", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Summary').addRow(['Total', 2280.77]);
    const sheet = wb.addWorksheet('Payment Details');
    for (const row of INVOICE.split('\n')) sheet.addRow(row.match(/("[^"]*"|[^,]*)(,|$)/g)!.slice(0, 23).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')));
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const second = await importFile(secondWeekId, 'payment-details.xlsx', data, EMAIL.secondAdmin, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(second.text).toBe(INVOICE_TEXT.imported);
    expect(await lineCount(t.ids.companies.second)).toBe(13);
    const c = (await compare(secondWeekId, EMAIL.secondAdmin)).body;
    expect(c.totals).toMatchObject({ invoice: '3130.77', invoiceLoads: '3140.77', adjustments: '-10.00' });
    // The second company's board has none of these loads: each trip missing once, its lines summed; T-119ZERO (0.00) not at all.
    expect(c.loadsMissingInBoard.map((l: any) => [l.loadNumber, l.invoicePayout])).toEqual([
      ['T-050PREVWK', '410.00'],
      ['T-112ABCDEF', '955.77'],
      ['T-114MNOPQR', '25.00'],
      ['T-116NEW', '300.00'],
      ['T-118UVWXYZ', '640.00'],
      ['T-120TRIP', '210.00'],
      ['T-200AAAAAA', '600.00'],
    ]);
    // Company one's lines are untouched.
    expect(await lineCount()).toBe(13);
  });
});
