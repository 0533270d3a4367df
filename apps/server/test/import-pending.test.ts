import { IMPORT_TEXT } from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelTransactions, iftaMiles, imports, userCompanies, workWeeks } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { purgeImportFiles } from '../src/modules/imports';
import { longEfs } from './fuel-files';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

// An import writes its lines straight into their table under an import marked 'pending', and shows
// them all at once when it is done (docs/decisions/016). Here a pending import's lines are put in by
// hand, so that every reader can be asked about them at leisure: none may show them, and all do once
// the import is done. Then the same company's next import of the kind waits for a live one and
// removes a dead one first; the hourly purge removes a dead one and its lines.
let t: TTestApp;
let demo = 0;
let driverId = 0;
let week1 = 0;
let week2 = 0;

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  demo = t.ids.companies.demo;
  driverId = t.ids.users[EMAIL.driver];
  const weeks = await t.db
    .insert(workWeeks)
    .values([
      { companyId: demo, year: 2031, number: 1, startDate: '2031-01-06', endDate: '2031-01-12' },
      { companyId: demo, year: 2031, number: 2, startDate: '2031-01-13', endDate: '2031-01-19' },
    ])
    .returning();
  [week1, week2] = weeks.map((w) => w.id);
  await t.db.update(userCompanies).set({ unitNumber: '101' }).where(and(eq(userCompanies.userId, driverId), eq(userCompanies.companyId, demo)));
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url, as: EMAIL.admin });
const post = (url: string, payload: unknown) => t.call({ method: 'POST', url, payload: payload as any, as: EMAIL.admin });
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const Q1 = { year: 2031, quarter: 1, weekId: 0 };

/** An import row of the demo company in the given state; `touched` minutes ago (live when recent). */
async function openImport(kind: 'fuel' | 'miles', status: 'pending' | 'done', touchedMinutesAgo = 0) {
  const [row] = await t.db
    .insert(imports)
    .values({
      companyId: demo,
      kind,
      fileName: `${kind}-by-hand.csv`,
      layout: 'EFS (WEX)',
      rowsRead: 0,
      rowsAdded: 0,
      rowsDuplicate: 0,
      rowsFlagged: 0,
      rowsRefused: 0,
      status,
      touchedOn: status === 'done' ? null : sql`now() - ${`${touchedMinutesAgo} minutes`}::interval`,
      createdOn: status === 'done' ? undefined : sql`now() - ${`${touchedMinutesAgo} minutes`}::interval`,
    } as any)
    .returning({ id: imports.id });
  return row.id;
}

const fuelLine = (importId: number, day: string, unit: string, amount: string, key: string) => ({
  companyId: demo,
  importId,
  vendor: 'EFS',
  cardLast4: '0001',
  fuelDate: day,
  fuelTime: '06:42',
  unitNumber: unit,
  stateCode: 'TX',
  product: 'diesel',
  productCode: 'ULSD',
  isIfta: true,
  quantity: '100.000',
  amount,
  naturalKey: key,
});

async function upload(url: string, fields: Record<string, string>, name: string, content: string) {
  const body = await multipartBody(fields, [{ field: 'files', name, content }]);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
}

/** What every reader of fuel lines and miles shows of 2031 Q1 and its first two weeks. */
async function whatReadersShow() {
  const fuel = await post('/api/Accounting/GetFuel', Q1);
  const miles = await post('/api/Accounting/GetIftaMiles', Q1);
  const report = await post('/api/Accounting/GetIftaReport', Q1);
  const statement = await get(`/api/Settlement/Statement?weekId=${week1}&driverId=${driverId}`);
  const later = await get(`/api/Settlement/Statement?weekId=${week2}&driverId=${driverId}`);
  const dashboard = await get(`/api/DriverDashboard/GetDriversGrossIncome?week=${week1}&driverId=${driverId}`);
  const checklist = await get(`/api/Settlement/CloseChecklist?weekId=${week1}`);
  const history = await get('/api/Imports?kind=fuel');
  for (const res of [fuel, miles, report, statement, later, dashboard, checklist, history]) expect(res.status).toBe(200);
  return {
    fuelList: fuel.body.length,
    milesList: miles.body.length,
    reportGallons: report.body.totalGallons,
    reportMiles: report.body.totalMiles,
    statementFuel: statement.body.totalFuel,
    yearToDateDeductions: later.body.ytd.deductions,
    dashboardFuel: dashboard.body.totalFuel,
    unitlessFuel: checklist.body.items.filter((i: any) => i.kind === 'fuelWithoutDriver').length,
    history: history.body.filter((h: any) => h.fileName === 'fuel-by-hand.csv').length,
  };
}

describe("a pending import's lines", () => {
  it('show in no reader (fuel list, IFTA report and miles, statement, year to date, dashboard, checklist, history) until it is done', async () => {
    const nothing = await whatReadersShow();
    const fuelImport = await openImport('fuel', 'pending');
    const milesImport = await openImport('miles', 'pending');
    await t.db
      .insert(fuelTransactions)
      .values([fuelLine(fuelImport, '2031-01-07', '101', '380.40', 'pending|1'), fuelLine(fuelImport, '2031-01-08', '999', '120.00', 'pending|2')]);
    await t.db.insert(iftaMiles).values({ companyId: demo, importId: milesImport, year: 2031, quarter: 1, unitNumber: '101', stateCode: 'TX', totalMiles: '1500', taxableMiles: '1500', source: 'ELD', naturalKey: 'miles|101|TX|2031Q1|ELD' });

    expect(await whatReadersShow()).toEqual(nothing);
    // Nor may it be undone: it is not an import yet.
    expect((await t.call({ method: 'DELETE', url: `/api/Imports?id=${fuelImport}`, as: EMAIL.admin })).status).toBe(404);

    await t.db.update(imports).set({ status: 'done', touchedOn: null }).where(and(eq(imports.companyId, demo), eq(imports.id, fuelImport)));
    await t.db.update(imports).set({ status: 'done', touchedOn: null }).where(and(eq(imports.companyId, demo), eq(imports.id, milesImport)));
    const shown = await whatReadersShow();
    expect(shown).toEqual({
      ...nothing,
      fuelList: nothing.fuelList + 2,
      milesList: nothing.milesList + 1,
      reportGallons: nothing.reportGallons + 200,
      reportMiles: nothing.reportMiles + 1500,
      statementFuel: '380.40',
      yearToDateDeductions: (Number(nothing.yearToDateDeductions) + 380.4).toFixed(2),
      dashboardFuel: '380.40',
      unitlessFuel: 1,
      history: 1,
    });
    await t.db.delete(imports).where(and(eq(imports.companyId, demo), eq(imports.id, fuelImport)));
    await t.db.delete(imports).where(and(eq(imports.companyId, demo), eq(imports.id, milesImport)));
  });

  it('are not stored lines: a preview of the same lines counts them as new', async () => {
    const pending = await openImport('fuel', 'pending');
    const file = longEfs(3, { invoice: 5_100_000 });
    const first = await upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-three.csv', file);
    expect(first.body).toMatchObject({ newRows: 3, duplicates: 0 });
    // The same lines written under the pending import: still new to a preview.
    await t.db.execute(sql`update imports set status = 'done' where company_id = ${demo} and id = ${pending}`);
    expect((await upload('/api/Accounting/ImportFuel/', {}, 'efs-three.csv', file)).text).toBe(IMPORT_TEXT.imported(3, 'fuel'));
    await t.db.execute(sql`update imports set status = 'pending' where company_id = ${demo} and id = ${pending}`);
    await t.db.execute(sql`update fuel_transactions set import_id = ${pending} where company_id = ${demo} and import_id = (select max(id) from imports where company_id = ${demo} and status = 'done' and kind = 'fuel')`);
    expect((await upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-three.csv', file)).body).toMatchObject({ newRows: 3, duplicates: 0 });
    await t.db.execute(sql`update imports set status = 'done' where company_id = ${demo} and id = ${pending}`);
    expect((await upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-three.csv', file)).body).toMatchObject({ newRows: 0, duplicates: 3 });
  });
});

describe('one open import per company and kind', () => {
  it('a second import waits for a live one, then imports its file', async () => {
    const live = await openImport('fuel', 'pending');
    let answered = false;
    const second = upload('/api/Accounting/ImportFuel/', {}, 'efs-waits.csv', longEfs(20, { invoice: 5_200_000 })).finally(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(answered).toBe(false);
    await t.db.update(imports).set({ status: 'done', touchedOn: null }).where(and(eq(imports.companyId, demo), eq(imports.id, live)));
    expect((await second).text).toBe(IMPORT_TEXT.imported(20, 'fuel'));
  });

  it("removes a dead one's lines first, so lines it shared with the file are imported, not skipped as stored", async () => {
    // A run that died ten minutes ago with the file's first two lines written.
    expect((await upload('/api/Accounting/ImportFuel/', {}, 'efs-two.csv', longEfs(2, { invoice: 5_300_000 }))).text).toBe(IMPORT_TEXT.imported(2, 'fuel'));
    const [dead] = rowsOf(await t.db.execute(sql`select max(id) as id from imports where company_id = ${demo} and kind = 'fuel'`));
    await t.db.execute(sql`update imports set status = 'pending', touched_on = now() - interval '10 minutes', created_on = now() - interval '10 minutes' where company_id = ${demo} and id = ${dead.id}`);
    const file = longEfs(5, { invoice: 5_300_000 });
    expect((await upload('/api/Imports/Preview', { kind: 'fuel' }, 'efs-after-dead.csv', file)).body).toMatchObject({ newRows: 5, duplicates: 0 });

    expect((await upload('/api/Accounting/ImportFuel/', {}, 'efs-after-dead.csv', file)).text).toBe(IMPORT_TEXT.imported(5, 'fuel'));
    expect(rowsOf(await t.db.execute(sql`select id from imports where company_id = ${demo} and id = ${dead.id}`))).toEqual([]);
    const [n] = rowsOf(await t.db.execute(sql`select count(*)::int as n from fuel_transactions where company_id = ${demo} and invoice = '5300000'`));
    expect(n.n).toBe(1);
  });
});

describe('the hourly purge', () => {
  it("removes a dead run's pending import and its lines, and keeps a live or recent one", async () => {
    const deadId = await openImport('miles', 'pending', 90);
    await t.db.insert(iftaMiles).values({ companyId: demo, importId: deadId, year: 2031, quarter: 2, unitNumber: '101', stateCode: 'OK', totalMiles: '10', taxableMiles: '10', source: 'ELD', naturalKey: 'miles|101|OK|2031Q2|ELD' });
    // Started 90 minutes ago, still writing: alive.
    const [alive] = await t.db
      .insert(imports)
      .values({ companyId: demo, kind: 'fuel', fileName: 'alive.csv', layout: '', rowsRead: 0, rowsAdded: 0, rowsDuplicate: 0, rowsFlagged: 0, rowsRefused: 0, status: 'pending', touchedOn: sql`now()`, createdOn: sql`now() - interval '90 minutes'` } as any)
      .returning({ id: imports.id });
    await purgeImportFiles(t.db, new Date());
    const left = rowsOf(await t.db.execute(sql`select id from imports where company_id = ${demo} and status <> 'done' order by id`)).map((r) => r.id);
    expect(left).toEqual([alive.id]);
    const [lines] = rowsOf(await t.db.execute(sql`select count(*)::int as n from ifta_miles where company_id = ${demo} and import_id = ${deadId}`));
    expect(lines.n).toBe(0);
    await t.db.delete(imports).where(and(eq(imports.companyId, demo), eq(imports.id, alive.id)));
  });
});
