import { MSG, SUCCESS } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { planWeeks } from '../src/modules/work-weeks/service';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
const year = new Date().getUTCFullYear();
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());

const weeks = async (query = '', as: string = EMAIL.admin) => (await t.call({ method: 'GET', url: `/api/General/GetWorkWeeks${query}`, as })).body as any[];

describe('planWeeks', () => {
  it('makes consecutive 7-day weeks from the date while they start in its year', () => {
    const plan = planWeeks('2030-01-07');
    expect(plan).toHaveLength(52);
    expect(plan[0]).toEqual({ year: 2030, number: 1, startDate: '2030-01-07', endDate: '2030-01-13' });
    expect(plan[51]).toEqual({ year: 2030, number: 52, startDate: '2030-12-30', endDate: '2031-01-05' });
    expect(planWeeks('2029-01-01')).toHaveLength(53);
    expect(planWeeks('2030-12-30')).toHaveLength(1);
  });
});

describe('work weeks', () => {
  it('lists the demo weeks of last, this and next year, one year at a time', async () => {
    for (const y of [year - 1, year, year + 1]) {
      const list = await weeks(`?year=${y}`);
      expect(list.length).toBeGreaterThanOrEqual(52);
      expect(list[0]).toMatchObject({ year: y, number: 1 });
      expect(list[0].startDate).toMatch(new RegExp(`^${y}-01-0[1-7]$`));
    }
    expect((await weeks()).length).toBeGreaterThanOrEqual(156);
  });

  it('generates a year of weeks from a date and lists them in the lookup', async () => {
    const res = await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2030-01-07', as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.weeksGenerated);
    const list = await weeks('?year=2030');
    expect(list).toHaveLength(52);
    expect(list[11]).toMatchObject({ number: 12, startDate: '2030-03-25', endDate: '2030-03-31' });
    const lookup = (await t.call({ method: 'GET', url: '/api/Lookup/GetWorkWeekList?year=2030', as: EMAIL.driver })).body;
    expect(lookup[11]).toEqual({
      label: 'Week 12 (03/25/2030 - 03/31/2030)',
      value: list[11].weekId,
      year: 2030,
      number: 12,
      startDate: '2030-03-25',
      endDate: '2030-03-31',
    });
  });

  it('refuses weeks that overlap existing ones, and a year that already has weeks', async () => {
    const overlap = await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2031-01-01', as: EMAIL.admin });
    expect(overlap.status).toBe(409);
    expect(overlap.text).toMatch(/^ERROR The new weeks .* would overlap Week 52 \(12\/30\/2030 - 01\/05\/2031\) of 2030/);
    expect(await weeks('?year=2031')).toHaveLength(0);
    const again = await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2030-02-04', as: EMAIL.admin });
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/^ERROR Work weeks for 2030 already exist/);
  });

  it('keeps weeks per company: another company may generate the same year', async () => {
    const res = await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2030-01-07', as: EMAIL.secondAdmin });
    expect(res.text).toBe(SUCCESS.weeksGenerated);
    const mine = await weeks('?year=2030');
    const theirs = await weeks('?year=2030', EMAIL.secondAdmin);
    expect(theirs).toHaveLength(52);
    expect(theirs.map((w) => w.weekId)).not.toContain(mine[0].weekId);
  });

  it('deletes a year’s weeks and reports a year without any', async () => {
    const res = await t.call({ method: 'DELETE', url: '/api/General/DeleteWorkWeeks?year=2030', as: EMAIL.admin });
    expect(res.text).toBe(SUCCESS.weeksDeleted);
    expect(await weeks('?year=2030')).toHaveLength(0);
    expect(await weeks('?year=2030', EMAIL.secondAdmin)).toHaveLength(52);
    const none = await t.call({ method: 'DELETE', url: '/api/General/DeleteWorkWeeks?year=2030', as: EMAIL.admin });
    expect(none.status).toBe(200);
    expect(none.text).toMatch(/^INFO There are no work weeks for 2030/);
  });

  it('refuses to delete weeks that loads use', async () => {
    const res = await t.call({ method: 'DELETE', url: `/api/General/DeleteWorkWeeks?year=${year}`, as: EMAIL.admin });
    expect(res.status).toBe(409);
    expect(res.text).toMatch(new RegExp(`^ERROR \\d+ loads use work weeks of ${year}\\. Delete or move those loads first\\.$`));
    expect((await weeks(`?year=${year}`)).length).toBeGreaterThanOrEqual(52);
  });

  it('answers 400 for a missing or impossible date or year', async () => {
    const missing = await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks', as: EMAIL.admin });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.date).toEqual([MSG.required]);
    const bad = await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2030-02-30', as: EMAIL.admin });
    expect(bad.status).toBe(400);
    expect((await t.call({ method: 'DELETE', url: '/api/General/DeleteWorkWeeks?year=abc', as: EMAIL.admin })).status).toBe(400);
  });

  it('is for System Admin only: a dispatcher and a driver get 403', async () => {
    for (const as of [EMAIL.dispatcher, EMAIL.driver]) {
      expect((await t.call({ method: 'GET', url: '/api/General/GetWorkWeeks', as })).status).toBe(403);
      expect((await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2031-01-06', as })).status).toBe(403);
      expect((await t.call({ method: 'DELETE', url: '/api/General/DeleteWorkWeeks?year=2031', as })).status).toBe(403);
    }
  });
});

describe('service URL', () => {
  it('starts empty, saves an http(s) address and reads it back, per company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', as: EMAIL.admin })).text).toBe('');
    const url = 'https://relay.example.com/api/v2';
    const res = await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(url)}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.serviceUrlSaved);
    const got = await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', as: EMAIL.admin });
    expect(got.headers['content-type']).toMatch(/^text\/plain/);
    expect(got.text).toBe(url);
    expect((await t.call({ method: 'GET', url: '/api/General/GetServiceUrl', as: EMAIL.secondAdmin })).text).toBe('');
  });

  it('answers 400 "Field is required" without a URL and refuses one that is not http(s)', async () => {
    const empty = await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=', as: EMAIL.admin });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.url).toEqual([MSG.required]);
    const ftp = await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=ftp%3A%2F%2Fx.example.com', as: EMAIL.admin });
    expect(ftp.status).toBe(400);
    expect(ftp.body.fieldErrors.url).toEqual(['Enter a valid http:// or https:// address']);
  });

  it('is refused to a dispatcher', async () => {
    expect((await t.call({ method: 'POST', url: '/api/General/setServiceUrl?url=https%3A%2F%2Fx.test', as: EMAIL.dispatcher })).status).toBe(403);
  });
});

describe('roles and permissions', () => {
  const matrix = async (as: string = EMAIL.admin) => (await t.call({ method: 'GET', url: '/api/General/GetPermissions', as })).body as any[];
  const set = (payload: Record<string, unknown>, as: string = EMAIL.admin) =>
    t.call({ method: 'POST', url: '/api/General/SetPermission', payload, as });
  const me = async (as: string) => (await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as })).body;

  it('lists every role × object with access, menu flag and whether it is the default', async () => {
    const rows = await matrix();
    expect(rows).toHaveLength(3 * 15);
    expect(rows).toContainEqual({
      roleId: 3,
      roleName: 'Driver',
      objectName: 'LoadBoardPage',
      accessType: 'Read',
      isMenuVisible: true,
      isDefault: true,
      defaultAccessType: 'Read',
      defaultIsMenuVisible: true,
    });
    expect(rows.find((r) => r.roleId === 3 && r.objectName === 'UserAdmin')).toMatchObject({ accessType: 'None', isMenuVisible: false });
  });

  it('applies a change on the next request and resets to the defaults', async () => {
    expect((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver })).status).toBe(403);
    const res = await set({ roleId: 3, objectName: 'BrokerAdmin', accessType: 'Read', isMenuVisible: true });
    expect(res.text).toBe('Permission updated successfully');
    expect((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver })).status).toBe(200);
    expect((await me(EMAIL.driver)).userPermissibleObjects).toContainEqual({ objectName: 'BrokerAdmin', accessType: 'Read', isMenuVisible: true });
    expect((await matrix()).find((r) => r.roleId === 3 && r.objectName === 'BrokerAdmin')).toMatchObject({ accessType: 'Read', isDefault: false });

    await set({ roleId: 3, objectName: 'LoadBoardPage', accessType: 'None', isMenuVisible: true });
    expect((await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: {}, as: EMAIL.driver })).status).toBe(403);
    // The other company's matrix is untouched.
    expect((await matrix(EMAIL.secondAdmin)).every((r) => r.isDefault)).toBe(true);

    const reset = await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    expect(reset.text).toBe('Permissions reset to defaults');
    expect((await matrix()).every((r) => r.isDefault)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: {}, as: EMAIL.driver })).status).toBe(200);
  });

  it('refuses to take Write or the menu entry on System Admin or User Admin away from administrators', async () => {
    for (const objectName of ['SystemAdminPage', 'UserAdmin']) {
      const res = await set({ roleId: 1, objectName, accessType: 'Read', isMenuVisible: true });
      expect(res.status).toBe(409);
      expect(res.text).toMatch(/^ERROR Administrators keep Write/);
      expect((await set({ roleId: 1, objectName, accessType: 'Write', isMenuVisible: false })).status).toBe(409);
    }
    expect((await matrix()).every((r) => r.isDefault)).toBe(true);
  });

  it('lets only an administrator change the matrix, even one granted Write on System Admin', async () => {
    await set({ roleId: 2, objectName: 'SystemAdminPage', accessType: 'Write', isMenuVisible: true });
    try {
      expect((await t.call({ method: 'GET', url: '/api/General/GetPermissions', as: EMAIL.dispatcher })).status).toBe(200);
      const res = await set({ roleId: 2, objectName: 'UserAdmin', accessType: 'Write', isMenuVisible: true }, EMAIL.dispatcher);
      expect(res.status).toBe(403);
      expect((await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.dispatcher })).status).toBe(403);
    } finally {
      await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    }
    expect((await t.call({ method: 'GET', url: '/api/General/GetPermissions', as: EMAIL.dispatcher })).status).toBe(403);
  });

  it('answers 400 for an unknown object, role or access level', async () => {
    const res = await set({ roleId: 9, objectName: 'Nope', accessType: 'Admin', isMenuVisible: 'yes' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['accessType', 'isMenuVisible', 'objectName', 'roleId']);
  });
});

describe('board lookups', () => {
  it('lists load statuses in order', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetLoadStatusList', as: EMAIL.driver });
    expect(res.body.map((s: any) => s.label)).toEqual(['Booked', 'Dispatched', 'In transit', 'Delivered', 'Invoiced', 'Paid', 'Cancelled', 'TONU']);
  });

  it('lists the company’s drivers by unit: 101 to 106', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetCompanyDrivers', as: EMAIL.dispatcher });
    expect(res.body.map((d: any) => d.label.slice(0, 3))).toEqual(['101', '102', '103', '104', '105', '106']);
    expect(res.body[0]).toEqual({ label: '101 - Sam Carter', value: t.ids.users[EMAIL.driver], unitNumber: '101' });
    const second = await t.call({ method: 'GET', url: '/api/Lookup/GetCompanyDrivers', as: EMAIL.secondAdmin });
    expect(second.body.map((d: any) => d.label)).toEqual(['201 - Olivia Grant', '202 - Luis Ortega']);
  });

  it('defaults the week list to this year and keeps it to members', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetWorkWeekList', as: EMAIL.driver });
    expect(res.body[0].label).toMatch(new RegExp(`^Week 1 \\(01/0\\d/${year} - 01/\\d\\d/${year}\\)$`));
    expect((await t.call({ method: 'GET', url: '/api/Lookup/GetWorkWeekList', as: EMAIL.applicant })).status).toBe(403);
  });
});
