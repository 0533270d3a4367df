import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSim, DEMO_CREDENTIALS, type TSim } from '@haulboard/loadboard-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseWork } from './answers';
import { BoardError, createBoardClient } from './client';
import { boardBase, retryAfterSeconds } from './transport';

/** The board client against the simulated board, listening in this process on a free port. */

const NOW = '2026-03-10T15:00:00.000Z';
const DALLAS = { name: 'Dallas', stateCode: 'TX', latitude: 32.78306, longitude: -96.80667, radiusMiles: 50 };

let sim: TSim;
let url: string;
beforeAll(async () => {
  sim = createSim({ now: NOW, seed: 'client-test' });
  url = await sim.listen({ port: 0 });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.clearFaults();
  sim.setCredentials(DEMO_CREDENTIALS);
});

const client = (over: Partial<Parameters<typeof createBoardClient>[0]> = {}) => createBoardClient({ serviceUrl: url, session: DEMO_CREDENTIALS, ...over });

async function failure(p: Promise<unknown>): Promise<BoardError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(BoardError);
    return e as BoardError;
  }
  throw new Error('expected the call to fail');
}

/** Neither the cookie's values nor the token may appear in what an error says. */
function expectNoSecret(e: BoardError) {
  const text = `${e.message} ${JSON.stringify(e)} ${e.stack}`;
  for (const part of [DEMO_CREDENTIALS.csrfToken, 'demo-session-token', 'Atza|demo-owpus', 'demo-sess-at']) expect(text).not.toContain(part);
}

describe('the board client', () => {
  it('searches one page around a city: states normalised, payouts in cents, paging by nextItemToken', async () => {
    const page = await client().search({ origins: [DALLAS], resultSize: 5 });
    expect(page.works.length).toBeGreaterThan(0);
    expect(page.works.length).toBeLessThanOrEqual(5);
    expect(page.total).toBeGreaterThanOrEqual(page.works.length);
    for (const w of page.works) {
      expect(Number.isInteger(w.payoutCents)).toBe(true);
      expect(w.origin.state).toMatch(/^[A-Z]{2}$/);
      expect(w.destination.state).toMatch(/^[A-Z]{2}$/);
      for (const s of w.stops) expect(s.place.state).toMatch(/^[A-Z]{2}$/);
      expect(w.stops[0].type).toBe('PICKUP');
      expect(w.stops.length).toBeGreaterThanOrEqual(2);
      expect(w.distanceMiles).toBeGreaterThan(0);
    }
    if (page.total > 5) {
      expect(page.nextItemToken).toBe(5);
      const next = await client().search({ origins: [DALLAS], resultSize: 5, nextItemToken: page.nextItemToken });
      expect(next.works.map((w) => w.id)).not.toContain(page.works[0].id);
    }
  });

  it('follows every page with searchAll', async () => {
    const all = await client().searchAll({ origins: [DALLAS] });
    expect(all.works.length).toBe(all.total);
    expect(new Set(all.works.map((w) => w.id)).size).toBe(all.works.length);
    expect(all.nextItemToken).toBeNull();
  });

  it('parses float payouts and every spelling of a state', () => {
    const stop = (state: string, type: string) => ({
      stopSequenceNumber: 1,
      stopType: type,
      location: { stopCode: 'ONT8', city: 'Ontario', state, postalCode: '91761', latitude: 34, longitude: -117, timeZone: 'America/Los_Angeles' },
      actions: [{ type: 'CHECKIN', plannedTime: '2026-03-11T10:00:00Z' }],
      loadingType: 'PRELOADED',
      unloadingType: null,
    });
    const w = parseWork({
      id: 'wo-1',
      version: 2,
      majorVersion: 1,
      payout: { value: 1234.5650000001, unit: 'USD' },
      totalDistance: { value: 412.3, unit: 'miles' },
      loads: [{ versionedLoadId: { id: 'tr-1' }, stops: [stop('California', 'PICKUP'), stop('CALIFORNIA', 'DROPOFF')] }, { versionedLoadId: { id: 'tr-2' }, stops: [stop('ca', 'DROPOFF')] }],
    });
    expect(w?.payoutCents).toBe(123457);
    expect(w?.stops.map((s) => s.place.state)).toEqual(['CA', 'CA', 'CA']);
    expect(w?.loadIds).toEqual(['tr-1', 'tr-2']);
    expect(w?.loadingType).toBe('PRELOADED');
    expect(w?.destination.city).toBe('ONTARIO');
    expect(parseWork({ id: 'x', payout: { value: 'lots' }, totalDistance: { value: 3 } })).toBeNull();
  });

  it('finds cities and books at the seen version (409 once taken)', async () => {
    const cities = await client().searchCities('memph');
    expect(cities.some((c) => c.name === 'MEMPHIS' && c.stateCode === 'TN')).toBe(true);
    const wo = sim.addWorkOpportunity({ origin: 'Dallas, TX', payout: 1500.123456 });
    const [work] = (await client().searchAll({ origins: [DALLAS] })).works.filter((w) => w.id === wo.id);
    expect(work.payoutCents).toBe(150012);
    const booked = await client().book(work);
    expect(booked.workOpportunityId).toBe(wo.id);
    expect(booked.tripId).toBeTruthy();
    const again = await failure(client().book(work));
    expect(again.kind).toBe('conflict');
    expect(again.status).toBe(409);
  });

  it('reads the exports of a week', async () => {
    const csv = (await client().exportTrips('2026-03-01')).toString('utf8');
    expect(csv.split('\n')[0]).toContain('Trip ID');
    const xlsx = await client().exportPayments('2026-03-01', 'xlsx');
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    expect((await failure(client().exportTrips('March'))).kind).toBe('refused');
  });

  it('says the session expired when the board sends its sign-in page, or a 401', async () => {
    sim.expireSession('html');
    const html = await failure(client().check());
    expect(html.kind).toBe('session-expired');
    expectNoSecret(html);
    sim.expireSession('401');
    const e401 = await failure(client().search());
    expect(e401.kind).toBe('session-expired');
    expect(e401.status).toBe(401);
    sim.setCredentials(DEMO_CREDENTIALS);
    await client().check();
    // A session the board never issued: the sign-in page too.
    expect((await failure(client({ session: { cookie: 'session-id=1', csrfToken: DEMO_CREDENTIALS.csrfToken } }).check())).kind).toBe('session-expired');
  });

  it('says the CSRF token was refused (400 No CSRF token present! / 403 stale)', async () => {
    const wrong = await failure(client({ session: { cookie: DEMO_CREDENTIALS.cookie, csrfToken: 'not-the-token' } }).check());
    expect(wrong.kind).toBe('csrf-refused');
    expect(wrong.status).toBe(400);
    expectNoSecret(wrong);
    sim.rotateCsrfToken('fresh-token');
    const stale = await failure(client().check());
    expect(stale.kind).toBe('csrf-refused');
    expect(stale.status).toBe(403);
  });

  it('passes on 429 with Retry-After, and 503 as unavailable (with its Retry-After when it gives one)', async () => {
    sim.setFault({ status: 429, retryAfter: 7 });
    const limited = await failure(client().search());
    expect(limited.kind).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.transient).toBe(true);
    sim.setFault({ status: 503 });
    const down = await failure(client().search());
    expect(down.kind).toBe('unavailable');
    expect(down.status).toBe(503);
    expect(down.retryAfterSeconds).toBeNull();
    sim.setFault({ status: 503, retryAfter: 4 });
    expect((await failure(client().search())).retryAfterSeconds).toBe(4);
    sim.setFault({ status: 200, body: { errorCode: 'TOO_MANY_REQUESTS', message: 'Rate exceeded' } });
    expect((await failure(client().search())).kind).toBe('rate-limited');
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10);
  });

  it('refuses a bad Service URL and a missing session without calling anything', async () => {
    expect((await failure(createBoardClient({ serviceUrl: 'ftp://board', session: DEMO_CREDENTIALS }).check())).kind).toBe('not-configured');
    expect((await failure(client({ session: { cookie: '', csrfToken: '' } }).check())).kind).toBe('not-configured');
    expect(boardBase('https://relay.example.com/board/?x=1')?.href).toBe('https://relay.example.com/board');
    expect(boardBase('https://user:pw@relay.example.com')).toBeNull();
  });

  it('works under a path prefix of the Service URL', async () => {
    const host = createSim({ now: NOW });
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    const { mountSim } = await import('@haulboard/loadboard-sim');
    await mountSim(app, { prefix: '/sim', now: NOW });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app.server.address() as AddressInfo).port;
      const page = await createBoardClient({ serviceUrl: `http://127.0.0.1:${port}/sim/`, session: DEMO_CREDENTIALS }).search({ resultSize: 2 });
      expect(page.works).toHaveLength(2);
    } finally {
      await app.close();
      await host.close();
    }
  });
});

describe('the board client against a misbehaving server', () => {
  let server: http.Server;
  let base: string;
  let handler: http.RequestListener = () => {};
  beforeAll(async () => {
    server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('follows no redirect (to another host or its own)', async () => {
    let seen = 0;
    handler = (_req, res) => {
      seen++;
      res.writeHead(302, { location: 'https://evil.example.com/steal' }).end();
    };
    const e = await failure(createBoardClient({ serviceUrl: base, session: DEMO_CREDENTIALS }).check());
    expect(e.kind).toBe('session-expired');
    expect(seen).toBe(1);
  });

  it('gives up on a slow board and on an answer that is too big', async () => {
    handler = (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 2000);
    };
    const slow = await failure(createBoardClient({ serviceUrl: base, session: DEMO_CREDENTIALS, timeoutMs: 200 }).check());
    expect(slow.kind).toBe('unavailable');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"workOpportunities":[],"pad":"${'x'.repeat(20_000)}"}`);
    };
    const big = await failure(createBoardClient({ serviceUrl: base, session: DEMO_CREDENTIALS, maxBytes: 10_000 }).check());
    expect(big.kind).toBe('bad-response');
  });

  it('calls text that is not JSON a bad response, and never repeats what the board said back', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
    };
    expect((await failure(createBoardClient({ serviceUrl: base, session: DEMO_CREDENTIALS }).check())).kind).toBe('bad-response');
    handler = (req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: 'INVALID_INPUT', message: `bad ${req.headers.cookie}` }));
    };
    const e = await failure(createBoardClient({ serviceUrl: base, session: DEMO_CREDENTIALS }).check());
    expect(e.kind).toBe('refused');
    expect(e.message).toContain('bad');
    expectNoSecret(e);
  });
});
