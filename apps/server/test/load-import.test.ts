import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOARD_BROKER_ID, findUsState, LOAD_IMPORT_TEXT, ROLE } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/imports/fixtures');
/** The board's TRIPS export: double-space headers, one completed, one cancelled, one completed late on Saturday, one scheduled. */
const TRIPS = fs.readFileSync(path.join(fixtures, 'relay_trips_2025-07.csv'), 'utf8');

let t: TTestApp;
let weekId: number;
let earlierWeekId: number;
let secondWeekId: number;
let brokerId: number;
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const relayBrokers = async () =>
  Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from brokers where company_id = ${t.ids.companies.demo} and name = 'Amazon Relay'`))[0].n);
const weekHolding = async (companyId: number, day: string) =>
  Number(rowsOf(await t.db.execute(sql`select id from work_weeks where company_id = ${companyId} and start_date <= ${day} and end_date >= ${day}`))[0].id);
const CA = findUsState('CA')!.id;

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const demo = t.ids.companies.demo;
  weekId = await weekHolding(demo, '2025-07-16');
  earlierWeekId = await weekHolding(demo, '2025-07-09');
  secondWeekId = await weekHolding(t.ids.companies.second, '2025-07-16');
  [{ id: brokerId }] = rowsOf(await t.db.execute(sql`select id from brokers where company_id = ${demo} limit 1`));
  // T-115STUVWX is already on the board.
  await t.db.execute(sql`insert into loads (company_id, load_number, broker_id, load_start_date, load_end_date, week_id, origin_state_id, origin_city,
    destination_state_id, destination_city, trip_length, number_of_stops, price_per_mile, payout, load_status_id)
    values (${demo}, 'T-115STUVWX', ${brokerId}, '2025-07-20T15:00:00Z', '2025-07-20T21:00:00Z', ${weekId}, ${CA}, 'Long Beach', ${CA}, 'Tracy', 310, 2, 2.0968, 650, 1)`);
});
afterAll(() => t.close());

async function uploadTrips(week: number, content: string, as: string = EMAIL.admin, name = 'TRIPS.csv', fields: Record<string, string> = {}) {
  const body = await multipartBody({ WeekId: String(week), ...fields }, [{ field: 'File', name, content }]);
  return t.call({ method: 'POST', url: '/api/Accounting/UploadTrips', payload: body.payload, headers: { 'content-type': body.contentType }, as });
}
const search = (week: number | string, as: string = EMAIL.admin) => t.call({ method: 'GET', url: `/api/Accounting?id=${week}`, as });
const save = (loads: unknown[], as: string = EMAIL.admin, more: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: '/api/Accounting/SaveImportedLoads', payload: { loads, ...more } as any, as });
const boardCount = async (loadNumber: string) =>
  Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from loads where company_id = ${t.ids.companies.demo} and load_number = ${loadNumber}`))[0].n);

describe('load import from the board trips file', () => {
  it('says plainly that a trips file is needed before one is uploaded', async () => {
    const res = await search(weekId);
    expect(res.status).toBe(409);
    expect(res.text).toBe(LOAD_IMPORT_TEXT.noTrips);
  });

  it("refuses a driver, another company's week (404) and a file that is not the trips export", async () => {
    expect((await uploadTrips(weekId, TRIPS, EMAIL.driver)).status).toBe(403);
    expect((await uploadTrips(secondWeekId, TRIPS)).status).toBe(404);
    const payments = fs.readFileSync(path.join(fixtures, 'relay_payment_details_2025-07-19.csv'), 'utf8');
    const wrong = await uploadTrips(weekId, payments);
    expect(wrong.status).toBe(409);
    expect(wrong.text).toMatch(/^ERROR This looks like an export from Amazon Relay payments/);
  });

  it("maps the week's trips to loads: places from facility codes, miles, stops, exact payout, rate, times, driver by unit, the board as broker", async () => {
    const res = await uploadTrips(weekId, TRIPS);
    expect(res.status).toBe(200);
    const { newLoads, existingLoads, source } = res.body;
    expect(source).toBe('TRIPS.csv');
    // T-112ABCDEF starts Sunday 07/13 (last work week); T-113GHIJKL is cancelled.
    expect(newLoads.map((l: any) => l.loadNumber)).toEqual(['T-114MNOPQR']);
    expect(newLoads[0]).toMatchObject({
      loadId: 0,
      tripId: 'T-114MNOPQR',
      boardLoadIds: ['115LXQ9ZD'],
      brokerName: 'Amazon Relay',
      weekId,
      originCity: 'Tracy',
      originStateId: CA,
      originStateName: 'California',
      destinationCity: 'Long Beach',
      destinationStateId: CA,
      // 20:10 and 23:30 at UTC-07:00.
      loadStartDate: '2025-07-20T03:10:00.000Z',
      loadEndDate: '2025-07-20T06:30:00.000Z',
      tripLength: 320,
      numberOfStops: 2,
      payout: 700,
      // 700.00 / 320 = 2.1875 → 2.19
      pricePerMile: 2.19,
      loadStatusName: 'Delivered',
      boardStatus: 'Completed',
      // No driver is named John Smith; unit 101 is Sam Carter's.
      loadDrivers: [t.ids.users[EMAIL.driver]],
      loadDriverNames: 'Sam Carter',
    });
    expect(existingLoads.map((l: any) => [l.loadNumber, l.boardStatus, l.loadId > 0])).toEqual([['T-115STUVWX', 'Scheduled', true]]);
    // The trip of the week before is listed as skipped, with its day.
    expect(res.body.skipped.map((s: any) => [s.loadNumber, s.reason.slice(0, 17)])).toEqual([['T-112ABCDEF', 'dated 2025-07-13,']]);
    expect(newLoads[0]).toMatchObject({ brokerMatch: 'board', driverRead: 'John Smith', driverMatch: 'unit', needs: [] });
    // Searching the week again reads the file uploaded last. Reading writes no broker: the board is
    // BOARD_BROKER_ID until the loads are saved.
    const again = await search(weekId);
    expect(again.body.newLoads.map((l: any) => l.loadNumber)).toEqual(['T-114MNOPQR']);
    expect(again.body.newLoads[0].brokerId).toBe(BOARD_BROKER_ID);
    expect(newLoads[0].brokerId).toBe(BOARD_BROKER_ID);
    expect(await relayBrokers()).toBe(0);
    const earlier = await search(earlierWeekId);
    expect(earlier.body.newLoads.map((l: any) => [l.loadNumber, l.loadStartDate, l.payout])).toEqual([['T-112ABCDEF', '2025-07-13T15:45:00.000Z', 880.77]]);
  });

  it('saves the edited new loads in one transaction, payout required, and never duplicates a load number', async () => {
    const { newLoads } = (await search(weekId)).body;
    const form = (l: any, over: Record<string, unknown> = {}) => ({
      loadId: 0,
      loadNumber: l.loadNumber,
      brokerId: l.brokerId,
      brokerRead: l.brokerRead,
      driverRead: l.driverRead,
      loadStartDate: l.loadStartDate,
      loadEndDate: l.loadEndDate,
      weekId: l.weekId,
      originStateId: l.originStateId,
      originCity: l.originCity,
      destinationStateId: l.destinationStateId,
      destinationCity: l.destinationCity,
      tripLength: l.tripLength,
      numberOfStops: l.numberOfStops,
      pricePerMile: l.pricePerMile,
      payout: l.payout,
      loadStatusId: l.loadStatusId,
      loadDrivers: l.loadDrivers,
      isDispute: false,
      comments: null,
      ...over,
    });
    const noPayout = await save([form(newLoads[0], { payout: null })]);
    expect(noPayout.status).toBe(400);
    expect(JSON.stringify(noPayout.body)).toMatch(/Field is required/);
    expect((await save([form(newLoads[0])], EMAIL.driver)).status).toBe(403);
    expect((await save([form(newLoads[0], { weekId: secondWeekId })])).status).toBe(404);
    // One good load and one already on the board: nothing is saved.
    const mixed = await save([form(newLoads[0]), form(newLoads[0], { loadNumber: 'T-115STUVWX' })]);
    expect(mixed.status).toBe(409);
    expect(mixed.text).toBe('ERROR Load number T-115STUVWX already exists');
    expect(await boardCount('T-114MNOPQR')).toBe(0);

    const ok = await save([form(newLoads[0], { payout: 725.5, comments: 'Detention added' })]);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1 load imported successfully');
    const [saved] = rowsOf(await t.db.execute(sql`select payout, comments from loads where company_id = ${t.ids.companies.demo} and load_number = 'T-114MNOPQR'`));
    expect(saved).toMatchObject({ payout: '725.50', comments: 'Detention added' });
    // Saving created the board's broker, once, and the load is its.
    expect(await relayBrokers()).toBe(1);
    const [board] = rowsOf(await t.db.execute(sql`select l.broker_id as id from loads l join brokers b on b.id = l.broker_id where l.company_id = ${t.ids.companies.demo} and l.load_number = 'T-114MNOPQR' and b.name = 'Amazon Relay'`));
    expect(board?.id).toBeGreaterThan(0);
    expect((await search(weekId)).body.existingLoads[0].brokerId).toBeGreaterThan(0);
    expect((await save([form(newLoads[0])])).status).toBe(409);
    expect(await boardCount('T-114MNOPQR')).toBe(1);
    const after = (await search(weekId)).body;
    expect(after.newLoads).toEqual([]);
    expect(after.existingLoads.map((l: any) => l.loadNumber)).toEqual(['T-114MNOPQR', 'T-115STUVWX']);
  });
});

/**
 * A carrier's own loads sheet (moving from Excel), not the board's layout. Work week 07/14 to 07/20/2025:
 * XL-1001 and XL-1002 are new; T-115STUVWX is already on the board; XL-1003 is next week; row 6's
 * payout is not an amount.
 */
const SHEET = [
  'Load #,Pickup,Delivery,From,From ST,To,To ST,Miles,Rate,Driver',
  'XL-1001,07/15/2025 08:00,07/15/2025 17:30,Dallas,TX,Houston,Texas,239,"$1,250.00",Sam Carter',
  'XL-1002,07/16/2025 06:00,07/17/2025 14:00,Memphis,TN,Atlanta,GA,393.5,980.40,101',
  'XL-1003,07/22/2025,07/23/2025,Chicago,IL,Columbus,OH,355,900,',
  'T-115STUVWX,07/18/2025 09:00,07/18/2025 15:00,Long Beach,CA,Tracy,CA,310,650,',
  'XL-1004,07/19/2025,,Reno,Nevada,Sacramento,CA,132,abc,',
].join('\n');
const MAPPING = {
  loadNumber: 'Load #',
  startDate: 'Pickup',
  endDate: 'Delivery',
  originCity: 'From',
  originState: 'From ST',
  destinationCity: 'To',
  destinationState: 'To ST',
  miles: 'Miles',
  payout: 'Rate',
  driver: 'Driver',
};
const uploadSheet = (fields: Record<string, string> = {}, as: string = EMAIL.admin) => uploadTrips(weekId, SHEET, as, 'loads.csv', fields);

describe('load import from any loads spreadsheet, through the column mapping', () => {
  it('answers the headers and our fields when the columns are not recognised, and keeps nothing', async () => {
    const res = await uploadSheet();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ newLoads: [], existingLoads: [], source: 'loads.csv', problems: [] });
    expect(res.body.mappingStep.headers).toEqual(['Load #', 'Pickup', 'Delivery', 'From', 'From ST', 'To', 'To ST', 'Miles', 'Rate', 'Driver']);
    expect(res.body.mappingStep.sampleRows[0][0]).toBe('XL-1001');
    const fields = res.body.mappingStep.fields.map((f: any) => [f.key, f.label, f.required]);
    for (const f of [
      ['loadNumber', 'Load number', true],
      ['startDate', 'Start date (and time)', true],
      ['endDate', 'End date (and time)', true],
      ['originState', 'Origin state', true],
      ['miles', 'Miles', true],
      ['stops', 'Stops', false],
      ['payout', 'Payout', true],
      ['driver', 'Driver name or unit', false],
      ['broker', 'Broker', false],
    ])
      expect(fields).toContainEqual(f);
    // The week still comes from the trips file uploaded before.
    expect((await search(weekId)).body.source).toBe('TRIPS.csv');
  });

  it('refuses a mapping without a required field, an unknown field, a column the file lacks, and a driver', async () => {
    const { payout, ...noPayout } = MAPPING;
    const missing = await uploadSheet({ mapping: JSON.stringify(noPayout) });
    expect(missing.status).toBe(409);
    expect(missing.text).toBe('ERROR Choose a column for: Payout');
    expect((await uploadSheet({ mapping: JSON.stringify({ ...MAPPING, color: 'Driver' }) })).text).toBe('ERROR Unknown field: color');
    expect((await uploadSheet({ mapping: JSON.stringify({ ...MAPPING, payout: 'Pay' }) })).text).toBe('ERROR The file has no column named "Pay"');
    expect((await uploadSheet({ mapping: '{not json' })).status).toBe(400);
    expect((await uploadSheet({ mapping: JSON.stringify(MAPPING) }, EMAIL.driver)).status).toBe(403);
    expect((await uploadSheet({ presetId: '99999' })).status).toBe(404);
  });

  it("reads the sheet through the mapping into the same lists: the week's new loads, those already on the board, and the rows it could not read", async () => {
    const res = await uploadSheet({ mapping: JSON.stringify(MAPPING) });
    expect(res.status).toBe(200);
    const { newLoads, existingLoads, problems, mappingStep, source } = res.body;
    expect(mappingStep).toBeNull();
    expect(source).toBe('loads.csv');
    expect(problems).toEqual(['Row 6: the payout "abc" is not an amount']);
    expect(newLoads.map((l: any) => l.loadNumber)).toEqual(['XL-1001', 'XL-1002']);
    const TX = findUsState('TX')!.id;
    // XL-1003 is dated next week: listed as skipped with its reason, not dropped silently.
    const [w] = rowsOf(await t.db.execute(sql`select number, start_date::text as s, end_date::text as e from work_weeks where company_id = ${t.ids.companies.demo} and id = ${weekId}`));
    expect(res.body.skipped).toEqual([{ loadNumber: 'XL-1003', reason: `dated 2025-07-22, outside week ${w.number} (${w.s} – ${w.e})` }]);
    expect(newLoads[0]).toMatchObject({
      loadId: 0,
      tripId: '',
      boardLoadIds: [],
      // The sheet names no broker: none is made up, the row needs one chosen.
      brokerId: 0,
      brokerName: '',
      brokerRead: '',
      brokerMatch: 'none',
      driverRead: 'Sam Carter',
      driverMatch: 'exact',
      needs: ['broker'],
      weekId,
      loadStartDate: '2025-07-15T08:00:00.000Z',
      loadEndDate: '2025-07-15T17:30:00.000Z',
      originCity: 'Dallas',
      originStateId: TX,
      destinationCity: 'Houston',
      destinationStateId: TX,
      destinationStateName: 'Texas',
      tripLength: 239,
      numberOfStops: 2,
      payout: 1250,
      // 1,250.00 / 239 = 5.2301 → 5.23
      pricePerMile: 5.23,
      loadStatusName: 'Delivered',
      loadDrivers: [t.ids.users[EMAIL.driver]],
      loadDriverNames: 'Sam Carter',
      note: 'The file names no broker: choose one',
    });
    // Driver by unit 101; 980.40 / 393.5 = 2.4915 → 2.49.
    expect(newLoads[1]).toMatchObject({
      originCity: 'Memphis',
      originStateName: 'Tennessee',
      destinationStateName: 'Georgia',
      tripLength: 393.5,
      payout: 980.4,
      pricePerMile: 2.49,
      loadDriverNames: 'Sam Carter',
      driverMatch: 'unit',
    });
    expect(existingLoads.map((l: any) => [l.loadNumber, l.loadId > 0, l.note])).toEqual([['T-115STUVWX', true, null]]);
    // Searching the week from the file reads the sheet uploaded last, through the same mapping.
    const again = (await search(weekId)).body;
    expect(again.source).toBe('loads.csv');
    expect(again.newLoads.map((l: any) => l.loadNumber)).toEqual(['XL-1001', 'XL-1002']);
  });

  it('a saved preset recognises the sheet next time; its loads are saved like the board trips', async () => {
    const preset = await t.call({ method: 'POST', url: '/api/Imports/Presets', payload: { kind: 'loads', name: 'Our Excel', headers: SHEET.split('\n')[0].split(','), mapping: MAPPING }, as: EMAIL.admin });
    expect(preset.text).toBe('Preset saved successfully');
    expect((await t.call({ method: 'GET', url: '/api/Imports/Presets?kind=loads', as: EMAIL.driver })).status).toBe(403);
    const res = await uploadSheet();
    expect(res.body.mappingStep).toBeNull();
    const { newLoads } = res.body;
    expect(newLoads.map((l: any) => l.loadNumber)).toEqual(['XL-1001', 'XL-1002']);
    // The same sheet saved from Excel: real date cells and numbers, recognised by the same preset.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Loads');
    ws.addRow(SHEET.split('\n')[0].split(','));
    ws.addRow(['XL-1001', new Date('2025-07-15T08:00:00Z'), new Date('2025-07-15T17:30:00Z'), 'Dallas', 'TX', 'Houston', 'Texas', 239, 1250, 'Sam Carter']);
    ws.addRow(['XL-1002', new Date('2025-07-16T06:00:00Z'), new Date('2025-07-17T14:00:00Z'), 'Memphis', 'TN', 'Atlanta', 'GA', 393.5, 980.4, 101]);
    const xlsx = await multipartBody({ WeekId: String(weekId) }, [
      { field: 'File', name: 'loads.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    ]);
    const fromExcel = await t.call({ method: 'POST', url: '/api/Accounting/UploadTrips', payload: xlsx.payload, headers: { 'content-type': xlsx.contentType }, as: EMAIL.admin });
    expect(fromExcel.body.source).toBe('loads.xlsx');
    expect(fromExcel.body.newLoads.map((l: any) => [l.loadNumber, l.loadStartDate, l.loadEndDate, l.tripLength, l.payout, l.loadDriverNames])).toEqual(
      newLoads.map((l: any) => [l.loadNumber, l.loadStartDate, l.loadEndDate, l.tripLength, l.payout, l.loadDriverNames]),
    );
    // The pipeline's own preview does not take a loads sheet: its loads are checked on this page.
    const generic = await multipartBody({ kind: 'loads' }, [{ field: 'files', name: 'loads.csv', content: SHEET }]);
    const refused = await t.call({ method: 'POST', url: '/api/Imports/Preview', payload: generic.payload, headers: { 'content-type': generic.contentType }, as: EMAIL.admin });
    expect(refused.status).toBe(409);

    const body = newLoads.map((l: any) => ({
      loadId: 0,
      loadNumber: l.loadNumber,
      brokerId: l.brokerId,
      brokerRead: l.brokerRead,
      driverRead: l.driverRead,
      loadStartDate: l.loadStartDate,
      loadEndDate: l.loadEndDate,
      weekId: l.weekId,
      originStateId: l.originStateId,
      originCity: l.originCity,
      destinationStateId: l.destinationStateId,
      destinationCity: l.destinationCity,
      tripLength: l.tripLength,
      numberOfStops: l.numberOfStops,
      pricePerMile: l.pricePerMile,
      payout: l.payout,
      loadStatusId: l.loadStatusId,
      loadDrivers: l.loadDrivers,
      isDispute: false,
      comments: null,
    }));
    // Without a broker chosen for the rows that name none, nothing is saved.
    const unresolved = await save(body);
    expect(unresolved.status).toBe(409);
    expect(unresolved.text).toBe('ERROR Choose a broker or driver first: XL-1001 needs a broker (the file names none); XL-1002 needs a broker (the file names none)');
    expect(await boardCount('XL-1001')).toBe(0);
    const ok = await save(body, EMAIL.admin, { brokers: [{ name: '', brokerId }] });
    expect(ok.text).toBe('2 loads imported successfully');
    const [saved] = rowsOf(await t.db.execute(sql`select payout, trip_length, origin_city, broker_id from loads where company_id = ${t.ids.companies.demo} and load_number = 'XL-1001'`));
    expect(saved).toMatchObject({ payout: '1250.00', origin_city: 'Dallas', broker_id: brokerId });
    const after = (await search(weekId)).body;
    expect(after.newLoads).toEqual([]);
    // The file uploaded last is the Excel one (without T-115STUVWX).
    expect(after.source).toBe('loads.xlsx');
    expect(after.existingLoads.map((l: any) => l.loadNumber)).toEqual(['XL-1001', 'XL-1002']);
  });
});

describe('the driver of an imported load', () => {
  it('is matched by name first (any case and spacing, a team by both names), by unit only when no name matches, and named in a note when nobody matches', async () => {
    const [header, , , template] = TRIPS.trim().split('\n');
    const trip = (tripId: string, loadId: string, driverName: string, unit: string) =>
      template
        .replace('T-114MNOPQR', tripId)
        .replace('115LXQ9ZD', loadId)
        .replace('John Smith', driverName)
        .replace(',AZNG,101,', `,AZNG,${unit},`)
        .replaceAll('07/19/2025', '07/22/2025');
    const file = [
      header,
      // Unit 101 is Sam Carter's: the name still decides.
      trip('T-201NAMEONE', '201LOAD01', 'maria  LOPEZ', '101'),
      trip('T-202NAMETWO', '202LOAD01', '"James Whitfield, Kevin Nguyen"', ''),
      // A driver of another company is nobody here.
      trip('T-203NONAME', '203LOAD01', 'Olivia Grant', ''),
      '',
    ].join('\n');
    const week = await weekHolding(t.ids.companies.demo, '2025-07-22');
    const res = await uploadTrips(week, file);
    expect(res.status).toBe(200);
    const idOf = async (email: string) => Number(rowsOf(await t.db.execute(sql`select id from users where email = ${email}`))[0].id);
    const byNumber = new Map(res.body.newLoads.map((l: any) => [l.loadNumber, l]));
    expect(byNumber.get('T-201NAMEONE')).toMatchObject({ loadDrivers: [await idOf('driver2@demo.haulboard.test')], loadDriverNames: 'Maria Lopez', note: null });
    const team = byNumber.get('T-202NAMETWO') as any;
    expect([...team.loadDrivers].sort()).toEqual([await idOf('driver3@demo.haulboard.test'), await idOf('driver4@demo.haulboard.test')].sort());
    expect(team.loadDriverNames.split(', ').sort()).toEqual(['James Whitfield', 'Kevin Nguyen']);
    expect(byNumber.get('T-203NONAME')).toMatchObject({ loadDrivers: [], loadDriverNames: '', note: 'No driver named Olivia Grant: choose one' });
  });
});

/**
 * "Imports that say everything they did": a sheet naming brokers and drivers. Work week 07/28 to
 * 08/03/2025. Blue Ridge is found by its exact name, its name in other spelling and its MC number;
 * Acme Freight is no broker of Demo Freight (only of Second Haul) and Bob Unknown no driver: those
 * rows need a choice and are never given another broker or driver. XL-2006 is dated the week
 * before; row 8's payout is not an amount.
 */
const NAMED = [
  'Load #,Pickup,Delivery,From,From ST,To,To ST,Miles,Rate,Driver,Broker',
  'XL-2001,07/29/2025 08:00,07/29/2025 17:00,Dallas,TX,Houston,TX,239,1000.10,Sam Carter,Blue Ridge Logistics LLC',
  'XL-2002,07/29/2025 09:00,07/30/2025 10:00,Memphis,TN,Atlanta,GA,393,980.40,maria  lopez,blue ridge logistics',
  'XL-2003,07/30/2025 07:00,07/30/2025 19:00,Reno,NV,Sacramento,CA,132,500,,MC# 0123456',
  'XL-2004,07/31/2025 06:00,07/31/2025 18:00,Chicago,IL,Columbus,OH,355,"1,234.56",Bob Unknown,Acme Freight',
  'XL-2005,08/01/2025 06:00,08/01/2025 12:00,Tracy,CA,Fresno,CA,150,400.05,Sam Carter,acme  freight',
  'XL-2006,07/20/2025 06:00,07/20/2025 12:00,Tracy,CA,Fresno,CA,150,400,Sam Carter,Blue Ridge Logistics LLC',
  'XL-2007,08/02/2025 06:00,08/02/2025 12:00,Tracy,CA,Fresno,CA,150,abc,Sam Carter,Blue Ridge Logistics LLC',
].join('\n');

describe('load import of a sheet that names brokers and drivers', () => {
  let week: number;
  let blueRidge: number;
  let foreignBroker: number;
  let foreignDriver: number;
  let preview: any;
  const formOf = (l: any) => ({
    loadId: 0,
    loadNumber: l.loadNumber,
    brokerId: l.brokerId,
    brokerRead: l.brokerRead,
    driverRead: l.driverRead,
    loadStartDate: l.loadStartDate,
    loadEndDate: l.loadEndDate,
    weekId: l.weekId,
    originStateId: l.originStateId,
    originCity: l.originCity,
    destinationStateId: l.destinationStateId,
    destinationCity: l.destinationCity,
    tripLength: l.tripLength,
    numberOfStops: l.numberOfStops,
    pricePerMile: l.pricePerMile,
    payout: l.payout,
    loadStatusId: l.loadStatusId,
    loadDrivers: l.loadDrivers,
    isDispute: false,
    comments: null,
  });
  const ACME = { brokerName: 'Acme Freight', brokerAddress: '1 Dock St', brokerCity: 'Chicago', brokerStateId: findUsState('IL')!.id, brokerZipCode: '60601', phoneNumber: '3125550100', email: 'ops@acme.test', mcNumber: '765432' };
  const relayBrokers = async () => Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from brokers where company_id = ${t.ids.companies.demo} and name = 'Amazon Relay'`))[0].n);

  beforeAll(async () => {
    const demo = t.ids.companies.demo;
    const second = t.ids.companies.second;
    week = await weekHolding(demo, '2025-07-29');
    const TX = findUsState('TX')!.id;
    [{ id: blueRidge }] = rowsOf(
      await t.db.execute(sql`insert into brokers (company_id, name, address, city, state_id, zip_code, phone_number, email, mc_number)
        values (${demo}, 'Blue Ridge Logistics LLC', '9 Elm St', 'Dallas', ${TX}, '75201', '2145550100', 'loads@blueridge.test', 'MC-123456') returning id`),
    );
    [{ id: foreignBroker }] = rowsOf(
      await t.db.execute(sql`insert into brokers (company_id, name, address, city, state_id, zip_code, phone_number, email, mc_number)
        values (${second}, 'Acme Freight', '1 Dock St', 'Chicago', ${TX}, '60601', '3125550100', 'ops@acme.test', '765432') returning id`),
    );
    [{ id: foreignDriver }] = rowsOf(
      await t.db.execute(sql`select r.user_id as id from user_roles r where r.company_id = ${second} and r.role_id = ${ROLE.Driver}
        and not exists (select 1 from user_companies m where m.user_id = r.user_id and m.company_id = ${demo}) limit 1`),
    );
  });

  it('answers per row the broker and driver as read, how they matched, and what the row needs; skipped and refused rows with their reasons', async () => {
    const res = await uploadTrips(week, NAMED, EMAIL.admin, 'named.csv', { mapping: JSON.stringify({ ...MAPPING, broker: 'Broker' }) });
    expect(res.status).toBe(200);
    preview = res.body;
    const rows = preview.newLoads.map((l: any) => [l.loadNumber, l.brokerRead, l.brokerMatch, l.brokerId === blueRidge ? 'Blue Ridge' : l.brokerId, l.driverRead, l.driverMatch, l.needs]);
    expect(rows).toEqual([
      ['XL-2001', 'Blue Ridge Logistics LLC', 'exact', 'Blue Ridge', 'Sam Carter', 'exact', []],
      ['XL-2002', 'blue ridge logistics', 'name', 'Blue Ridge', 'maria  lopez', 'name', []],
      ['XL-2003', 'MC# 0123456', 'mc', 'Blue Ridge', '', 'absent', []],
      // Second Haul's Acme Freight is nobody here; nothing stands in for the unknown broker or driver.
      ['XL-2004', 'Acme Freight', 'none', 0, 'Bob Unknown', 'none', ['broker', 'driver']],
      ['XL-2005', 'acme  freight', 'none', 0, 'Sam Carter', 'exact', ['broker']],
    ]);
    expect(preview.newLoads[3]).toMatchObject({ brokerName: '', loadDrivers: [], loadDriverNames: '' });
    expect(preview.newLoads.some((l: any) => l.brokerName === 'Amazon Relay')).toBe(false);
    const [w] = rowsOf(await t.db.execute(sql`select number, start_date::text as s, end_date::text as e from work_weeks where company_id = ${t.ids.companies.demo} and id = ${week}`));
    expect(preview.skipped).toEqual([{ loadNumber: 'XL-2006', reason: `dated 2025-07-20, outside week ${w.number} (${w.s} – ${w.e})` }]);
    expect(preview.problems).toEqual(['Row 8: the payout "abc" is not an amount']);
  });

  it('refuses a save with rows still needing a broker or driver, naming them; foreign choices are 404; a broker to create needs its fields', async () => {
    const loads = preview.newLoads.map(formOf);
    const none = await save(loads);
    expect(none.status).toBe(409);
    expect(none.text).toBe(
      'ERROR Choose a broker or driver first: XL-2004 needs a broker ("Acme Freight" is not one of yours); XL-2004 needs a driver ("Bob Unknown" is not one of yours); XL-2005 needs a broker ("acme  freight" is not one of yours)',
    );
    const brokerOnly = await save(loads, EMAIL.admin, { brokers: [{ name: 'Acme Freight', brokerId: blueRidge }] });
    expect(brokerOnly.text).toBe('ERROR Choose a broker or driver first: XL-2004 needs a driver ("Bob Unknown" is not one of yours)');
    const foreign = await save(loads, EMAIL.admin, { brokers: [{ name: 'Acme Freight', brokerId: foreignBroker }], drivers: [{ name: 'Bob Unknown', driverId: null }] });
    expect(foreign.status).toBe(404);
    const foreignDriverChoice = await save(loads, EMAIL.admin, { brokers: [{ name: 'Acme Freight', brokerId: blueRidge }], drivers: [{ name: 'Bob Unknown', driverId: foreignDriver }] });
    expect(foreignDriverChoice.status).toBe(404);
    const halfBroker = await save(loads, EMAIL.admin, { brokers: [{ name: 'Acme Freight', create: { brokerName: 'Acme Freight' } }], drivers: [{ name: 'Bob Unknown', driverId: null }] });
    expect(halfBroker.status).toBe(400);
    expect(JSON.stringify(halfBroker.body)).toMatch(/Address is required/);
    expect((await save(loads, EMAIL.driver)).status).toBe(403);
    for (const n of ['XL-2001', 'XL-2004']) expect(await boardCount(n)).toBe(0);
    expect(rowsOf(await t.db.execute(sql`select id from brokers where company_id = ${t.ids.companies.demo} and name = 'Acme Freight'`))).toEqual([]);
  });

  it('saves with the choices: a broker created once for its name, no driver when chosen so, and says what it imported, created, skipped and refused', async () => {
    const relay = await relayBrokers();
    const ok = await save(preview.newLoads.map(formOf), EMAIL.admin, {
      brokers: [
        { name: 'Acme Freight', create: ACME },
        { name: 'acme freight', create: ACME },
      ],
      drivers: [{ name: 'Bob Unknown', driverId: null }],
      skipped: preview.skipped.map((s: any) => `${s.loadNumber} ${s.reason}`),
      refused: preview.problems,
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('INFO 5 loads imported, broker Acme Freight created, 1 skipped (outside the week), 1 refused (Row 8: the payout "abc" is not an amount)');
    const saved = rowsOf(
      await t.db.execute(sql`select l.load_number, l.payout, b.name as broker, b.mc_number, (select count(*)::int from load_drivers d where d.load_id = l.id) as drivers
        from loads l join brokers b on b.id = l.broker_id and b.company_id = l.company_id
        where l.company_id = ${t.ids.companies.demo} and l.load_number like 'XL-20%' order by l.load_number`),
    );
    expect(saved.map((r: any) => [r.load_number, r.payout, r.broker, r.drivers])).toEqual([
      ['XL-2001', '1000.10', 'Blue Ridge Logistics LLC', 1],
      ['XL-2002', '980.40', 'Blue Ridge Logistics LLC', 1],
      ['XL-2003', '500.00', 'Blue Ridge Logistics LLC', 0],
      ['XL-2004', '1234.56', 'Acme Freight', 0],
      ['XL-2005', '400.05', 'Acme Freight', 1],
    ]);
    // Both spellings of Acme Freight name one new broker of Demo Freight; no board broker stood in.
    expect(rowsOf(await t.db.execute(sql`select mc_number from brokers where company_id = ${t.ids.companies.demo} and name = 'Acme Freight'`))).toEqual([{ mc_number: '765432' }]);
    expect(await relayBrokers()).toBe(relay);
  });
});
