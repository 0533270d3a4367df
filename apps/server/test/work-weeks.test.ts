import { MSG, SUCCESS } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
const year = new Date().getUTCFullYear();
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());

const weeks = async (query = '', as: string = EMAIL.admin) => (await t.call({ method: 'GET', url: `/api/General/GetWorkWeeks${query}`, as })).body as any[];

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

describe('planning a generation before it is sent', () => {
  const plan = async (date: string) => (await t.call({ method: 'GET', url: `/api/General/PlanWorkWeeks?date=${date}`, as: EMAIL.admin })).body;

  it('warns about days left in no week and another weekday, and names a refusal', async () => {
    expect((await t.call({ method: 'POST', url: '/api/General/GenerateWorkWeeks?date=2029-01-01', as: EMAIL.admin })).status).toBe(200);
    // 2029 from Monday 1 January: 53 weeks, the last one ends on Sunday 6 January 2030.
    expect(await plan('2030-01-07')).toEqual({ year: 2030, weeks: 52, startDate: '2030-01-07', endDate: '2031-01-05', warnings: [], refusal: null });
    const midWeek = await plan('2030-01-09');
    expect(midWeek.warnings).toEqual([
      '2 days between Week 53 (12/31/2029 - 01/06/2030) of 2029 and the new first week (01/07/2030 - 01/08/2030) would be in no work week: loads, expenses and fuel on those days would have no week.',
      'Your work weeks start on Mondays; 01/09/2030 is a Wednesday.',
    ]);
    expect((await plan('2030-01-03')).refusal).toMatch(/^The new weeks \(01\/03\/2030 - .*\) would overlap Week 53/);
    expect((await plan('2029-03-05')).refusal).toBe('Work weeks for 2029 already exist. Delete them first to generate them again.');
  });

  it('offers the years that have weeks, this year and next year', async () => {
    const years = (await t.call({ method: 'GET', url: '/api/General/GetWorkYears', as: EMAIL.dispatcher })).body as number[];
    const now = new Date().getUTCFullYear();
    expect(years).toEqual(expect.arrayContaining([now, now + 1, 2029]));
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });
});
