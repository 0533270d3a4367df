import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, CLOSE_CHECK_KINDS, IMPORT_TEXT, LATE_FUEL_TEXT, ROLE, SETTLEMENT_TEXT } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCompanies, userRoles, users, workWeeks } from '../src/db/schema';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Late fuel (issue "Books you can trust"): a card line dated in a closed week is imported (IFTA
 * counts fuel by its date) and deducted on the driver's first open week's statement as late fuel.
 *
 * Four work weeks of 2033 (11 to 14); Lee drives unit 7701 and earns nothing, with no fee, so each
 * week's deductions are its fuel alone. Week 12 is closed with one $100.00 line in it.
 */
let t: TTestApp;
let lee = 0;
const weeks: { id: number; number: number; startDate: string; endDate: string }[] = [];
const week = (n: number) => weeks.find((w) => w.number === n)!;
const name = (n: number) => {
  const w = week(n);
  const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  return `${n} of 2033 (${us(w.startDate)} - ${us(w.endDate)})`;
};

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/imports/fixtures');
const HEADER = fs.readFileSync(path.join(fixtures, 'fuel_efs_2025Q3.csv'), 'utf8').split(/\r?\n/)[0];
/** An EFS line: a day of 2033 ('03-16'), unit, invoice, gallons and amount (at $5.000 a gallon). */
const line = (day: string, unit: string, invoice: number, gallons: string, amount: string) =>
  `7083050099990001,${day.slice(0, 2)}/${day.slice(3, 5)}/2033,07:00,${invoice},${unit},LEE PARK,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,5.000,5.000,0.000,${gallons},0.00,,${amount},N,USD/Gallons`;
const file = (...lines: string[]) => `${[HEADER, ...lines].join('\n')}\n`;

/** Late (week 12, closed) for Lee and for a unit no driver has, then a line in week 13 and one in week 14. */
const LATE_FILE = file(
  line('03-16', '7701', 810001, '10.00', '50.00'),
  line('03-17', 'X99', 810002, '1.00', '5.00'),
  line('03-22', '7701', 810003, '15.00', '60.00'),
  line('03-29', '7701', 810004, '14.00', '70.00'),
);

beforeAll(async () => {
  t = await createTestApp();
  const demo = t.ids.companies.demo;
  const rows = await t.db
    .insert(workWeeks)
    .values([0, 1, 2, 3].map((i) => ({ companyId: demo, year: 2033, number: 11 + i, startDate: addDays('2033-03-07', 7 * i), endDate: addDays('2033-03-07', 7 * i + 6) })))
    .returning();
  weeks.push(...rows);
  // No driver pays a fee: a week closes without carrying a negative net anywhere.
  await t.db.update(userCompanies).set({ serviceFee: '0', serviceFeeType: 'percent' });
  const [u] = await t.db.insert(users).values({ email: 'lee@late.haulboard.test', firstName: 'Lee', lastName: 'Park', phoneNumber: '5125550177' }).returning();
  lee = u.id;
  await t.db.insert(userCompanies).values({ userId: lee, companyId: demo, unitNumber: '7701', serviceFee: '0', serviceFeeType: 'percent' });
  await t.db.insert(userRoles).values({ userId: lee, companyId: demo, roleId: ROLE.Driver });
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url, as: EMAIL.admin });
const post = (url: string, payload: unknown) => t.call({ method: 'POST', url, payload: payload as any, as: EMAIL.admin });
const statement = async (n: number) => (await get(`/api/Settlement/Statement?weekId=${week(n).id}&driverId=${lee}`)).body;
const closeWeek = (n: number) => post('/api/Settlement/CloseWeek', { weekId: week(n).id, confirmed: [...CLOSE_CHECK_KINDS] });
async function preview(fileName: string, content: string) {
  const body = await multipartBody({ kind: 'fuel' }, [{ field: 'files', name: fileName, content }]);
  return t.call({ method: 'POST', url: '/api/Imports/Preview', payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
}
const confirm = (previewId: string) => post('/api/Imports/Confirm', { previewId });
const lastImportId = async () => (await get('/api/Imports?kind=fuel')).body[0].importId as number;
const undo = (importId: number) => t.call({ method: 'DELETE', url: `/api/Imports?id=${importId}`, as: EMAIL.admin });

describe('late fuel', () => {
  let frozen: any;
  let lateImport = 0;

  beforeAll(async () => {
    const first = await preview('week-12.csv', file(line('03-15', '7701', 800001, '20.00', '100.00')));
    expect((await confirm(first.body.previewId)).text).toBe(IMPORT_TEXT.imported(1, 'fuel'));
    expect((await closeWeek(12)).status).toBe(200);
    frozen = await statement(12);
    expect(frozen).toMatchObject({ totalFuel: '100.00' });
  });

  it('the preview marks a line dated in a closed week, with the week it is deducted in; the file stays importable', async () => {
    const res = await preview('late.csv', LATE_FILE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ newRows: 4, refused: 0, late: 2 });
    const late = res.body.rows.filter((r: any) => r.late);
    expect(late.map((r: any) => r.values.unit).sort()).toEqual(['7701', 'X99']);
    expect(late[0]).toMatchObject({ status: 'new', late: LATE_FUEL_TEXT.previewNotice(name(12), '13') });
    expect(res.body.rows.filter((r: any) => !r.late).every((r: any) => r.status === 'new')).toBe(true);
    expect(res.body.summary).toContain(LATE_FUEL_TEXT.previewSummary(2));
    // Before this change, the whole file was refused at Confirm for its closed week.
    const done = await confirm(res.body.previewId);
    expect(done.text).toBe(`${IMPORT_TEXT.imported(4, 'fuel')}${LATE_FUEL_TEXT.imported(2)}`);
    lateImport = await lastImportId();
  });

  it("leaves the closed week's frozen statement as it was", async () => {
    expect(await statement(12)).toEqual(frozen);
  });

  it("deducts it on the next open week's statement and dashboard as late fuel, in its totals and the year to date", async () => {
    const s13 = await statement(13);
    expect(s13.totalFuel).toBe('110.00');
    expect(s13.fuel).toEqual([
      expect.objectContaining({ fuelDate: '2033-03-16', amount: '50.00', lateFrom: LATE_FUEL_TEXT.lateFrom(12, 2033) }),
      expect.not.objectContaining({ lateFrom: expect.anything() }),
    ]);
    expect(s13.fuel[1]).toMatchObject({ fuelDate: '2033-03-22', amount: '60.00' });
    const dash = (await get(`/api/DriverDashboard/GetDriversGrossIncome?week=${week(13).id}&driverId=${lee}`)).body;
    expect(dash.totalFuel).toBe('110.00');
    expect(dash.driverFuelList[0].lateFrom).toBe(LATE_FUEL_TEXT.lateFrom(12, 2033));
    // Over dates, a late line counts in the period holding the week it is deducted in.
    const range = (from: string, to: string) => get(`/api/DriverDashboard/GetDriversGrossIncome?startDate=${from}&endDate=${to}&driverId=${lee}`);
    expect((await range(week(12).startDate, week(12).endDate)).body.totalFuel).toBe('100.00');
    expect((await range(week(13).startDate, week(13).endDate)).body.totalFuel).toBe('110.00');
    expect((await range(week(12).startDate, week(14).endDate)).body.totalFuel).toBe('280.00');
    // The year to date of week 14 counts every line once: week 12's 100.00 (its net, -100.00, carried
    // to week 13), week 13's 110.00 + 100.00 carried and week 14's 70.00.
    const s14 = await statement(14);
    expect(s14.totalFuel).toBe('70.00');
    expect(s14.ytd.deductions).toBe('380.00');
  });

  it("lists a late line without a driver on the checklist of the week it is deducted in, not its date's", async () => {
    const items = (await get(`/api/Settlement/CloseChecklist?weekId=${week(13).id}`)).body.items;
    expect(items.find((i: any) => i.kind === 'fuelWithoutDriver').lines).toEqual(['03/17/2033 unit X99: $5.00']);
  });

  it('marks the lines on the Fuel Import page: the closed week, and the week a late line is deducted in', async () => {
    const lines = (await post('/api/Accounting/GetFuel', { weekId: week(12).id })).body;
    const byDay = Object.fromEntries(lines.map((l: any) => [`${l.fuelDate} ${l.unitNumber}`, l]));
    expect(byDay['2033-03-15 7701']).toMatchObject({ closedWeek: '12 of 2033', lateWeek: null });
    expect(byDay['2033-03-16 7701']).toMatchObject({ closedWeek: '12 of 2033', lateWeek: '13' });
    const open = (await post('/api/Accounting/GetFuel', { weekId: week(13).id })).body;
    expect(open).toEqual([expect.objectContaining({ fuelDate: '2033-03-22', closedWeek: null, lateWeek: null })]);
  });

  it('the IFTA report still counts late fuel by its date', async () => {
    const report = async (n: number) => (await post('/api/Accounting/GetIftaReport', { year: 2033, quarter: 1, weekId: week(n).id })).body;
    // Week 12: 20 + 10 (late, 7701) + 1 (late, X99) gallons; week 13: its own 15 only.
    expect((await report(12)).totalGallons).toBe(31);
    expect((await report(13)).totalGallons).toBe(15);
  });

  it('undoes a late import while its settle week is open, and refuses once that week is closed', async () => {
    const res = await undo(lateImport);
    expect(res.text).toMatch(/^Import undone: 4 rows removed$/);
    expect((await statement(13)).totalFuel).toBe('0.00');
    const again = await preview('late-again.csv', file(line('03-16', '7701', 820001, '10.00', '50.00'), line('03-29', '7701', 820002, '14.00', '70.00')));
    expect((await confirm(again.body.previewId)).text).toBe(`${IMPORT_TEXT.imported(2, 'fuel')}${LATE_FUEL_TEXT.imported(1)}`);
    const importId = await lastImportId();
    expect((await closeWeek(13)).status).toBe(200);
    const refused = await undo(importId);
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(SETTLEMENT_TEXT.weekClosed(name(13)));
    expect((await statement(13)).fuel).toEqual([expect.objectContaining({ amount: '50.00', lateFrom: LATE_FUEL_TEXT.lateFrom(12, 2033) })]);
  });

  it('a line dated in a closed week with no open week after it refuses the file, saying to generate the work weeks', async () => {
    // The other company: one week of 2033, closed, and none after it.
    const as = EMAIL.secondAdmin;
    const [only] = await t.db
      .insert(workWeeks)
      .values({ companyId: t.ids.companies.second, year: 2033, number: 20, startDate: '2033-05-09', endDate: '2033-05-15' })
      .returning();
    const close = { weekId: only.id, confirmed: [...CLOSE_CHECK_KINDS] };
    expect((await t.call({ method: 'POST', url: '/api/Settlement/CloseWeek', payload: close, as })).status).toBe(200);
    const body = await multipartBody({ kind: 'fuel' }, [{ field: 'files', name: 'no-week.csv', content: file(line('05-10', '501', 830001, '5.00', '25.00')) }]);
    const res = await t.call({ method: 'POST', url: '/api/Imports/Preview', payload: body.payload, headers: { 'content-type': body.contentType }, as });
    const closedName = '20 of 2033 (05/09/2033 - 05/15/2033)';
    expect(res.body.rows[0].late).toBe(LATE_FUEL_TEXT.previewNoOpenWeek(closedName));
    const done = await t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId: res.body.previewId }, as });
    expect(done.status).toBe(409);
    expect(done.text).toBe(LATE_FUEL_TEXT.noOpenWeek(closedName));
    expect((await t.call({ method: 'POST', url: '/api/Accounting/GetFuel', payload: { weekId: only.id }, as })).body).toEqual([]);
  });
});
