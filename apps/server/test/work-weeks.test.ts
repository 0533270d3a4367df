import { MSG, SUCCESS, usDate, weekLabel } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { firstMondayOf, planWeeks } from '../src/modules/work-weeks';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** `t`: the demo, with weeks of last, this and next year and loads. `g`: the same people, no weeks yet. */
let t: TTestApp;
let g: TTestApp;
const year = new Date().getUTCFullYear();
const next = year + 1;
/** 1 January of next year, whatever its weekday: next year's weeks in `g` start there. */
const N1 = `${next}-01-01`;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  g = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await g.close();
});

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weeksOf = async (app: TTestApp, query = '', as: string = EMAIL.admin) => (await app.call({ method: 'GET', url: `/api/General/GetWorkWeeks${query}`, as })).body as any[];
const weeks = (query = '', as: string = EMAIL.admin) => weeksOf(t, query, as);

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

describe('generating and deleting a year of weeks', () => {
  it('generates a year of weeks from a date and lists them in the lookup', async () => {
    const res = await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${N1}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SUCCESS.weeksGenerated);
    const list = await weeksOf(g, `?year=${next}`);
    expect(list).toHaveLength(planWeeks(N1).length);
    const twelfth = { number: 12, startDate: addDays(N1, 77), endDate: addDays(N1, 83) };
    expect(list[11]).toMatchObject(twelfth);
    const lookup = (await g.call({ method: 'GET', url: `/api/Lookup/GetWorkWeekList?year=${next}`, as: EMAIL.driver })).body;
    expect(lookup[11]).toEqual({ label: weekLabel(twelfth), value: list[11].weekId, year: next, ...twelfth, isClosed: false });
  });

  it('refuses weeks that overlap existing ones, and a year that already has weeks', async () => {
    const overlap = await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${year}-12-31`, as: EMAIL.admin });
    expect(overlap.status).toBe(409);
    expect(overlap.text).toBe(
      `ERROR The new weeks (12/31/${year} - 01/06/${next}) would overlap ${weekLabel({ number: 1, startDate: N1, endDate: addDays(N1, 6) })} of ${next}. ` +
        'Choose another start date or delete the overlapping weeks first.',
    );
    expect(await weeksOf(g, `?year=${year}`)).toHaveLength(0);
    const again = await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${next}-02-04`, as: EMAIL.admin });
    expect(again.status).toBe(409);
    expect(again.text).toBe(`ERROR Work weeks for ${next} already exist. Delete them first to generate them again.`);
  });

  it('generates any year from 2000 to two years ahead, which the selects then offer; refuses other years', async () => {
    // Two years ahead starts where next year's weeks (from 1 January, 53 of them) end.
    const starts = [firstMondayOf(2000), firstMondayOf(year - 12), addDays(planWeeks(N1).at(-1)!.endDate, 1)];
    for (const date of starts) {
      const y = Number(date.slice(0, 4));
      const res = await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${date}`, as: EMAIL.admin });
      expect(res.text).toBe(SUCCESS.weeksGenerated);
      expect(await weeksOf(g, `?year=${y}`)).toHaveLength(planWeeks(date).length);
    }
    const offered = (await g.call({ method: 'GET', url: '/api/General/GetWorkYears', as: EMAIL.dispatcher })).body as number[];
    expect(offered).toEqual([2000, year - 12, year, next, year + 2]);
    for (const date of [`${year + 3}-01-05`, '1999-01-04']) {
      const res = await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${date}`, as: EMAIL.admin });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.date).toEqual([`Choose a date from 2000 to ${year + 2}`]);
    }
    expect((await g.call({ method: 'GET', url: '/api/General/GetWorkYears', as: EMAIL.dispatcher })).body).toEqual(offered);
    for (const y of [2000, year - 12, year + 2]) {
      expect((await g.call({ method: 'DELETE', url: `/api/General/DeleteWorkWeeks?year=${y}`, as: EMAIL.admin })).text).toBe(SUCCESS.weeksDeleted);
    }
  });

  it('keeps weeks per company: another company may generate the same year', async () => {
    const res = await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${N1}`, as: EMAIL.secondAdmin });
    expect(res.text).toBe(SUCCESS.weeksGenerated);
    const mine = await weeksOf(g, `?year=${next}`);
    const theirs = await weeksOf(g, `?year=${next}`, EMAIL.secondAdmin);
    expect(theirs).toHaveLength(planWeeks(N1).length);
    expect(theirs.map((w) => w.weekId)).not.toContain(mine[0].weekId);
  });

  it('deletes a year’s weeks and reports a year without any', async () => {
    const res = await g.call({ method: 'DELETE', url: `/api/General/DeleteWorkWeeks?year=${next}`, as: EMAIL.admin });
    expect(res.text).toBe(SUCCESS.weeksDeleted);
    expect(await weeksOf(g, `?year=${next}`)).toHaveLength(0);
    expect(await weeksOf(g, `?year=${next}`, EMAIL.secondAdmin)).toHaveLength(planWeeks(N1).length);
    const none = await g.call({ method: 'DELETE', url: `/api/General/DeleteWorkWeeks?year=${next}`, as: EMAIL.admin });
    expect(none.status).toBe(200);
    expect(none.text).toMatch(new RegExp(`^INFO There are no work weeks for ${next}`));
  });
});

describe('planning a generation before it is sent', () => {
  const plan = async (date: string) => (await g.call({ method: 'GET', url: `/api/General/PlanWorkWeeks?date=${date}`, as: EMAIL.admin })).body;

  it('warns about days left in no week and another weekday, and names a refusal', async () => {
    const Y1 = firstMondayOf(year);
    expect((await g.call({ method: 'POST', url: `/api/General/GenerateWorkWeeks?date=${Y1}`, as: EMAIL.admin })).status).toBe(200);
    const last = planWeeks(Y1).at(-1)!;
    // The day after this year's last week (a Monday early in January) follows on: nothing to confirm.
    const follows = addDays(last.endDate, 1);
    expect(await plan(follows)).toEqual({
      year: next,
      weeks: planWeeks(follows).length,
      startDate: follows,
      endDate: planWeeks(follows).at(-1)!.endDate,
      warnings: [],
      refusal: null,
    });
    const wednesday = addDays(last.endDate, 3);
    expect((await plan(wednesday)).warnings).toEqual([
      `2 days between ${weekLabel(last)} of ${year} and the new first week (${usDate(follows)} - ${usDate(addDays(follows, 1))}) would be in no work week: loads, expenses and fuel on those days would have no week.`,
      `Your work weeks start on Mondays; ${usDate(wednesday)} is a Wednesday.`,
    ]);
    expect((await plan(`${year}-03-02`)).refusal).toBe(`Work weeks for ${year} already exist. Delete them first to generate them again.`);
    // Two years ahead may be planned; three years ahead is no date the form takes.
    expect((await plan(`${year + 2}-01-05`)).refusal).toBeNull();
    expect((await g.call({ method: 'GET', url: `/api/General/PlanWorkWeeks?date=${year + 3}-01-05`, as: EMAIL.admin })).status).toBe(400);
  });

  it('offers the years that have weeks, this year and next year', async () => {
    const years = (await t.call({ method: 'GET', url: '/api/General/GetWorkYears', as: EMAIL.dispatcher })).body as number[];
    expect(years).toEqual([year - 1, year, next]);
    expect((await g.call({ method: 'GET', url: '/api/General/GetWorkYears', as: EMAIL.dispatcher })).body).toEqual([year, next]);
  });
});
