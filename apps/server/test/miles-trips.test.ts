import { IMPORT_TEXT, MILES_EDIT_TEXT } from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelTransactions, workWeeks } from '../src/db/schema';
import { REPORT_TEXT } from '../src/modules/fuel/report';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/** Miles at the grain the file gives them (issue 18): trips kept with their dates, repeats found, corrections offered, periods never mixed. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;
const MOTIVE = 'id,date,jurisdiction,vehicle_number,start_odometer,end_odometer,calibrated_start_odometer,calibrated_end_odometer,distance';
const PER_TRIP = 'Date,Unit,Jurisdiction,Start Odometer,End Odometer,Miles';

async function upload(url: string, fields: Record<string, string>, name: string, content: string, as: string = EMAIL.admin) {
  const body = await multipartBody(fields, [{ field: 'files', name, content }]);
  return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as });
}
const preview = (name: string, content: string, extra: Record<string, string> = {}) => upload('/api/Imports/Preview', { kind: 'miles', ...extra }, name, content);
const confirm = (previewId: string, replace?: boolean) =>
  t.call({ method: 'POST', url: '/api/Imports/Confirm', payload: replace === undefined ? { previewId } : { previewId, replace }, as: EMAIL.admin });
const importQ = (name: string, content: string, year = 2025, quarter = 3) =>
  upload('/api/Accounting/ImportIftaMiles/', { Year: String(year), Quarter: String(quarter) }, name, content);
const report = async (filter: Record<string, unknown>) =>
  (await t.call({ method: 'POST', url: '/api/Accounting/GetIftaReport', payload: { weekId: 0, ...filter }, as: EMAIL.admin })).body;
/** 'unit state miles' of a report, sorted. */
const milesOf = (r: any) => (r.unitReports as any[]).filter((u) => u.miles > 0).map((u) => `${u.unitNumber} ${u.stateCode} ${u.miles}`);
const history = async () => (await t.call({ method: 'GET', url: '/api/Imports?kind=miles', as: EMAIL.admin })).body as any[];
const undo = (id: number) => t.call({ method: 'DELETE', url: `/api/Imports?id=${id}`, as: EMAIL.admin });
/** Undoes every miles import not undone yet, newest first: each test starts with no miles. */
async function undoAll() {
  for (const h of await history()) if (!h.undoneOn) expect((await undo(h.importId)).status).toBe(200);
  const left = await t.db.execute(sql`select count(*)::int as n from ifta_miles where company_id = ${t.ids.companies.demo}`);
  expect(Number(((left as any).rows ?? left)[0].n)).toBe(0);
}

describe('trip files keep each trip with its date', () => {
  it('two monthly files of one quarter add up, in any state the first month already had', async () => {
    const july = lines(MOTIVE, '9001,2025-07-14,TX,101,1000,1100,,,100', '9002,2025-07-15,OK,101,1100,1150,,,50');
    const august = lines(MOTIVE, '9101,2025-08-04,TX,101,2000,2200,,,200', '9102,2025-08-05,OK,101,2200,2230,,,30');
    expect((await importQ('motive-july.csv', july)).text).toBe(IMPORT_TEXT.imported(2, 'miles'));
    expect((await importQ('motive-august.csv', august)).text).toBe(IMPORT_TEXT.imported(2, 'miles'));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 OK 80', '101 TX 300']);
    // The miles list shows the quarter per unit and state, with how many trips it sums.
    const list = await t.call({ method: 'POST', url: '/api/Accounting/GetIftaMiles', payload: { year: 2025, quarter: 3, weekId: 0 }, as: EMAIL.admin });
    expect(list.body.map((m: any) => `${m.unitNumber} ${m.stateCode} ${m.miles} ${m.trips}`)).toEqual(['101 OK 80.0 2', '101 TX 300.0 2']);
    await undoAll();
  });

  it('a trip repeated in a file or across files is found: by its id, or by unit, date, state and distance with odometer columns empty or absent', async () => {
    // Odometer columns present but empty, as ELD exports send them: row 3 repeats row 2.
    const emptyOdometers = lines(PER_TRIP, '2025-07-14,101,TX,,,367', '2025-07-14,101,TX,,,367', '2025-07-15,101,OK,,,188');
    const p = await preview('eld-trips.csv', emptyOdometers, { year: '2025', quarter: '3' });
    expect(p.body).toMatchObject({ newRows: 2, duplicates: 1, refused: 0 });
    expect(p.body.rows.find((r: any) => r.status === 'duplicate')).toMatchObject({ rowNumber: 3, reason: 'Row 3: repeats row 2' });
    expect((await confirm(p.body.previewId)).text).toBe(IMPORT_TEXT.imported(2, 'miles'));
    // Without odometer columns, in another file: the same trip is already imported.
    const again = await preview('eld-again.csv', lines('Date,Unit,Jurisdiction,Miles', '07/14/2025,101,TX,367', '2025-07-16,101,TX,50'), { year: '2025', quarter: '3' });
    expect(again.body).toMatchObject({ newRows: 1, duplicates: 1 });
    expect(again.body.rows.find((r: any) => r.status === 'duplicate').reason).toBe('Row 2: already imported');
    // Motive: the id finds the trip, in the file and after it.
    const motive = lines(MOTIVE, '9001,2025-07-20,TX,101,1000,1100,,,100', '9001,2025-07-20,TX,101,1000,1100,,,100');
    const m = await preview('motive.csv', motive);
    expect(m.body).toMatchObject({ newRows: 1, duplicates: 1 });
    expect((await confirm(m.body.previewId)).text).toBe(IMPORT_TEXT.imported(1, 'miles'));
    expect((await preview('motive.csv', motive)).body).toMatchObject({ newRows: 0, duplicates: 2 });
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 OK 188', '101 TX 467']);
    await undoAll();
  });

  it('a trip with a blank distance but both odometers takes their difference (calibrated columns empty)', async () => {
    const file = lines(MOTIVE, '9201,2025-07-21,TX,101,5000,5120,,,', '9202,2025-07-22,TX,101,5120,5130,,,10');
    const res = await importQ('motive-blank.csv', file);
    expect(res.text).toBe(IMPORT_TEXT.imported(2, 'miles'));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 TX 130']);
    await undoAll();
  });
});

describe('a corrected file, and a unit quarter changed by hand', () => {
  const QUARTER = 'Year,Quarter,Unit,Jurisdiction,Total Miles,Taxable Miles';

  it('shows the stored and the new figures side by side, and replaces them only when asked; undo puts them back', async () => {
    expect((await importQ('q3.csv', lines(QUARTER, '2025,3,101,TX,4212.4,4212.4', '2025,3,101,OK,1890.7,1890.7'))).text).toBe(IMPORT_TEXT.imported(2, 'miles'));
    const corrected = lines(QUARTER, '2025,3,101,TX,4000,3900', '2025,3,101,OK,1890.7,1890.7');
    const p = await preview('q3-corrected.csv', corrected);
    expect(p.body).toMatchObject({ newRows: 0, duplicates: 2, changed: 1 });
    const changed = p.body.rows.find((r: any) => r.rowNumber === 2);
    expect(changed.reason).toContain('already imported with different figures');
    expect(changed.values).toMatchObject({ totalMiles: '4000.000', taxableMiles: '3900.000', storedMiles: '4212.400', storedTaxableMiles: '4212.400' });
    // Confirm without replace changes nothing.
    expect((await confirm(p.body.previewId)).text).toBe(IMPORT_TEXT.nothingNew);
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 OK 1891', '101 TX 4212']);
    const again = await preview('q3-corrected.csv', corrected);
    expect((await confirm(again.body.previewId, true)).text).toBe(IMPORT_TEXT.importedReplacing(1, 1, 'miles'));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 OK 1891', '101 TX 4000']);
    const [latest] = await history();
    expect((await undo(latest.importId)).text).toBe(IMPORT_TEXT.undoneRestored(1, 1));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 OK 1891', '101 TX 4212']);
    await undoAll();
  });

  it("edits, then deletes a unit's quarter by hand, each change in the history and undoable", async () => {
    await importQ('trips.csv', lines(MOTIVE, '9301,2025-07-14,TX,101,1,101,,,100', '9302,2025-08-14,TX,101,101,151,,,50', '9303,2025-08-15,NM,101,151,171,,,20'));
    const save = { year: 2025, quarter: 3, unitNumber: '101', states: [{ stateCode: 'TX', miles: '140' }, { stateCode: 'OK', miles: '30.5', taxableMiles: '30' }] };
    const saved = await t.call({ method: 'POST', url: '/api/Accounting/SaveIftaMilesQuarter', payload: save, as: EMAIL.admin });
    expect(saved.text).toBe(MILES_EDIT_TEXT.saved('101', 'Q3 2025', 2, 3));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 OK 31', '101 TX 140']);
    const [edit] = await history();
    expect(edit).toMatchObject({ fileName: 'Unit 101, Q3 2025', layout: 'Edited by hand', rowsAdded: 2 });
    expect(edit.createdBy).toBeTruthy();
    const del = await t.call({ method: 'DELETE', url: '/api/Accounting/DeleteIftaMilesQuarter?year=2025&quarter=3&unitNumber=101', as: EMAIL.admin });
    expect(del.text).toBe(MILES_EDIT_TEXT.deleted('101', 'Q3 2025', 2));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual([]);
    expect((await history())[0]).toMatchObject({ layout: 'Deleted by hand', rowsAdded: 0 });
    // Undo the delete, then the edit: the trips come back.
    expect((await undo((await history())[0].importId)).text).toBe(IMPORT_TEXT.undoneRestored(0, 2));
    expect((await undo(edit.importId)).text).toBe(IMPORT_TEXT.undoneRestored(2, 3));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 NM 20', '101 TX 150']);
    await undoAll();
  });

  it('refuses what cannot be saved, and people without the page', async () => {
    const url = '/api/Accounting/SaveIftaMilesQuarter';
    const bad = await t.call({ method: 'POST', url, payload: { year: 2025, quarter: 3, unitNumber: '101', states: [{ stateCode: 'XX', miles: '10' }] }, as: EMAIL.admin });
    expect(bad.text).toBe(MILES_EDIT_TEXT.unknownState('XX'));
    const twice = await t.call({ method: 'POST', url, payload: { year: 2025, quarter: 3, unitNumber: '101', states: [{ stateCode: 'TX', miles: '1' }, { stateCode: 'tx', miles: '2' }] }, as: EMAIL.admin });
    expect(twice.text).toBe(MILES_EDIT_TEXT.twice('TX'));
    const over = await t.call({ method: 'POST', url, payload: { year: 2025, quarter: 3, unitNumber: '101', states: [{ stateCode: 'TX', miles: '10', taxableMiles: '11' }] }, as: EMAIL.admin });
    expect(over.status).toBe(400);
    const none = await t.call({ method: 'DELETE', url: '/api/Accounting/DeleteIftaMilesQuarter?year=2025&quarter=3&unitNumber=777', as: EMAIL.admin });
    expect(none.text).toBe(MILES_EDIT_TEXT.none('777', 'Q3 2025'));
    const driver = await t.call({ method: 'POST', url, payload: { year: 2025, quarter: 3, unitNumber: '101', states: [{ stateCode: 'TX', miles: '10' }] }, as: EMAIL.driver });
    expect(driver.status).toBe(403);
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual([]);
  });
});

describe('units the fleet does not know', () => {
  it('are flagged in the preview, and can be mapped to a unit of the fleet before Confirm', async () => {
    const file = lines(PER_TRIP, '2025-07-14,Truck 7,TX,,,100', '2025-07-15,101,TX,,,50');
    const p = await preview('trips.csv', file, { year: '2025', quarter: '3' });
    expect(p.body).toMatchObject({ newRows: 2, flagged: 1, unknownUnits: ['Truck 7'] });
    expect(p.body.fleetUnits).toContain('101');
    expect(p.body.rows.find((r: any) => r.status === 'flagged').reason).toContain('unit Truck 7 is not in the fleet');
    const mapped = await preview('trips.csv', file, { year: '2025', quarter: '3', unitMap: JSON.stringify({ 'Truck 7': '101' }) });
    expect(mapped.body).toMatchObject({ newRows: 2, flagged: 0, unknownUnits: [], unitMap: { 'Truck 7': '101' } });
    expect((await confirm(mapped.body.previewId)).text).toBe(IMPORT_TEXT.imported(2, 'miles'));
    expect(milesOf(await report({ year: 2025, quarter: 3 }))).toEqual(['101 TX 150']);
    await undoAll();
  });
});

describe('the IFTA report never mixes periods', () => {
  it("a week takes the trips dated in it, says when a unit's miles are known only per quarter, and sets no quarter against a week's gallons", async () => {
    const demo = t.ids.companies.demo;
    const [week] = await t.db.insert(workWeeks).values({ companyId: demo, year: 2025, number: 29, startDate: '2025-07-14', endDate: '2025-07-20' }).returning();
    const fuel = (unit: string, day: string, quantity: string) => ({
      companyId: demo,
      vendor: 'EFS',
      cardLast4: '0001',
      fuelDate: day,
      fuelTime: '06:00',
      unitNumber: unit,
      stateCode: 'TX',
      product: 'diesel',
      productCode: 'ULSD',
      isIfta: true,
      quantity,
      amount: '100.00',
      naturalKey: `t18|${unit}|${day}|${quantity}`,
    });
    await t.db.insert(fuelTransactions).values([fuel('101', '2025-07-15', '100.000'), fuel('101', '2025-08-15', '400.000'), fuel('102', '2025-07-16', '100.000')]);
    await importQ('trips.csv', lines(PER_TRIP, '2025-07-14,101,TX,,,400', '2025-07-19,101,OK,,,250', '2025-08-20,101,TX,,,3000'));
    await importQ('q3.csv', lines('Year,Quarter,Unit,Jurisdiction,Total Miles', '2025,3,102,TX,5600'));

    const weekly = await report({ weekId: week.id });
    expect(milesOf(weekly)).toEqual(['101 OK 250', '101 TX 400']);
    expect(weekly).toMatchObject({ totalMiles: 650, totalGallons: 200 });
    const unit102 = weekly.unitReports.find((u: any) => u.unitNumber === '102');
    expect(unit102).toMatchObject({ miles: 0, gallons: 100 });
    expect(weekly.checks).toContain(REPORT_TEXT.quarterOnly('102', 'Q3 2025'));
    // Dates work the same way.
    const days = await report({ startDate: '2025-08-01', endDate: '2025-08-31' });
    expect(milesOf(days)).toEqual(['101 TX 3000']);
    expect(days.checks).toContain(REPORT_TEXT.quarterOnly('102', 'Q3 2025'));
    // The whole quarter takes both.
    const quarter = await report({ year: 2025, quarter: 3 });
    expect(milesOf(quarter)).toEqual(['101 OK 250', '101 TX 3400', '102 TX 5600']);
    expect(quarter.checks.some((c: string) => c.includes('known only per quarter'))).toBe(false);
    await undoAll();
    await t.db.delete(fuelTransactions).where(and(eq(fuelTransactions.companyId, demo), sql`${fuelTransactions.naturalKey} like 't18|%'`));
  });
});

describe('property: any split of a trip file, imported in any order, gives the report of the whole file', () => {
  const trip = fc.record({
    unit: fc.constantFrom('101', '102', '103'),
    day: fc.tuple(fc.constantFrom('07', '08', '09'), fc.integer({ min: 1, max: 28 })).map(([m, d]) => `2025-${m}-${String(d).padStart(2, '0')}`),
    state: fc.constantFrom('TX', 'OK', 'NM', 'ON'),
    miles: fc.tuple(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 0, max: 9 })).map(([w, f]) => `${w}.${f}`),
  });
  // Some trips appear twice (an ELD export that repeats a trip); rows are shuffled.
  const file = fc
    .array(trip, { minLength: 1, maxLength: 25 })
    .chain((trips) => fc.tuple(fc.constant(trips), fc.subarray(trips)))
    .chain(([trips, repeated]) => fc.shuffledSubarray([...trips, ...repeated], { minLength: trips.length + repeated.length }));
  const split = fc.oneof(
    fc.constant({ by: 'month' as const, seeds: [] as number[] }),
    fc.constant({ by: 'unit' as const, seeds: [] as number[] }),
    fc.record({ by: fc.constant('random' as const), seeds: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 50, maxLength: 50 }) }),
  );
  type TTrip = { unit: string; day: string; state: string; miles: string };
  const csv = (trips: TTrip[]) => lines('Date,Unit,Jurisdiction,Miles', ...trips.map((r) => `${r.day},${r.unit},${r.state},${r.miles}`));
  const figures = async () => {
    const q = await report({ year: 2025, quarter: 3 });
    const july = await report({ startDate: '2025-07-01', endDate: '2025-07-31' });
    return { rows: q.unitReports, totalMiles: q.totalMiles, july: july.unitReports };
  };

  it('holds for splits by month, by unit and at random, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(file, split, fc.integer({ min: 0, max: 1000 }), async (trips, how, orderSeed) => {
        expect((await importQ('whole.csv', csv(trips))).text).toMatch(/^Imported /);
        const whole = await figures();
        await undoAll();
        const partOf = (r: TTrip, i: number) => (how.by === 'month' ? r.day.slice(5, 7) : how.by === 'unit' ? r.unit : String(how.seeds[i % 50]));
        const parts = new Map<string, TTrip[]>();
        for (const [i, r] of trips.entries()) parts.set(partOf(r, i), [...(parts.get(partOf(r, i)) ?? []), r]);
        const ordered = [...parts.values()];
        // A rotation and a reversal from the seed: a different order each run.
        const rotated = [...ordered.slice(orderSeed % ordered.length), ...ordered.slice(0, orderSeed % ordered.length)];
        for (const part of orderSeed % 2 ? rotated.reverse() : rotated) {
          const res = await importQ('part.csv', csv(part));
          expect(res.text).not.toMatch(/^ERROR/);
        }
        expect(await figures()).toEqual(whole);
        await undoAll();
      }),
      { numRuns: 8 },
    );
  });
});
