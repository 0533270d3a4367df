import { addDays, CLOSE_CHECK_KINDS, CLOSE_CHECK_TITLES, ROLE, SETTLEMENT_TEXT, usStates } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokers, expenses, fuelTransactions, imports, invoiceLines, loadDrivers, loads, userCompanies, userRoles, users, workWeeks } from '../src/db/schema';
import { mondayOf } from '../src/db/seed/demo-expenses';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * Books you can trust: pay counts only the weeks a driver works for the company (A), a week closes
 * after its checklist (B), and a negative net is carried to the next open week (C).
 *
 * A: a work year numbered 2045 laid out so that today falls in its week 40; Robin starts in week 30
 * on a flat $100.00 weekly fee with a weekly $50.00 insurance from week 1.
 * B and C: three weeks of 2047 (in the future: none has ended) for the checklist and the carry.
 */
let t: TTestApp;
const today = new Date().toISOString().slice(0, 10);
const year45: { id: number; startDate: string; endDate: string }[] = [];
const weeks47: { id: number; startDate: string; endDate: string }[] = [];
let robin = 0;
let sam = 0;
const TX = usStates.find((s) => s.code === 'TX')!.id;
const ROBIN = 'robin@books.haulboard.test';

beforeAll(async () => {
  t = await createTestApp();
  const demo = t.ids.companies.demo;
  sam = t.ids.users[EMAIL.driver];
  const first = addDays(mondayOf(today), -39 * 7);
  const rows45 = await t.db
    .insert(workWeeks)
    .values(Array.from({ length: 52 }, (_, i) => ({ companyId: demo, year: 2045, number: i + 1, startDate: addDays(first, 7 * i), endDate: addDays(first, 7 * i + 6) })))
    .returning();
  year45.push(...rows45.sort((a, b) => a.number - b.number));
  const rows47 = await t.db
    .insert(workWeeks)
    .values([0, 1, 2].map((i) => ({ companyId: demo, year: 2047, number: i + 1, startDate: addDays('2047-01-07', 7 * i), endDate: addDays('2047-01-07', 7 * i + 6) })))
    .returning();
  weeks47.push(...rows47.sort((a, b) => a.number - b.number));

  const [u] = await t.db.insert(users).values({ email: ROBIN, firstName: 'Robin', lastName: 'Hale', phoneNumber: '5125550111' }).returning();
  robin = u.id;
  t.ids.users[ROBIN] = robin;
  await t.db.insert(userCompanies).values({ userId: robin, companyId: demo, serviceFee: '100.00', serviceFeeType: 'flat', startDate: year45[29].startDate });
  await t.db.insert(userRoles).values({ userId: robin, companyId: demo, roleId: ROLE.Driver });
  await t.db
    .insert(expenses)
    .values({ companyId: demo, expenseTypeId: 1, name: 'Insurance', amount: '50.00', frequencyTypeId: 2, startDate: year45[0].startDate, userId: robin });
});
afterAll(() => t.close());

const get = (url: string, as: string = EMAIL.admin) => t.call({ method: 'GET', url, as });
const post = (url: string, payload: unknown, as: string = EMAIL.admin) => t.call({ method: 'POST', url, payload: payload as any, as });
const statement = async (weekId: number, driverId: number) => (await get(`/api/Settlement/Statement?weekId=${weekId}&driverId=${driverId}`)).body;
const week45 = (n: number) => year45[n - 1];

describe('pay counts only the weeks a driver works for the company', () => {
  it('charges no flat fee and no recurring expense before the start week', async () => {
    const s = await statement(week45(5).id, robin);
    expect(s).toMatchObject({ administrationFee: '0.00', totalExpense: '0.00', totalDeductions: '0.00', net: '0.00' });
    expect(s.expenses).toEqual([]);
    expect(s.ytd).toMatchObject({ deductions: '0.00', net: '0.00' });
  });

  it('charges from the start week, and the year to date counts from it', async () => {
    const s30 = await statement(week45(30).id, robin);
    expect(s30).toMatchObject({ administrationFee: '100.00', totalExpense: '50.00', net: '-150.00' });
    expect(s30.ytd).toMatchObject({ deductions: '150.00', net: '-150.00' });
    // Weeks 30 to 35: six weeks of 100.00 + 50.00.
    const s35 = await statement(week45(35).id, robin);
    expect(s35.ytd).toMatchObject({ deductions: '900.00', net: '-900.00' });
  });

  it('the dashboard over the year counts only the weeks that have begun, from the start week', async () => {
    const res = await get(`/api/DriverDashboard/GetDriversGrossIncome?year=2045&driverId=${robin}`);
    expect(res.status).toBe(200);
    // Today is in week 40: weeks 30 to 40 are eleven weeks.
    expect(res.body.feeBasis).toContain('× 11 weeks');
    expect(res.body).toMatchObject({ administrationFee: '1100.00', totalExpense: '550.00', netIncome: '-1650.00' });
  });

  it('shows the start date in user admin and stops charges after an end date set there', async () => {
    const list = (await get('/api/auth/GetUsers')).body;
    const row = list.find((x: any) => x.userId === robin);
    expect(row).toMatchObject({ startDate: week45(30).startDate, endDate: null });
    const form = {
      userId: robin,
      firstName: 'Robin',
      lastName: 'Hale',
      phoneNumber: '5125550111',
      userRoles: [ROLE.Driver],
      userCompanies: [t.ids.companies.demo],
      serviceFee: 100,
      serviceFeeType: 'flat',
      unitNumber: null,
      startDate: row.startDate,
      endDate: week45(33).endDate,
      isActive: true,
      updatedOn: row.updatedOn,
    };
    const bad = await post('/api/auth/UpdateUserInformation', { ...form, endDate: week45(20).endDate });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.endDate).toEqual(['The end date must be on or after the start date']);
    expect((await post('/api/auth/UpdateUserInformation', form)).status).toBe(200);
    // Weeks 30 to 33.
    const dash = (await get(`/api/DriverDashboard/GetDriversGrossIncome?year=2045&driverId=${robin}`)).body;
    expect(dash).toMatchObject({ administrationFee: '400.00', totalExpense: '200.00' });
    const s35 = await statement(week45(35).id, robin);
    expect(s35).toMatchObject({ administrationFee: '0.00', totalExpense: '0.00' });
    expect(s35.ytd).toMatchObject({ deductions: '600.00' });
  });

  it('approving an applicant sets their start date to the approval day', async () => {
    const applicant = t.ids.users[EMAIL.applicant];
    const row = (await get('/api/auth/GetUsers')).body.find((x: any) => x.userId === applicant);
    expect(row.startDate).toBeNull();
    const res = await post('/api/auth/UpdateUserInformation', {
      userId: applicant,
      firstName: 'Jamie',
      lastName: 'Lee',
      phoneNumber: '5125550103',
      userRoles: [ROLE.Driver],
      userCompanies: [t.ids.companies.demo],
      serviceFee: 0,
      unitNumber: '107',
      isActive: true,
      updatedOn: row.updatedOn,
    });
    expect(res.status).toBe(200);
    const after = (await get('/api/auth/GetUsers')).body.find((x: any) => x.userId === applicant);
    expect(after.startDate).toBe(today);
  });
});

describe('closing a week after its checklist, carrying a negative net', () => {
  const [w1, w2] = [0, 1];
  const checklistUrl = (i: number) => `/api/Settlement/CloseChecklist?weekId=${weeks47[i].id}`;

  beforeAll(async () => {
    const demo = t.ids.companies.demo;
    const [broker] = await t.db
      .insert(brokers)
      .values({ companyId: demo, name: 'Books Broker', address: '1 Main St', city: 'Austin', stateId: TX, zipCode: '78701', phoneNumber: '5125550100', email: 'b@example.test' })
      .returning();
    const load = async (loadNumber: string, payout: string, status: number, drivers: number[]) => {
      const [row] = await t.db
        .insert(loads)
        .values({
          companyId: demo,
          loadNumber,
          brokerId: broker.id,
          loadStartDate: '2047-01-08T08:00:00Z',
          loadEndDate: '2047-01-08T20:00:00Z',
          weekId: weeks47[w1].id,
          originStateId: TX,
          originCity: 'Dallas',
          destinationStateId: TX,
          destinationCity: 'Houston',
          tripLength: '240.0',
          numberOfStops: 2,
          pricePerMile: '0',
          payout,
          loadStatusId: status,
        })
        .returning();
      if (drivers.length) await t.db.insert(loadDrivers).values(drivers.map((userId, i) => ({ loadId: row.id, userId, position: i + 1 })));
    };
    // A delivered load paying nothing, a booked load with no driver; Sam earns nothing this week.
    await load('B-ZERO', '0.00', 4, [robin]);
    await load('B-BOOKED', '900.00', 1, []);
    await t.db.insert(fuelTransactions).values({
      companyId: demo,
      vendor: 'EFS',
      cardLast4: '0009',
      fuelDate: '2047-01-09',
      fuelTime: '07:00',
      unitNumber: '999',
      location: 'PILOT #1',
      city: 'WACO',
      stateCode: 'TX',
      product: 'diesel',
      productCode: 'ULSD',
      isIfta: true,
      quantity: '10.000',
      amount: '40.00',
      naturalKey: 'books|1',
    });
  });

  it('lists what is open, each with a link to fix it; only an administrator may see it', async () => {
    expect((await get(checklistUrl(w1), EMAIL.dispatcher)).status).toBe(403);
    const res = await get(checklistUrl(w1));
    expect(res.status).toBe(200);
    const byKind = Object.fromEntries(res.body.items.map((i: any) => [i.kind, i]));
    expect(Object.keys(byKind).sort()).toEqual(['fuelWithoutDriver', 'loadsNotRevenue', 'loadsWithoutPay', 'negativeNet', 'weekNotEnded']);
    expect(byKind.loadsWithoutPay.lines).toEqual(['Load B-BOOKED: no driver', 'Load B-ZERO: $0 payout']);
    expect(byKind.loadsWithoutPay.link).toEqual({ page: 'loadBoard', query: { year: '2047', weekId: String(weeks47[w1].id) } });
    expect(byKind.loadsNotRevenue.lines).toEqual(['Load B-BOOKED: Booked']);
    expect(byKind.fuelWithoutDriver.lines).toEqual(['01/09/2047 unit 999: $40.00']);
    expect(byKind.negativeNet.lines).toContain('Sam Carter: net -$150.00');
    expect(byKind.weekNotEnded.lines).toEqual(['The week ends on 01/13/2047']);
  });

  it('refuses to close until every open kind is confirmed, naming those that are not', async () => {
    const none = await post('/api/Settlement/CloseWeek', { weekId: weeks47[w1].id });
    expect(none.status).toBe(409);
    for (const kind of ['loadsWithoutPay', 'loadsNotRevenue', 'fuelWithoutDriver', 'negativeNet', 'weekNotEnded'] as const) {
      expect(none.text).toContain(CLOSE_CHECK_TITLES[kind]);
    }
    const some = await post('/api/Settlement/CloseWeek', { weekId: weeks47[w1].id, confirmed: ['loadsWithoutPay', 'loadsNotRevenue', 'fuelWithoutDriver', 'weekNotEnded'] });
    expect(some.status).toBe(409);
    expect(some.text).toMatch(/^ERROR Week 1 of 2047 .* was not closed: confirm the open items first \(Drivers whose net is negative/);
    expect(some.text).not.toContain(CLOSE_CHECK_TITLES.weekNotEnded);
    expect((await get(`/api/Settlement/Week?weekId=${weeks47[w1].id}`)).body.isClosed).toBe(false);
    const ok = await post('/api/Settlement/CloseWeek', { weekId: weeks47[w1].id, confirmed: [...CLOSE_CHECK_KINDS] });
    expect(ok.status).toBe(200);
    // The week list tells the forms which weeks are closed (they open read-only there).
    const lookup = (await get('/api/Lookup/GetWorkWeekList?year=2047', EMAIL.driver)).body;
    expect(lookup.map((w: any) => w.isClosed)).toEqual([true, false, false]);
    expect((await get(checklistUrl(w1))).body).toEqual({ weekId: weeks47[w1].id, isClosed: true, items: [] });
  });

  it('carries the negative net to the next open week: 0.00 here with the carry line, a deduction there', async () => {
    const s1 = await statement(weeks47[w1].id, sam);
    const w2Name = `2 of 2047 (01/14/2047 - 01/20/2047)`;
    expect(s1).toMatchObject({ net: '0.00', totalAdditions: '150.00', carry: { toWeekId: weeks47[w2].id, toWeek: w2Name, amount: '150.00' } });
    expect(s1.additions).toContainEqual(expect.objectContaining({ expenseName: SETTLEMENT_TEXT.carriedTo(w2Name), amount: '150.00' }));
    const s2 = await statement(weeks47[w2].id, sam);
    // 150.00 fee of week 2 + 150.00 carried from week 1.
    expect(s2.expenses).toContainEqual(
      expect.objectContaining({ expenseName: SETTLEMENT_TEXT.carriedFrom('1 of 2047 (01/07/2047 - 01/13/2047)'), amount: '150.00' }),
    );
    expect(s2).toMatchObject({ totalExpense: '150.00', totalDeductions: '300.00', net: '-300.00' });
    // Year to date: week 1 nets 0.00 (the carry) and week 2 −300.00; the balance is counted once.
    expect(s2.ytd).toMatchObject({ net: '-300.00' });
    const w3 = await statement(weeks47[2].id, sam);
    expect(w3.ytd).toMatchObject({ net: '-450.00' });
    // The dashboard of the open week deducts the same line.
    const dash = (await get(`/api/DriverDashboard/GetDriversGrossIncome?week=${weeks47[w2].id}&driverId=${sam}`)).body;
    expect(dash).toMatchObject({ totalExpense: '150.00', netIncome: '-300.00' });
    expect(dash.driverExpenseList[0]).toMatchObject({ expenseName: SETTLEMENT_TEXT.carriedFrom('1 of 2047 (01/07/2047 - 01/13/2047)'), amount: '150.00' });
    const summary = (await get(`/api/Settlement/Week?weekId=${weeks47[w2].id}`)).body;
    expect(summary.drivers.find((d: any) => d.userId === sam).net).toBe('-300.00');
  });

  it('reopening the week takes the carry back; once the later week is closed the earlier one stays closed', async () => {
    expect((await post('/api/Settlement/ReopenWeek', { weekId: weeks47[w1].id })).status).toBe(200);
    expect((await statement(weeks47[w2].id, sam)).net).toBe('-150.00');
    expect((await post('/api/Settlement/CloseWeek', { weekId: weeks47[w1].id, confirmed: [...CLOSE_CHECK_KINDS] })).status).toBe(200);
    expect((await post('/api/Settlement/CloseWeek', { weekId: weeks47[w2].id, confirmed: [...CLOSE_CHECK_KINDS] })).status).toBe(200);
    const s2 = await statement(weeks47[w2].id, sam);
    expect(s2).toMatchObject({ net: '0.00', carry: { toWeekId: weeks47[2].id, amount: '300.00' } });
    const refused = await post('/api/Settlement/ReopenWeek', { weekId: weeks47[w1].id });
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(SETTLEMENT_TEXT.carriedIntoClosed('1 of 2047 (01/07/2047 - 01/13/2047)', '2 of 2047 (01/14/2047 - 01/20/2047)'));
    expect((await statement(weeks47[2].id, sam)).net).toBe('-450.00');
  });

  it('refuses to close a week whose negative balance has no later open week to go to', async () => {
    const res = await post('/api/Settlement/CloseWeek', { weekId: weeks47[2].id, confirmed: [...CLOSE_CHECK_KINDS] });
    expect(res.status).toBe(409);
    expect(res.text).toContain('Sam Carter ends it with a negative balance and there is no later open work week to carry it to');
    expect((await get(`/api/Settlement/Week?weekId=${weeks47[2].id}`)).body.isClosed).toBe(false);
  });

  it("lists the differences of the week's imported invoice with the board", async () => {
    const demo = t.ids.companies.demo;
    const [imp] = await t.db
      .insert(imports)
      .values({ companyId: demo, kind: 'invoice', fileName: 'payments.csv', layout: 'Relay', rowsRead: 1, rowsAdded: 1, rowsDuplicate: 0, rowsFlagged: 0, rowsRefused: 0 })
      .returning();
    await t.db.insert(invoiceLines).values({
      companyId: demo,
      weekId: weeks47[2].id,
      importId: imp.id,
      invoiceNumber: 'INV-1',
      blockId: '',
      tripId: 'T-NOWHERE',
      loadId: 'T-NOWHERE',
      itemType: 'LOAD - COMPLETED',
      grossPay: '500.00',
      naturalKey: 'books|inv|1',
    });
    const items = (await get(checklistUrl(2))).body.items;
    const invoice = items.find((i: any) => i.kind === 'invoiceDifference');
    expect(invoice).toMatchObject({ count: 1, link: { page: 'invoiceImport' } });
    expect(invoice.lines[0]).toMatch(/^Load T-NOWHERE: on the invoice, not on the board \(difference \$500\.00\)$/);
  });
});

