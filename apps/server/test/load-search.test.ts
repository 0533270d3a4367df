import { createSim, DEMO_CREDENTIALS, type TSim } from '@haulboard/loadboard-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWeeks } from '../src/modules/work-weeks';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Load search (spec §2 relay/loadsearch) against the simulated board. */

let t: TTestApp;
let sim: TSim;
let weekId = 0;
let week: { startDate: string; endDate: string };
const DALLAS = { label: 'DALLAS, TX', latitude: 32.78306, longitude: -96.80667 };

beforeAll(async () => {
  t = await createTestApp();
  sim = createSim({ now: '2026-03-10T15:00:00Z', seed: 'load-search-test' });
  const url = await sim.listen({ port: 0 });
  await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(url)}`, as: EMAIL.admin });
  // The simulated board lives in 2026: its weeks are seeded directly (the route offers only this and next year).
  await insertWeeks(t.db, t.ids.companies.demo, '2026-01-05');
  const weeks = (await t.call({ method: 'GET', url: '/api/General/GetWorkWeeks?year=2026', as: EMAIL.admin })).body as any[];
  week = weeks.find((w) => w.startDate <= '2026-03-11' && w.endDate >= '2026-03-11');
  weekId = (week as any).weekId;
  await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { ...DEMO_CREDENTIALS, cookieSource: 'Chrome' } });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const search = (payload: unknown, as: string = EMAIL.admin) => t.call({ method: 'POST', url: '/api/LoadSearch/Search', payload, as });

describe('POST /api/LoadSearch/Search', () => {
  it('answers the week’s work around the city with payout as text and rate per mile from the exact cents', async () => {
    const wo = sim.addWorkOpportunity({ origin: 'Dallas, TX', pickupAt: '2026-03-11T14:00:00Z', payout: 1234.5678 });
    const res = await search({ weekId, origin: DALLAS, radius: 50 });
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(1);
    const row = res.body.rows.find((r: any) => r.id === wo.id);
    expect(row.payout).toBe('1234.57');
    expect(row.ratePerMile).toBe((Math.round(123457 / wo.totalDistance.value) / 100).toFixed(2));
    expect(row.route).toMatch(/^DALLAS, TX → [A-Z .]+, [A-Z]{2}$/);
    expect(row.stops[0]).toMatchObject({ type: 'PICKUP', city: 'DALLAS', state: 'TX' });
    expect(row.stopCount).toBe(wo.stopCount);
    for (const r of res.body.rows) {
      expect(r.pickupTime >= week.startDate && r.pickupTime < `${week.endDate}T23:59:59.999Z`).toBe(true);
      for (const s of r.stops) expect(s.state).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('says plainly when the session expired, and when the board limits us', async () => {
    sim.setFault({ status: 429, retryAfter: 30 });
    const limited = await search({ weekId, origin: DALLAS, radius: 50 });
    expect(limited.text).toBe('ERROR The load board is limiting requests. Try again in 30 seconds.');
    sim.expireSession();
    const expired = await search({ weekId, origin: DALLAS, radius: 50 });
    expect(expired.status).toBe(200);
    expect(expired.text).toMatch(/^ERROR No load board session works.*Cookie Administration\.$/);
    const [cookie] = (await t.call({ method: 'GET', url: '/api/CookieAdmin', as: EMAIL.admin })).body;
    expect(cookie).toMatchObject({ status: 'expired', isInUse: false });
    sim.setCredentials(DEMO_CREDENTIALS);
    expect((await search({ weekId, origin: DALLAS, radius: 50 })).text).toMatch(/^ERROR No load board session works/);
    await t.call({ method: 'GET', url: '/api/CookieAdmin/RefreshCookies', as: EMAIL.admin });
    expect((await search({ weekId, origin: DALLAS, radius: 50 })).status).toBe(200);
  });

  it('refuses bad bodies, another company’s week and those without the page', async () => {
    expect((await search({ origin: DALLAS })).status).toBe(400);
    expect((await search({ weekId, radius: 50 })).status).toBe(400);
    expect((await search({ weekId, origin: DALLAS, radius: 5000 })).status).toBe(400);
    expect((await search({ weekId, origin: DALLAS }, EMAIL.secondAdmin)).status).toBe(404);
    expect((await search({ weekId, origin: DALLAS }, EMAIL.driver)).status).toBe(403);
  });
});
