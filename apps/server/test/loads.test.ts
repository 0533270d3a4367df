import { findUsState, MSG, SUCCESS, ZLoad, ZLoadsPage } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
let weekId: number;
let otherWeekId: number;
let brokerId: number;
let inactiveBrokerId: number;
let secondBrokerId: number;
let secondWeekId: number;
const driver2 = 'driver2@demo.haulboard.test';

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows);
const stateId = (code: string) => findUsState(code)!.id;
const TX = stateId('TX');
const GA = stateId('GA');

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const year = new Date().getUTCFullYear();
  const weeks = (await t.call({ method: 'GET', url: `/api/Lookup/GetWorkWeekList?year=${year}`, as: EMAIL.dispatcher })).body;
  weekId = weeks[10].value;
  otherWeekId = weeks[11].value;
  const brokers = (await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.dispatcher })).body;
  brokerId = brokers.find((b: any) => b.brokerName === 'Summit Ridge Logistics').brokerId;
  inactiveBrokerId = brokers.find((b: any) => !b.isActive).brokerId;
  secondBrokerId = (await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.secondAdmin })).body[0].brokerId;
  secondWeekId = (await t.call({ method: 'GET', url: `/api/Lookup/GetWorkWeekList?year=${year}`, as: EMAIL.secondAdmin })).body[0].value;
});
afterAll(() => t.close());

const loadForm = (over: Record<string, unknown> = {}) => ({
  loadId: 0,
  loadNumber: 'T-1001',
  brokerId,
  loadStartDate: '2026-03-16T13:00:00.000Z',
  loadEndDate: '2026-03-17T20:30:00.000Z',
  weekId,
  originStateId: TX,
  originCity: 'Dallas',
  destinationStateId: GA,
  destinationCity: 'Atlanta',
  tripLength: 781,
  numberOfStops: 2,
  pricePerMile: 2.35,
  payout: 1835.35,
  loadStatusId: 1,
  loadDrivers: [t.ids.users[EMAIL.driver]],
  isDispute: false,
  comments: null,
  ...over,
});

const save = (payload: any, as: string = EMAIL.dispatcher) => t.call({ method: 'POST', url: '/api/Load/AddUpdateLoad', payload, as });
const filtered = async (filter: Record<string, unknown>, as: string = EMAIL.dispatcher) =>
  (await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: filter, as })).body as any[];
const byNumber = async (loadNumber: string, as: string = EMAIL.dispatcher) =>
  (await filtered({ loadNumber }, as)).find((l) => l.loadNumber === loadNumber);

describe('POST /api/Load/AddUpdateLoad', () => {
  it('adds a load and answers it with every spec field on the board', async () => {
    const res = await save(loadForm());
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.loadUpdated);
    const load = await byNumber('T-1001');
    expect(load).toMatchObject({
      loadNumber: 'T-1001',
      brokerId,
      brokerName: 'Summit Ridge Logistics',
      loadStartDate: '2026-03-16T13:00:00.000Z',
      loadEndDate: '2026-03-17T20:30:00.000Z',
      weekId,
      originStateName: 'Texas',
      destinationStateName: 'Georgia',
      tripLength: 781,
      numberOfStops: 2,
      pricePerMile: 2.35,
      payout: 1835.35,
      loadStatusId: 1,
      loadStatusName: 'Booked',
      loadDrivers: [t.ids.users[EMAIL.driver]],
      loadDriverNames: 'Sam Carter',
      isDispute: false,
      comments: null,
      companyName: 'Demo Freight LLC',
      createdBy: 'Dana Reyes',
      updatedBy: 'Dana Reyes',
    });
    expect(load.loadId).toBeGreaterThan(0);
    expect(load.updatedOn).toMatch(/Z$/);
  });

  it('saves a team in order and an edit that changes drivers, and keeps a load with no driver', async () => {
    await save(loadForm({ loadNumber: 'T-TEAM', loadDrivers: [t.ids.users[driver2], t.ids.users[EMAIL.driver]] }));
    const team = await byNumber('T-TEAM');
    expect(team.loadDrivers).toEqual([t.ids.users[driver2], t.ids.users[EMAIL.driver]]);
    expect(team.loadDriverNames).toBe('Maria Lopez, Sam Carter');
    const edit = await save({ ...team, weekId: otherWeekId, loadDrivers: [], payout: null, comments: 'Driver to be assigned' });
    expect(edit.text).toBe(SUCCESS.loadUpdated);
    expect(await byNumber('T-TEAM')).toMatchObject({ weekId: otherWeekId, loadDrivers: [], loadDriverNames: '', payout: 0, comments: 'Driver to be assigned' });
  });

  it('duplicates an edited load as a new one when sent with loadId 0', async () => {
    const original = await byNumber('T-1001');
    const res = await save({ ...original, loadId: 0, loadNumber: 'T-1001-B', updatedOn: null });
    expect(res.text).toBe(SUCCESS.loadUpdated);
    const copy = await byNumber('T-1001-B');
    expect(copy.loadId).not.toBe(original.loadId);
    expect(copy).toMatchObject({ brokerId, payout: 1835.35, tripLength: 781 });
  });

  it('refuses a load number the company already has', async () => {
    const res = await save(loadForm({ loadNumber: 'T-1001' }));
    expect(res.status).toBe(409);
    expect(res.text).toBe('ERROR Load number T-1001 already exists');
    const team = await byNumber('T-TEAM');
    const rename = await save({ ...team, loadNumber: 'T-1001' });
    expect(rename.text).toBe('ERROR Load number T-1001 already exists');
  });

  it('lets another company use the same load number', async () => {
    const res = await save(loadForm({ brokerId: secondBrokerId, weekId: secondWeekId, loadDrivers: [] }), EMAIL.secondAdmin);
    expect(res.text).toBe(SUCCESS.loadUpdated);
  });

  it('refuses a stale edit: the second of two editors is told and nothing is overwritten', async () => {
    await save(loadForm({ loadNumber: 'T-RACE' }));
    const loaded = await byNumber('T-RACE');
    expect((await save({ ...loaded, comments: 'first' })).text).toBe(SUCCESS.loadUpdated);
    const second = await save({ ...loaded, comments: 'second' }, EMAIL.admin);
    expect(second.status).toBe(409);
    expect(second.text).toMatch(/^ERROR This load was changed by someone else/);
    expect((await byNumber('T-RACE')).comments).toBe('first');
  });

  it('lets exactly one of two simultaneous saves of one version through', async () => {
    await save(loadForm({ loadNumber: 'T-SIM' }));
    const loaded = await byNumber('T-SIM');
    const results = await Promise.all([save({ ...loaded, comments: 'A' }), save({ ...loaded, comments: 'B' }, EMAIL.admin)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200) === results[0] ? 'A' : 'B';
    expect((await byNumber('T-SIM')).comments).toBe(winner);
  });

  it('saves one of two simultaneous new loads with one number and refuses the other', async () => {
    const results = await Promise.all([save(loadForm({ loadNumber: 'T-TWIN' })), save(loadForm({ loadNumber: 'T-TWIN' }), EMAIL.admin)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.text).toBe('ERROR Load number T-TWIN already exists');
    expect((await filtered({ loadNumber: 'T-TWIN' })).length).toBe(1);
  });

  it('answers 400 with "Field is required" for every required field', async () => {
    const res = await save({ loadId: 0, loadNumber: '', brokerId: '', pricePerMile: '' });
    expect(res.status).toBe(400);
    for (const field of [
      'loadNumber',
      'brokerId',
      'loadStartDate',
      'loadEndDate',
      'weekId',
      'originStateId',
      'originCity',
      'destinationStateId',
      'destinationCity',
      'tripLength',
      'numberOfStops',
      'pricePerMile',
      'loadStatusId',
    ]) {
      expect(res.body.fieldErrors[field], field).toEqual([MSG.required]);
    }
  });

  it('refuses a negative price per mile or payout, an end before the start, and three drivers', async () => {
    const ids = [EMAIL.driver, driver2, 'driver3@demo.haulboard.test'].map((e) => t.ids.users[e]);
    const res = await save(loadForm({ pricePerMile: -1, payout: -5, loadEndDate: '2026-03-15T00:00:00Z', loadDrivers: ids }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      pricePerMile: ['Must be 0 or more'],
      payout: ['Must be 0 or more'],
      loadDrivers: ['At most two drivers (a team)'],
    });
    const end = await save(loadForm({ loadNumber: 'T-END', loadEndDate: '2026-03-15T00:00:00Z' }));
    expect(end.body.fieldErrors.loadEndDate).toEqual(['End date must be on or after the start date']);
    const same = await save(loadForm({ loadNumber: 'T-SAME', loadDrivers: [ids[0], ids[0]] }));
    expect(same.body.fieldErrors.loadDrivers).toEqual(['Choose two different drivers']);
  });

  it('never accepts another company’s broker, week or driver', async () => {
    expect((await save(loadForm({ loadNumber: 'T-X1', brokerId: secondBrokerId }))).status).toBe(404);
    expect((await save(loadForm({ loadNumber: 'T-X2', weekId: secondWeekId }))).status).toBe(404);
    const secondDriver = t.ids.users['driver@second.haulboard.test'];
    expect((await save(loadForm({ loadNumber: 'T-X3', loadDrivers: [secondDriver] }))).status).toBe(404);
    // A member of the company without the Driver role is not a driver either.
    expect((await save(loadForm({ loadNumber: 'T-X4', loadDrivers: [t.ids.users[EMAIL.dispatcher]] }))).status).toBe(404);
    expect(await byNumber('T-X1')).toBeUndefined();
  });

  it('refuses an inactive broker for a new load but keeps it on a load that already has it', async () => {
    const res = await save(loadForm({ loadNumber: 'T-INACTIVE', brokerId: inactiveBrokerId }));
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/^ERROR Broker Red River Freight Exchange is inactive/);
    const [old] = rowsOf(await t.db.execute(sql`select id from loads where company_id = ${t.ids.companies.demo} and broker_id = ${inactiveBrokerId} limit 1`));
    const load = (await filtered({})).find((l) => l.loadId === old.id);
    const edit = await save({ ...load, comments: 'Kept its old broker' }, EMAIL.admin);
    expect(edit.text).toBe(SUCCESS.loadUpdated);
  });

  it('answers 404 to another company for an edit of this company’s load', async () => {
    const load = await byNumber('T-1001');
    const res = await save({ ...load, comments: 'hijack' }, EMAIL.secondAdmin);
    expect(res.status).toBe(404);
  });

  it('is refused to a driver (Read on the load board)', async () => {
    const res = await save(loadForm({ loadNumber: 'T-DRIVER' }), EMAIL.driver);
    expect(res.status).toBe(403);
  });
});

describe('POST /api/Load/GetFilteredLoads', () => {
  it('filters by week, driver, load number and start-date range; zero ids mean any', async () => {
    const all = await filtered({ weekId: 0, driverId: 0, loadNumber: '', startDate: null, endDate: '' });
    expect(all.length).toBeGreaterThan(250);
    // The list replies skip the zod check on the way out: the rows must still be exactly the contract's.
    for (const row of all) ZLoad.strict().parse(row);
    const week = await filtered({ weekId });
    expect(week.length).toBeGreaterThan(0);
    expect(week.every((l) => l.weekId === weekId)).toBe(true);
    const sam = t.ids.users[EMAIL.driver];
    const driven = await filtered({ driverId: sam });
    expect(driven.length).toBeGreaterThan(0);
    expect(driven.every((l) => l.loadDrivers.includes(sam))).toBe(true);
    expect((await filtered({ loadNumber: 't-100' })).map((l) => l.loadNumber).sort()).toEqual(['T-1001', 'T-1001-B']);
    const range = await filtered({ startDate: '2026-03-16', endDate: '2026-03-16' });
    expect(range.map((l) => l.loadNumber)).toContain('T-1001');
    expect(range.every((l) => l.loadStartDate.startsWith('2026-03-16'))).toBe(true);
    expect(await filtered({ startDate: '2026-03-17', endDate: '2026-03-20' })).not.toContainEqual(expect.objectContaining({ loadNumber: 'T-1001' }));
    expect(all.map((l) => l.loadStartDate)).toEqual([...all.map((l) => l.loadStartDate)].sort().reverse());
  });

  it('shows a driver only the loads they drive and ignores their driver filter', async () => {
    const sam = t.ids.users[EMAIL.driver];
    const mine = await filtered({}, EMAIL.driver);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.loadDrivers.includes(sam))).toBe(true);
    const asked = await filtered({ driverId: t.ids.users[driver2] }, EMAIL.driver);
    expect(asked.map((l) => l.loadId).sort()).toEqual(mine.map((l) => l.loadId).sort());
  });

  it('shows another company none of these loads', async () => {
    const loads = await filtered({ loadNumber: 'T-1001' }, EMAIL.secondAdmin);
    expect(loads.every((l) => l.companyName === 'Second Haul Inc')).toBe(true);
  });

  it('answers 400 for a malformed filter and 403 to an applicant', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: { weekId: 'abc', startDate: '2026-13-45' }, as: EMAIL.dispatcher });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['startDate', 'weekId']);
    expect((await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: {}, as: EMAIL.applicant })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: {} })).status).toBe(401);
  });
});

describe('POST /api/Load/GetFilteredLoadsPage', () => {
  const page = async (body: Record<string, unknown>, as: string = EMAIL.dispatcher) =>
    t.call({ method: 'POST', url: '/api/Load/GetFilteredLoadsPage', payload: body, as });

  it('searches by broker, city and driver name as well as the start of the load number', async () => {
    const all = (await page({ pageSize: 1000 })).body.rows as any[];
    const sample = all.find((l) => l.drivers.length > 0)!;
    const byBroker = (await page({ search: sample.brokerName.slice(2, 9).toUpperCase(), pageSize: 1000 })).body.rows as any[];
    expect(byBroker.length).toBeGreaterThan(0);
    expect(byBroker.every((l) => l.brokerName.toLowerCase().includes(sample.brokerName.slice(2, 9).toLowerCase()) || /./.test(l.loadNumber))).toBe(true);
    expect(byBroker.map((l) => l.loadId)).toContain(sample.loadId);
    const driverName = sample.drivers[0].name.split(' ')[1];
    const byDriver = (await page({ search: driverName, pageSize: 1000 })).body.rows as any[];
    expect(byDriver.map((l) => l.loadId)).toContain(sample.loadId);
    expect(byDriver.every((l) => l.loadDriverNames.includes(driverName) || l.originCity.includes(driverName) || l.destinationCity.includes(driverName) || l.brokerName.includes(driverName))).toBe(true);
    const byCity = (await page({ search: sample.destinationCity.toLowerCase(), pageSize: 1000 })).body.rows as any[];
    expect(byCity.map((l) => l.loadId)).toContain(sample.loadId);
    expect((await page({ search: 'zzz-no-such-thing' })).body.total).toBe(0);
  });

  it('totals miles and the average rate per mile beside the payout', async () => {
    const [{ miles, payout }] = rowsOf(
      await t.db.execute(sql`select sum(trip_length)::text as miles, sum(payout) as payout from loads where company_id = ${t.ids.companies.demo}`),
    );
    const res = (await page({ pageSize: 10 })).body;
    expect(Number(res.totalMiles)).toBeCloseTo(Number(miles), 1);
    expect(res.averageRatePerMile).toBe((Math.round((Number(payout) / Number(miles)) * 100) / 100).toFixed(2));
  });

  it('pages and sorts on the server and totals every filtered row exactly', async () => {
    const [{ total, sum }] = rowsOf(
      await t.db.execute(sql`select count(*)::int as total, sum(payout)::text as sum from loads where company_id = ${t.ids.companies.demo}`),
    );
    const first = await page({ pageSize: 10, sortBy: 'payout', sortDir: 'desc' });
    expect(first.status).toBe(200);
    ZLoadsPage.extend({ rows: ZLoad.strict().array() }).strict().parse(first.body);
    expect(first.body).toMatchObject({ total, totalPayout: sum, page: 0, pageSize: 10 });
    expect(first.body.totalPayout).toMatch(/^\d+\.\d\d$/);
    expect(first.body.rows).toHaveLength(10);
    const payouts = first.body.rows.map((r: any) => r.payout);
    expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
    const second = await page({ page: 1, pageSize: 10, sortBy: 'payout', sortDir: 'desc' });
    expect(second.body.rows[0].payout).toBeLessThanOrEqual(payouts[9]);
    expect(second.body.rows.map((r: any) => r.loadId)).not.toContain(first.body.rows[9].loadId);
    const defaults = await page({});
    expect(defaults.body.rows).toHaveLength(100);
    expect(defaults.body.pageSize).toBe(100);
    const byBroker = await page({ pageSize: 25, sortBy: 'brokerName', sortDir: 'asc' });
    const names = byBroker.body.rows.map((r: any) => r.brokerName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('sorts by the names of states and statuses across pages', async () => {
    const all = await filtered({});
    for (const [sortBy, field] of [
      ['originStateName', 'originStateName'],
      ['destinationStateName', 'destinationStateName'],
      ['loadStatusName', 'loadStatusName'],
    ]) {
      const expected = all.map((l) => l[field]).sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0));
      const first = await page({ pageSize: 50, sortBy, sortDir: 'desc' });
      const second = await page({ page: 1, pageSize: 50, sortBy, sortDir: 'desc' });
      expect([...first.body.rows, ...second.body.rows].map((r: any) => r[field]), sortBy).toEqual(expected.slice(0, 100));
    }
  });

  it('applies the filter to the rows, the count and the total', async () => {
    const res = await page({ weekId, pageSize: 1000 });
    const week = await filtered({ weekId });
    expect(res.body.total).toBe(week.length);
    expect(res.body.rows).toHaveLength(week.length);
    const cents = week.reduce((s, l) => s + Math.round(l.payout * 100), 0);
    expect(res.body.totalPayout).toBe((cents / 100).toFixed(2));
  });

  it('totals only a driver’s own loads for a driver', async () => {
    const res = await page({ pageSize: 1000 }, EMAIL.driver);
    expect(res.body.total).toBe((await filtered({}, EMAIL.driver)).length);
  });

  it('refuses a page size the table does not offer and an unknown sort column', async () => {
    const res = await page({ pageSize: 7, sortBy: 'password' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['pageSize', 'sortBy']);
  });
});

describe('POST /api/Load/GetLoadHistory', () => {
  const history = async (body: Record<string, unknown>, as: string = EMAIL.dispatcher) =>
    (await t.call({ method: 'POST', url: '/api/Load/GetLoadHistory', payload: body, as })).body as any[];

  it('filters by origin state, work year, week and load number', async () => {
    const texas = await history({ stateId: TX });
    expect(texas.length).toBeGreaterThan(0);
    expect(texas.every((l) => l.originStateName === 'Texas')).toBe(true);
    const thisYear = await history({ year: new Date().getUTCFullYear() });
    const nextYear = await history({ year: new Date().getUTCFullYear() + 1 });
    expect(thisYear.length).toBeGreaterThan(0);
    expect(nextYear).toHaveLength(0);
    expect((await history({ loadNumber: 'T-RACE' })).map((l) => l.loadNumber)).toEqual(['T-RACE']);
    expect((await history({ weekId, stateId: TX })).every((l) => l.weekId === weekId && l.originStateId === TX)).toBe(true);
  });

  it('shows a driver only their loads', async () => {
    const sam = t.ids.users[EMAIL.driver];
    const mine = await history({}, EMAIL.driver);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.loadDrivers.includes(sam))).toBe(true);
  });

  it('pages history with totals', async () => {
    const res = await t.call({ method: 'POST', url: '/api/Load/GetLoadHistoryPage', payload: { stateId: TX, pageSize: 10, sortBy: 'loadNumber', sortDir: 'asc' }, as: EMAIL.dispatcher });
    expect(res.body.total).toBe((await history({ stateId: TX })).length);
    const numbers = res.body.rows.map((r: any) => r.loadNumber);
    expect(numbers).toEqual([...numbers].sort());
  });
});

describe('DELETE /api/Load', () => {
  it('deletes a load and says so', async () => {
    const load = await byNumber('T-1001-B');
    const res = await t.call({ method: 'DELETE', url: `/api/Load?id=${load.loadId}`, as: EMAIL.dispatcher });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.loadDeleted);
    expect(await byNumber('T-1001-B')).toBeUndefined();
  });

  it('answers 404 to another company and 403 to a driver; needs Write (DenyDelete may edit, not delete)', async () => {
    const load = await byNumber('T-1001');
    expect((await t.call({ method: 'DELETE', url: `/api/Load?id=${load.loadId}`, as: EMAIL.secondAdmin })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/Load?id=${load.loadId}`, as: EMAIL.driver })).status).toBe(403);
    await t.call({
      method: 'POST',
      url: '/api/General/SetPermission',
      payload: { roleId: 2, objectName: 'LoadBoardPage', accessType: 'DenyDelete', isMenuVisible: true },
      as: EMAIL.admin,
    });
    try {
      expect((await save({ ...load, comments: 'DenyDelete may edit' })).text).toBe(SUCCESS.loadUpdated);
      expect((await t.call({ method: 'DELETE', url: `/api/Load?id=${load.loadId}`, as: EMAIL.dispatcher })).status).toBe(403);
    } finally {
      await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    }
    expect(await byNumber('T-1001')).toBeTruthy();
  });
});
