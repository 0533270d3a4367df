import { CLOSE_CHECK_KINDS, SETTLEMENT_TEXT, usStates } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokers, expenses, fuelTransactions, loadDrivers, loads, userCompanies, workWeeks } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * Weekly settlements over weeks of their own in 2031 (week 1: 2031-01-06 to 01-12, week 2:
 * 01-13 to 01-19), with figures worked by hand.
 */
let t: TTestApp;
let week1 = 0;
let week2 = 0;
let driverId = 0;
let teammateId = 0;
let brokerId = 0;
let soloLoadId = 0;
const TX = usStates.find((s) => s.code === 'TX')!.id;

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  driverId = t.ids.users[EMAIL.driver];
  teammateId = t.ids.users['driver2@demo.haulboard.test'];
  const weeks = await t.db
    .insert(workWeeks)
    .values([
      { companyId: demo, year: 2031, number: 1, startDate: '2031-01-06', endDate: '2031-01-12' },
      { companyId: demo, year: 2031, number: 2, startDate: '2031-01-13', endDate: '2031-01-19' },
    ])
    .returning();
  [week1, week2] = weeks.map((w) => w.id);
  const [broker] = await t.db.select().from(brokers).where(eq(brokers.companyId, demo)).limit(1);
  brokerId = broker.id;
  const load = async (loadNumber: string, payout: string, weekId: number, drivers: number[], day: string) => {
    const [row] = await t.db
      .insert(loads)
      .values({
        companyId: demo,
        loadNumber,
        brokerId,
        loadStartDate: `${day}T08:00:00Z`,
        loadEndDate: `${day}T20:00:00Z`,
        weekId,
        originStateId: TX,
        originCity: 'Dallas',
        destinationStateId: TX,
        destinationCity: 'Houston',
        tripLength: '240.0',
        numberOfStops: 2,
        pricePerMile: '2.5000',
        payout,
        loadStatusId: 4,
      })
      .returning();
    await t.db.insert(loadDrivers).values(drivers.map((userId, i) => ({ loadId: row.id, userId, position: i + 1 })));
    return row.id;
  };
  soloLoadId = await load('S-SOLO', '1200.00', week1, [driverId], '2031-01-07');
  await load('S-TEAM', '1000.01', week1, [driverId, teammateId], '2031-01-08');
  await load('S-WEEK2', '800.00', week2, [driverId], '2031-01-14');
  await t.db.update(userCompanies).set({ unitNumber: '101', serviceFee: '10', serviceFeeType: 'percent' }).where(and(eq(userCompanies.userId, driverId), eq(userCompanies.companyId, demo)));
  await t.db.insert(expenses).values([
    // Weekly escrow from week 1: 100.00 a week, 10 times.
    { companyId: demo, expenseTypeId: 5, name: 'Escrow', amount: '100.00', frequencyTypeId: 2, occurrences: 10, startDate: '2031-01-06', userId: driverId },
    { companyId: demo, expenseTypeId: 12, name: 'Scale ticket', amount: '12.25', frequencyTypeId: 1, expenseDate: '2031-01-09', userId: driverId },
  ]);
  await t.db.insert(fuelTransactions).values({
    companyId: demo,
    vendor: 'EFS',
    cardLast4: '0001',
    fuelDate: '2031-01-07',
    fuelTime: '06:42',
    unitNumber: '101',
    location: 'PILOT #436',
    city: 'AMARILLO',
    stateCode: 'TX',
    product: 'diesel',
    productCode: 'ULSD',
    isIfta: true,
    quantity: '100.000',
    amount: '380.40',
    naturalKey: 'settle|1',
  });
});
afterAll(() => t.close());

const get = (url: string, as: string = EMAIL.admin) => t.call({ method: 'GET', url, as });
const post = (url: string, payload: unknown, as: string = EMAIL.admin) => t.call({ method: 'POST', url, payload: payload as any, as });
const WEEK1_NAME = '1 of 2031 (01/06/2031 - 01/12/2031)';
/** Week 1 of 2031 has not ended (and may hold other open items): the administrator confirms every kind. */
const ALL = [...CLOSE_CHECK_KINDS];

describe('the settlement statement', () => {
  // Gross 1200.00 + 500.01 = 1700.01; additions 12.25; fuel 380.40; escrow 100.00;
  // fee 10% of 1700.01 = 170.0010 → 170.00. Deductions 380.40 + 100.00 + 170.00 = 650.40.
  // Net 1700.01 + 12.25 − 650.40 = 1061.86.
  it('itemises loads, additions, fuel, expenses and the fee, with the totals worked to the cent', async () => {
    const res = await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({
      statementNumber: null,
      closed: null,
      unitNumber: '101',
      payDate: '2031-01-17',
      gross: '1700.01',
      totalAdditions: '12.25',
      totalFuel: '380.40',
      totalExpense: '100.00',
      administrationFee: '170.00',
      totalDeductions: '650.40',
      net: '1061.86',
    });
    expect(s.loads.map((l: any) => [l.loadNumber, l.payout])).toEqual([
      ['S-SOLO', '1200.00'],
      ['S-TEAM', '500.01'],
    ]);
    expect(s.additions.map((a: any) => a.expenseName)).toEqual(['Scale ticket']);
    expect(s.expenses.map((e: any) => [e.expenseName, e.amount])).toEqual([['Escrow', '100.00']]);
    expect(s.fuel.map((f: any) => f.amount)).toEqual(['380.40']);
    // Week 1 is the first of 2031: the year to date is the week itself.
    expect(s.ytd).toMatchObject({ gross: '1700.01', net: '1061.86', escrow: '100.00' });
  });

  it('adds up the year to date through the week asked for', async () => {
    // Week 2: gross 800.00, escrow 100.00, fee 80.00, net 620.00. YTD net 1061.86 + 620.00.
    const s = (await get(`/api/Settlement/Statement?weekId=${week2}&driverId=${driverId}`)).body;
    expect(s).toMatchObject({ gross: '800.00', net: '620.00' });
    expect(s.ytd).toMatchObject({ gross: '2500.01', net: '1681.86', escrow: '200.00' });
  });

  it('gives a driver their own statement whatever driverId says', async () => {
    const res = await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${teammateId}`, EMAIL.driver);
    expect(res.status).toBe(200);
    expect(res.body.payee.userId).toBe(driverId);
  });

  it('downloads as a PDF whose text carries the figures', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Settlement/StatementPdf?weekId=${week1}&driverId=${driverId}`, headers: { cookie: await t.loginAs(EMAIL.admin) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('settlement-2031-week-1-101.pdf');
    const parsed = await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText();
    expect(parsed.text).toContain('Driver settlement statement');
    expect(parsed.text).toContain('S-SOLO');
    expect(parsed.text).toContain('$1,061.86');
    expect(parsed.text).toContain('Draft');
    // The web sheet's words and formats (contract statement-format.ts): whole miles, a rate with
    // two decimals, deductions with the one minus sign.
    expect(parsed.text).toContain('Driver share');
    expect(parsed.text).toContain('Week 1, 01/06/2031 \u2013 01/12/2031');
    expect(parsed.text).toContain('$2.50/mi');
    expect(parsed.text).not.toContain('240.0');
    expect(parsed.text).toContain('\u2212 Administration fee');
    expect(parsed.text).toMatch(/\u2212\$170\.00/);
    expect(parsed.text).not.toMatch(/(^|\s)- (Fuel|Expenses)/m);
  });

  it('refuses another company a week of this one, like a missing week', async () => {
    const theirs = await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`, EMAIL.secondAdmin);
    const missing = await get(`/api/Settlement/Statement?weekId=2000000000&driverId=${driverId}`, EMAIL.secondAdmin);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });
});

describe('closing a week', () => {
  it('a dispatcher may not close a week; an administrator closes it and every statement is numbered and frozen', async () => {
    expect((await post('/api/Settlement/CloseWeek', { weekId: week1 }, EMAIL.dispatcher)).status).toBe(403);
    const res = await post('/api/Settlement/CloseWeek', { weekId: week1, confirmed: ALL });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^Week 1 of 2031 \(01\/06\/2031 - 01\/12\/2031\) closed: \d+ statements? frozen$/);
    const s = (await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`)).body;
    expect(s.statementNumber).toMatch(/^S-\d{6}$/);
    expect(s.revision).toBe(1);
    expect(s.closed.closedBy).toBeTruthy();
    expect(s.net).toBe('1061.86');
    expect((await post('/api/Settlement/CloseWeek', { weekId: week1, confirmed: ALL })).text).toBe(SETTLEMENT_TEXT.alreadyClosed(WEEK1_NAME));
  });

  it('keeps the frozen figures when the pay terms change afterwards; the open week follows the change', async () => {
    await t.db.update(userCompanies).set({ serviceFee: '20' }).where(eq(userCompanies.userId, driverId));
    expect((await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`)).body.administrationFee).toBe('170.00');
    const dash = (await get(`/api/DriverDashboard/GetDriversGrossIncome?week=${week1}&driverId=${driverId}`)).body;
    expect(dash).toMatchObject({ administrationFee: '170.00', netIncome: '1061.86' });
    const week2Statement = (await get(`/api/Settlement/Statement?weekId=${week2}&driverId=${driverId}`)).body;
    expect(week2Statement.administrationFee).toBe('160.00');
    // Its year to date counts week 1 as paid (fee 170.00, net 1061.86), not at today's 20 %:
    // week 2 is 800.00 − escrow 100.00 − fee 160.00 = 540.00; deductions 650.40 + 260.00.
    expect(week2Statement.ytd).toEqual({ gross: '2500.01', additions: '12.25', deductions: '910.40', net: '1601.86', escrow: '200.00' });
    await t.db.update(userCompanies).set({ serviceFee: '10' }).where(eq(userCompanies.userId, driverId));
  });

  it('refuses every write that touches the closed week, naming it', async () => {
    const closed = SETTLEMENT_TEXT.weekClosed(WEEK1_NAME);
    const loadRow = (await t.db.select().from(loads).where(and(eq(loads.companyId, t.ids.companies.demo), eq(loads.id, soloLoadId))))[0];
    const form = {
      loadId: 0,
      loadNumber: 'S-NEW',
      brokerId,
      loadStartDate: '2031-01-09T08:00:00.000Z',
      loadEndDate: '2031-01-09T20:00:00.000Z',
      weekId: week1,
      originStateId: TX,
      originCity: 'Dallas',
      destinationStateId: TX,
      destinationCity: 'Austin',
      tripLength: 200,
      numberOfStops: 1,
      pricePerMile: 2,
      loadStatusId: 4,
      loadDrivers: [driverId],
    };
    expect((await post('/api/Load/AddUpdateLoad', form)).text).toBe(closed);
    // Moving a load of the closed week to an open one changes the closed week too.
    const moved = await post('/api/Load/AddUpdateLoad', { ...form, loadId: soloLoadId, loadNumber: 'S-SOLO', weekId: week2, updatedOn: new Date(loadRow.updatedOn).toISOString() });
    expect(moved.text).toBe(closed);
    expect((await t.call({ method: 'DELETE', url: `/api/Load?id=${soloLoadId}`, as: EMAIL.admin })).text).toBe(closed);

    const expense = {
      companyExpenseId: 0,
      expenseTypeId: 6,
      expenseName: 'Cash advance',
      amount: '200.00',
      frequencyTypeId: 1,
      occurences: null,
      expenseDate: '2031-01-10',
      expenseStartDate: null,
      expenseEndDate: null,
      expenseUserId: driverId,
      comments: null,
    };
    expect((await post('/api/Expense/AddUpdateExpense', expense)).text).toBe(closed);
    // The same expense a week later is fine.
    expect((await post('/api/Expense/AddUpdateExpense', { ...expense, expenseDate: '2031-01-15' })).status).toBe(200);
    const escrow = (await t.db.select().from(expenses).where(eq(expenses.name, 'Escrow')))[0];
    expect((await t.call({ method: 'DELETE', url: `/api/Expense?id=${escrow.id}`, as: EMAIL.admin })).text).toBe(closed);
  });

  it('lists every driver of the week with totals and the close in its history', async () => {
    const res = await get(`/api/Settlement/Week?weekId=${week1}`);
    expect(res.status).toBe(200);
    expect(res.body.isClosed).toBe(true);
    expect(res.body.history).toEqual([expect.objectContaining({ action: 'closed', revision: 1 })]);
    const sam = res.body.drivers.find((d: any) => d.userId === driverId);
    expect(sam).toMatchObject({ net: '1061.86', gross: '1700.01' });
    const teammate = res.body.drivers.find((d: any) => d.userId === teammateId);
    expect(teammate.gross).toBe('500.00');
    expect((await get(`/api/Settlement/Week?weekId=${week1}`, EMAIL.driver)).status).toBe(403);
  });

  it('reopens: writes pass again; closing again is revision 2 with the same statement number', async () => {
    const first = (await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`)).body.statementNumber;
    expect((await post('/api/Settlement/ReopenWeek', { weekId: week1 })).text).toBe(SETTLEMENT_TEXT.reopened(WEEK1_NAME));
    expect((await post('/api/Settlement/ReopenWeek', { weekId: week1 })).text).toBe(SETTLEMENT_TEXT.notClosed(WEEK1_NAME));
    const advance = {
      companyExpenseId: 0,
      expenseTypeId: 6,
      expenseName: 'Cash advance',
      amount: '200.00',
      frequencyTypeId: 1,
      occurences: null,
      expenseDate: '2031-01-10',
      expenseStartDate: null,
      expenseEndDate: null,
      expenseUserId: driverId,
      comments: null,
    };
    expect((await post('/api/Expense/AddUpdateExpense', advance)).status).toBe(200);
    await post('/api/Settlement/CloseWeek', { weekId: week1, confirmed: ALL });
    const s = (await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`)).body;
    expect(s).toMatchObject({ statementNumber: first, revision: 2, net: '861.86' });
    const week = (await get(`/api/Settlement/Week?weekId=${week1}`)).body;
    expect(week.history.map((h: any) => `${h.action} ${h.revision}`)).toEqual(['closed 1', 'reopened 1', 'closed 2']);
  });

  it('gives every statement of the week in one PDF', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Settlement/WeekPdf?weekId=${week1}`, headers: { cookie: await t.loginAs(EMAIL.admin) } });
    expect(res.statusCode).toBe(200);
    const parsed = await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText();
    expect(parsed.text).toContain('S-SOLO');
    expect(parsed.text).toContain('revision 2');
    expect(parsed.text.match(/Driver settlement statement/g)!.length).toBeGreaterThanOrEqual(2);
  });
});
