import { createSim, DEMO_CREDENTIALS, type TSim } from '@haulboard/loadboard-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardClient } from '../src/loadboard/client';
import { insertWeeks } from '../src/modules/work-weeks';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/** Spec §7 `GET /api/Accounting?id=` from the board itself, when the company has a working session. */

let t: TTestApp;
let sim: TSim;
let url = '';

beforeAll(async () => {
  t = await createTestApp();
  sim = createSim({ now: '2026-03-10T15:00:00Z', seed: 'load-import-live' });
  url = await sim.listen({ port: 0 });
  await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(url)}`, as: EMAIL.admin });
  // The simulated board lives in 2026: its weeks are seeded directly (the route offers only this and next year).
  await insertWeeks(t.db, t.ids.companies.demo, '2026-01-05');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const weekHolding = async (day: string) => {
  const weeks = (await t.call({ method: 'GET', url: '/api/General/GetWorkWeeks?year=2026', as: EMAIL.admin })).body as any[];
  return weeks.find((w) => w.startDate <= day && w.endDate >= day);
};

describe('load import from the live board', () => {
  it('without a stored session it falls back to the uploaded file, and says none was uploaded', async () => {
    const week = await weekHolding('2026-03-11');
    const res = await t.call({ method: 'GET', url: `/api/Accounting?id=${week.weekId}`, as: EMAIL.admin });
    expect(res.text).toMatch(/^ERROR No trips file for this company yet/);
    const board = await t.call({ method: 'GET', url: `/api/Accounting?id=${week.weekId}&source=board`, as: EMAIL.admin });
    expect(board.text).toMatch(/^ERROR The board cannot be read now/);
    const bad = await t.call({ method: 'GET', url: `/api/Accounting?id=${week.weekId}&source=elsewhere`, as: EMAIL.admin });
    expect(bad.status).toBe(400);
  });

  it("lists a trip the carrier booked on the board as a new load of its week, read from the board's export", async () => {
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { ...DEMO_CREDENTIALS, cookieSource: 'Chrome' } });
    const client = createBoardClient({ serviceUrl: url, session: DEMO_CREDENTIALS });
    const { works } = await client.search({});
    // A pickup from Monday to Saturday (Pacific) lies in one board week and one work week alike.
    const work = works.find((w) => {
      const day = new Date(new Date(w.firstPickupTime).getTime() - 8 * 3600_000).getUTCDay();
      return day >= 1 && day <= 5;
    })!;
    const booked = await client.book(work);
    const week = await weekHolding(new Date(new Date(work.firstPickupTime).getTime() - 8 * 3600_000).toISOString().slice(0, 10));
    const res = await t.call({ method: 'GET', url: `/api/Accounting?id=${week.weekId}`, as: EMAIL.admin });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('the board');
    const load = res.body.newLoads.find((l: any) => l.tripId === booked.tripId);
    expect(load).toBeTruthy();
    expect(load.payout).toBe(work.payoutCents / 100);
  });

  it('reads the uploaded file instead when asked, though a session works', async () => {
    const week = await weekHolding('2026-03-11');
    const trips = [
      'Block ID,Trip ID,Block/Trip,Trip Stage,Load ID,Facility Sequence,Load Execution Status,Transit Operator Type,Driver Name,Equipment Type,Trailer ID,Tractor Vehicle ID,Estimate Distance,Unit,Rate Type,Estimated Cost,Currency,Stop 1,Stop 1 UTC Offset,Stop 1 Planned Arrival Date,Stop 1 Planned Arrival Time,Stop 1  Actual Arrival Date,Stop 1  Actual Arrival Time,Stop 2,Stop 2 UTC Offset,Stop 2 Planned Arrival Date,Stop 2 Planned Arrival Time,Stop 2  Actual Arrival Date,Stop 2  Actual Arrival Time',
      "B-FILE1,T-FILE1,Trip,Completed,LFILE1,DFW6->ATL6,Completed,Single Driver,Sam Carter,53' Trailer,AZNG,101,781.0,Mi,Per Trip,1835.35,USD,DFW6,-05:00,03/11/2026,08:00,03/11/2026,08:10,ATL6,-05:00,03/11/2026,18:00,03/11/2026,18:20",
    ].join('\n');
    const body = await multipartBody({ WeekId: String(week.weekId) }, [{ field: 'File', name: 'TRIPS.csv', content: trips }]);
    const upload = await t.call({ method: 'POST', url: '/api/Accounting/UploadTrips', payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
    expect(upload.status).toBe(200);
    const fromFile = await t.call({ method: 'GET', url: `/api/Accounting?id=${week.weekId}&source=file`, as: EMAIL.admin });
    expect(fromFile.body.source).toBe('TRIPS.csv');
    expect(fromFile.body.newLoads.map((l: any) => l.tripId)).toEqual(['T-FILE1']);
    const fromBoard = await t.call({ method: 'GET', url: `/api/Accounting?id=${week.weekId}`, as: EMAIL.admin });
    expect(fromBoard.body.source).toBe('the board');
  });
});
