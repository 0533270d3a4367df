import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_HEADER, TRIPS_HEADER } from './exports';
import { createSim, DEMO_CREDENTIALS, type TSim, type TSimOptions } from './sim';
import { DAY, HOUR, pacificWeekOf } from './time';
import type { TWorkOpportunity } from './types';

/** The simulated load board, driven the way Haulboard's client will drive it (domain-notes §4.5). */

const NOW = '2026-03-10T15:00:00.000Z';
const AUTH = { cookie: DEMO_CREDENTIALS.cookie, 'x-csrf-token': DEMO_CREDENTIALS.csrfToken };
const DALLAS = { name: 'DALLAS', stateCode: 'TX', latitude: 32.78306, longitude: -96.80667 };

const sims: TSim[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
const make = (options: TSimOptions = {}) => {
  const sim = createSim({ now: NOW, ...options });
  sims.push(sim);
  return sim;
};

async function call(sim: TSim, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = AUTH) {
  const res = await sim.app.inject({ method, url, payload: payload as any, headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } });
  let body: any = res.body;
  if (String(res.headers['content-type']).includes('json')) body = res.json();
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}
const search = (sim: TSim, body: Record<string, unknown> = {}, headers?: Record<string, string>) => call(sim, 'POST', '/api/loadboard/search', body, headers);
const book = (sim: TSim, wo: Pick<TWorkOpportunity, 'id' | 'version' | 'majorVersion' | 'workOpportunityOptionId' | 'payout'>) =>
  call(sim, 'POST', `/api/loadboard/${wo.id}/${wo.version}/option/${wo.workOpportunityOptionId}/majorVersion/${wo.majorVersion}`, {
    isCallFromRA: false,
    totalCost: { value: wo.payout.value, unit: 'USD' },
    isCarrierEligibleForOneDayPayment: false,
    searchURL: '',
    auditContextMap: '{}',
  });

async function searchAll(sim: TSim, body: Record<string, unknown> = {}) {
  const all: TWorkOpportunity[] = [];
  let token: number | null = 0;
  const sizes: number[] = [];
  while (token !== null) {
    const res = await search(sim, { ...body, nextItemToken: token });
    expect(res.status).toBe(200);
    sizes.push(res.body.workOpportunities.length);
    all.push(...res.body.workOpportunities);
    token = res.body.nextItemToken;
  }
  return { all, sizes };
}
const pickup = (wo: TWorkOpportunity) => wo.loads[0].stops[0];
const miles = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const r = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * r) / 2) ** 2 + Math.cos(a.latitude * r) * Math.cos(b.latitude * r) * Math.sin(((b.longitude - a.longitude) * r) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.sqrt(h));
};

describe('search', () => {
  it('pages with nextItemToken, at most 50 a page, every work opportunity once', async () => {
    const sim = make();
    const first = await search(sim, { resultSize: 500 });
    expect(first.body.workOpportunities).toHaveLength(50);
    expect(first.body.nextItemToken).toBe(50);
    expect(first.body.totalResultsSize).toBe(300);
    expect(first.body).toMatchObject({ isBotRequest: false, metadata: null });
    expect(typeof first.body.searchAuditId).toBe('string');
    const { all, sizes } = await searchAll(sim, { resultSize: 40 });
    expect(sizes).toEqual([40, 40, 40, 40, 40, 40, 40, 20]);
    expect(new Set(all.map((w) => w.id)).size).toBe(300);
    const last = await search(sim, { resultSize: 40, nextItemToken: 280 });
    expect(last.body.nextItemToken).toBeNull();
  });

  it('seeds work across the freight hubs, pickups over the coming 7 days, with the board’s data traps', async () => {
    const sim = make();
    const { all } = await searchAll(sim);
    const cities = new Set(all.map((w) => pickup(w).location.city));
    for (const hub of ['DALLAS', 'CHICAGO', 'ATLANTA', 'LOS ANGELES', 'MEMPHIS', 'COLUMBUS', 'INDIANAPOLIS', 'HARRISBURG', 'ONTARIO', 'PHOENIX']) {
      expect(cities).toContain(hub);
    }
    const times = all.map((w) => Date.parse(w.firstPickupTime) - Date.parse(NOW));
    expect(Math.min(...times)).toBeGreaterThan(0);
    expect(Math.max(...times)).toBeLessThanOrEqual(7 * DAY);
    expect(times.filter((t) => t > 5 * DAY).length).toBeGreaterThan(10);
    // Mixed state spellings inside one response, and payouts that need rounding to cents.
    const states = new Set(all.flatMap((w) => w.loads.flatMap((l) => l.stops.map((s) => s.location.state))));
    expect(states).toContain('CA');
    expect([...states].some((s) => s.length > 2 && s === s.toUpperCase())).toBe(true);
    expect([...states].some((s) => /^[A-Z][a-z]/.test(s))).toBe(true);
    expect(all.some((w) => String(w.payout.value).split('.')[1]?.length > 4)).toBe(true);
    expect(all.some((w) => w.workOpportunityType === 'ROUND_TRIP' && w.loads.length === 2)).toBe(true);
    expect(all.every((w) => w.loads.every((l) => l.workOpportunityId === w.id && l.versionedLoadId.id.startsWith('tr-')))).toBe(true);
  });

  it('filters by radius from up to 5 origins, payout, rate per mile, stops, work type, loading type, equipment and pickup window', async () => {
    const sim = make();
    const radius = await searchAll(sim, {
      originCitiesRadiusFilters: [{ cityName: 'DALLAS', cityStateCode: 'TX', cityDisplayValue: 'DALLAS, TX', cityLatitude: DALLAS.latitude, cityLongitude: DALLAS.longitude, radius: 50 }],
    });
    expect(radius.all.length).toBeGreaterThan(5);
    for (const w of radius.all) expect(miles(DALLAS, pickup(w).location)).toBeLessThanOrEqual(50);
    // originCities with startCityRadius answers the same.
    const viaCities = await searchAll(sim, { originCities: [{ ...DALLAS, displayValue: 'DALLAS, TX' }], startCityRadius: 50 });
    expect(viaCities.all.map((w) => w.id)).toEqual(radius.all.map((w) => w.id));

    const rich = await searchAll(sim, { minPayout: 1500, minPricePerDistance: 3 });
    expect(rich.all.length).toBeGreaterThan(0);
    for (const w of rich.all) {
      expect(w.payout.value).toBeGreaterThanOrEqual(1500);
      expect(w.payout.value / w.totalDistance.value).toBeGreaterThanOrEqual(3);
    }
    const roundTrips = await searchAll(sim, { workOpportunityTypeList: ['ROUND_TRIP'] });
    expect(roundTrips.all.length).toBeGreaterThan(0);
    expect(roundTrips.all.every((w) => w.workOpportunityType === 'ROUND_TRIP')).toBe(true);
    const twoStops = await searchAll(sim, { maximumNumberOfStops: 2 });
    expect(twoStops.all.every((w) => w.stopCount <= 2)).toBe(true);
    const drop = await searchAll(sim, { loadingTypeFilters: ['DROP'] });
    expect(drop.all.every((w) => pickup(w).loadingType === 'PRELOADED')).toBe(true);
    const live = await searchAll(sim, { loadingTypeFilters: ['LIVE'] });
    expect(drop.all.length + live.all.length).toBe(300);
    const box = await searchAll(sim, { categorizedEquipmentTypeList: [{ equipmentCategory: 'PROVIDED', equipmentsList: ['TWENTY_SIX_FOOT_BOX_TRUCK'] }] });
    expect(box.all.every((w) => w.loads.every((l) => l.equipmentType === 'TWENTY_SIX_FOOT_BOX_TRUCK'))).toBe(true);
    const startDate = new Date(Date.parse(NOW) + DAY).toISOString();
    const endDate = new Date(Date.parse(NOW) + 2 * DAY).toISOString();
    const window = await searchAll(sim, { startDate, endDate });
    expect(window.all.length).toBeGreaterThan(0);
    for (const w of window.all) expect(w.firstPickupTime >= startDate && w.firstPickupTime <= endDate).toBe(true);
    const teams = await searchAll(sim, { driverTypeFilters: ['TEAM_DRIVER'] });
    expect(teams.all.every((w) => w.transitOperatorType === 'TEAM_DRIVER')).toBe(true);
  });

  it('refuses bad filters with the board’s error body, never a 500', async () => {
    const sim = make();
    const six = Array.from({ length: 6 }, () => ({ cityLatitude: 32.7, cityLongitude: -96.8, radius: 50 }));
    const res = await search(sim, { originCitiesRadiusFilters: six });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorCode: 'INVALID_INPUT', message: 'At most 5 origin cities' });
    expect((await search(sim, { minPayout: 'lots' })).body.message).toBe('minPayout must be a number');
    expect((await search(sim, { startDate: 'someday' })).status).toBe(400);
    expect((await search(sim, { nextItemToken: -3 })).status).toBe(400);
    expect((await search(sim, { originCities: [{ name: 'X' }] })).status).toBe(400);
  });

  it('is deterministic: the same seed and clock give the same board, another seed another', async () => {
    const a = (await search(make({ seed: 7 }), { resultSize: 50 })).body.workOpportunities;
    const b = (await search(make({ seed: 7 }), { resultSize: 50 })).body.workOpportunities;
    const c = (await search(make({ seed: 8 }), { resultSize: 50 })).body.workOpportunities;
    expect(b).toEqual(a);
    expect(c.map((w: TWorkOpportunity) => w.id)).not.toEqual(a.map((w: TWorkOpportunity) => w.id));
  });

  it('brings new work as the clock advances, and drops work whose pickup passed', async () => {
    const sim = make({ newPerHour: 6 });
    const before = (await search(sim, { resultSize: 1 })).body.totalResultsSize;
    sim.clock.advance(5 * HOUR);
    const res = await search(sim, { sortByField: 'relevanceForSearchTab', resultSize: 50 });
    const fresh = (await searchAll(sim)).all.filter((w) => Date.parse(w.createdAtTime) > Date.parse(NOW));
    expect(fresh.length).toBeGreaterThanOrEqual(10);
    for (const w of fresh) expect(Date.parse(w.createdAtTime)).toBeLessThanOrEqual(sim.clock.now());
    const recent = await call(sim, 'POST', '/api/loadboard/recommendations/get', { resultSize: 5 });
    expect(Date.parse(recent.body.workOpportunities[0].createdAtTime)).toBeGreaterThan(Date.parse(NOW));
    for (const w of res.body.workOpportunities) expect(Date.parse(w.firstPickupTime)).toBeGreaterThan(sim.clock.now());
    expect(res.body.totalResultsSize).not.toBe(before);
    // Same seed, same clock moves: the same new work.
    const twin = make({ newPerHour: 6 });
    twin.clock.advance(5 * HOUR);
    expect((await searchAll(twin)).all.map((w) => w.id)).toEqual((await searchAll(sim)).all.map((w) => w.id));
  });
});

describe('booking', () => {
  it('books the current version; the work leaves search and shows among booked loads', async () => {
    const sim = make();
    const [wo] = (await search(sim, { resultSize: 1 })).body.workOpportunities;
    const res = await book(sim, wo);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workOpportunityId: wo.id, status: 'BOOKED' });
    expect(res.body.tripId).toMatch(/^T-/);
    const after = await searchAll(sim);
    expect(after.all.map((w) => w.id)).not.toContain(wo.id);
    expect(after.all).toHaveLength(299);
    expect(sim.bookedLoads()).toMatchObject([{ workOpportunityId: wo.id, tripId: res.body.tripId, status: 'Scheduled' }]);
    // Booking it again: taken.
    const again = await book(sim, wo);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('WORK_OPPORTUNITY_NOT_AVAILABLE');
  });

  it('holds book calls when told to and books them once released, even if the caller is gone', async () => {
    const sim = make();
    const [wo] = (await search(sim, { resultSize: 1 })).body.workOpportunities;
    sim.holdBookings();
    let answered = false;
    const pending = book(sim, wo).then((res) => {
      answered = true;
      return res;
    });
    for (let i = 0; i < 50 && sim.heldBookings() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(sim.heldBookings()).toBe(1);
    expect(sim.bookCalls().map((c) => c.workOpportunityId)).toEqual([wo.id]);
    expect(answered).toBe(false);
    expect(sim.bookedLoads()).toEqual([]);
    sim.releaseBookings();
    expect((await pending).status).toBe(200);
    expect(sim.bookedLoads().map((b) => b.workOpportunityId)).toEqual([wo.id]);
  });

  it('answers 409 on a stale version, a changed price, or work another carrier took; 404 for an unknown id', async () => {
    const sim = make();
    const [a, b, c] = (await search(sim, { resultSize: 3 })).body.workOpportunities;
    sim.bumpVersion(a.id);
    const stale = await book(sim, a);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('WORK_OPPORTUNITY_VERSION_MISMATCH');
    expect((await book(sim, { ...a, majorVersion: a.majorVersion + 1, version: a.version + 1 })).status).toBe(409);
    expect((await book(sim, { ...a, version: a.version + 1 })).status).toBe(200);

    sim.takeWorkOpportunity(b.id);
    expect((await book(sim, b)).status).toBe(409);
    expect((await searchAll(sim)).all.map((w) => w.id)).not.toContain(b.id);

    const cheaper = await book(sim, { ...c, payout: { value: c.payout.value - 50, unit: 'USD' } });
    expect(cheaper.status).toBe(409);
    expect(cheaper.body.errorCode).toBe('WORK_OPPORTUNITY_PRICE_CHANGED');

    const unknown = await book(sim, { ...c, id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
  });

  it('adds work a test asks for, found by an order from that city', async () => {
    const sim = make();
    const wo = sim.addWorkOpportunity({ origin: 'Memphis, TN', destination: 'ATL6', pickupAt: Date.parse(NOW) + 3 * HOUR, payout: 1234.5678901, loadingType: 'PRELOADED' });
    expect(wo.startLocation.city).toBe('MEMPHIS');
    expect(wo.endLocation.stopCode).toBe('ATL6');
    const found = await searchAll(sim, { originCitiesRadiusFilters: [{ cityLatitude: 35.14953, cityLongitude: -90.04898, radius: 25 }], loadingTypeFilters: ['DROP'] });
    expect(found.all.map((w) => w.id)).toContain(wo.id);
    expect(found.all.find((w) => w.id === wo.id)?.payout.value).toBe(1234.5678901);
  });
});

describe('session, CSRF, faults', () => {
  it('answers 400 "No CSRF token present!" without the token header, or with a wrong one', async () => {
    const sim = make();
    const none = await search(sim, {}, { cookie: DEMO_CREDENTIALS.cookie });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ defaultErrorMessage: 'No CSRF token present!' });
    const wrong = await search(sim, {}, { cookie: DEMO_CREDENTIALS.cookie, 'x-csrf-token': 'nope' });
    expect(wrong.status).toBe(400);
    const a2z = await search(sim, { resultSize: 1 }, { cookie: DEMO_CREDENTIALS.cookie, 'anti-csrftoken-a2z': DEMO_CREDENTIALS.csrfToken });
    expect(a2z.status).toBe(200);
  });

  it('answers 403 mentioning CSRF for a rotated token; the page gives the new one', async () => {
    const sim = make();
    sim.rotateCsrfToken('tok-new');
    const old = await search(sim);
    expect(old.status).toBe(403);
    expect(JSON.stringify(old.body)).toContain('CSRF');
    const page = await call(sim, 'GET', '/loadboard/search', undefined, { cookie: DEMO_CREDENTIALS.cookie });
    const token = /x-owp-csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toBe('tok-new');
    expect((await search(sim, { resultSize: 1 }, { cookie: DEMO_CREDENTIALS.cookie, 'x-csrf-token': 'tok-new' })).status).toBe(200);
  });

  it('shows the sign-in page (not JSON) for an expired or unknown session, or a 401 when asked', async () => {
    const sim = make();
    const stranger = await search(sim, {}, { cookie: 'session-id=someone-else', 'x-csrf-token': DEMO_CREDENTIALS.csrfToken });
    expect(String(stranger.headers['content-type'])).toContain('text/html');
    expect(stranger.body).toContain('Sign in');
    sim.expireSession();
    const html = await search(sim);
    expect(String(html.headers['content-type'])).toContain('text/html');
    expect(() => JSON.parse(html.body)).toThrow();
    sim.expireSession('401');
    expect((await search(sim)).status).toBe(401);
    // A fresh login: new cookies and token work, the old ones do not.
    sim.setCredentials({ cookie: 'session-id=fresh; at-owpus=new', csrfToken: 'tok-2' });
    expect((await search(sim, { resultSize: 1 }, { cookie: 'session-id=fresh; at-owpus=new; csm-hit=x', 'x-csrf-token': 'tok-2' })).status).toBe(200);
    expect((await search(sim)).status).toBe(200); // 200 with the sign-in page
    expect(String((await search(sim)).headers['content-type'])).toContain('text/html');
    // The page bots read the token from.
    const page = await call(sim, 'GET', '/loadboard/search', undefined, { cookie: 'session-id=fresh; at-owpus=new' });
    expect(page.body).toContain('<meta name="x-owp-csrf-token" content="tok-2">');
  });

  it('answers 429 with Retry-After when told to, then recovers', async () => {
    const sim = make();
    sim.setFault({ status: 429, times: 2, retryAfter: 7 });
    for (let i = 0; i < 2; i++) {
      const res = await search(sim);
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
    }
    expect((await search(sim, { resultSize: 1 })).status).toBe(200);
    sim.setFault({ status: 503 });
    expect((await search(sim)).status).toBe(503);
    sim.setFault({ status: 200, body: { errorCode: 'INTERNAL', message: 'Something went wrong' } });
    expect((await search(sim)).body).toEqual({ errorCode: 'INTERNAL', message: 'Something went wrong' });
  });

  it('limits the rate with a token bucket on the sim clock', async () => {
    const sim = make({ rateLimit: { capacity: 3, refillPerSecond: 1 } });
    for (let i = 0; i < 3; i++) expect((await search(sim, { resultSize: 1 })).status).toBe(200);
    const limited = await search(sim, { resultSize: 1 });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    sim.clock.advance(1000);
    expect((await search(sim, { resultSize: 1 })).status).toBe(200);
  });

  it('answers random 503s at the configured rate, the same ones for the same seed', async () => {
    const run = async () => {
      const sim = make({ random503Rate: 0.3 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await search(sim, { resultSize: 1 })).status);
      return statuses;
    };
    const first = await run();
    expect(first.filter((s) => s === 503).length).toBeGreaterThan(3);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(15);
    expect(await run()).toEqual(first);
  });
});

describe('robustness', () => {
  it('never answers 500 to odd bodies, ids or texts', async () => {
    const sim = make();
    const bodies: unknown[] = [
      [], 'text', 42, null,
      { originCitiesRadiusFilters: 'Dallas' }, { originCitiesRadiusFilters: [null] }, { originCities: [{}] },
      { workOpportunityTypeList: 'ONE_WAY' }, { workOpportunityTypeList: [1, 2] }, { categorizedEquipmentTypeList: [{ equipmentsList: 'X' }] },
      { resultSize: 0 }, { resultSize: 1e9 }, { nextItemToken: 'abc' }, { nextItemToken: 1.5 }, { startDate: {} }, { sortByField: { $gt: 1 } },
      { minPayout: Number.MAX_VALUE }, { destinationCitiesRadiusFilters: [{ cityLatitude: 'x' }] },
    ];
    for (const body of bodies) {
      const res = await call(sim, 'POST', '/api/loadboard/search', body);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const url of ['/api/loadboard/x/y/option/z/majorVersion/w', '/api/loadboard/%00/1/option/1/majorVersion/1', `/api/loadboard/filters/cities/search/${'a'.repeat(500)}`, '/api/loadboard/filters/cities/search/%E2%98%83']) {
      const res = await call(sim, url.includes('cities') ? 'GET' : 'POST', url, url.includes('cities') ? undefined : {});
      expect(res.status, url).toBeLessThan(500);
    }
    const badJson = await sim.app.inject({ method: 'POST', url: '/api/loadboard/search', payload: '{oops', headers: { ...AUTH, 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
  });
});

describe('Post-a-Truck orders', () => {
  it('assigns an id, a P- alias and a version; an update bumps the version', async () => {
    const sim = make();
    const order = { runType: 'ONE_WAY', originCityInfo: { ...DALLAS, country: 'US' }, originCityRadius: { value: 50, unit: 'mi' }, totalCost: { value: 900, unit: 'USD' } };
    const res = await call(sim, 'POST', '/api/loadboard/orders/upsert', order);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'OPEN', version: 1, originCityInfo: { displayValue: 'DALLAS, TX', nearestDomicileCode: null } });
    expect(res.body.alias).toMatch(/^P-[A-Z0-9]{9}$/);
    const again = await call(sim, 'POST', '/api/loadboard/orders/upsert', { ...order, id: res.body.id });
    expect(again.body).toMatchObject({ id: res.body.id, alias: res.body.alias, version: 2 });
    expect(sim.orders()).toHaveLength(1);
    expect((await call(sim, 'POST', '/api/loadboard/orders/upsert', { runType: 'SIDEWAYS' })).status).toBe(400);
  });
});

describe('city search', () => {
  it('matches a substring, upper-case names, keyed by name and state', async () => {
    const sim = make();
    const res = await call(sim, 'GET', '/api/loadboard/filters/cities/search/essemer');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ name: 'BESSEMER', stateCode: 'AL', country: 'US', displayValue: null }));
    const dallas = await call(sim, 'GET', '/api/loadboard/filters/cities/search/dallas');
    expect(dallas.body[0]).toMatchObject({ name: 'DALLAS', stateCode: 'TX', nearestDomicileCode: 'DFW' });
    expect((await call(sim, 'GET', '/api/loadboard/filters/cities/search/x')).body).toEqual([]);
  });
});

describe('exports', () => {
  const lastWeek = pacificWeekOf(Date.parse(NOW) - 7 * DAY);

  it('gives the payment details of a week as CSV with the board’s header, a summary row and the usual quirks', async () => {
    const sim = make();
    const res = await call(sim, 'GET', `/api/loadboard/exports/payments?week=${lastWeek}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('relay_payment_details_');
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual(PAYMENT_HEADER);
    const lines = rows.slice(1).map((r) => Object.fromEntries(PAYMENT_HEADER.map((h, i) => [h, r[i]])));
    const summary = lines[lines.length - 1];
    expect(summary['Trip ID']).toBe('');
    const body = lines.slice(0, -1);
    const totalCents = body.reduce((s, l) => s + Math.round(Number(l['Gross Pay']) * 100), 0);
    expect(Math.round(Number(summary['Gross Pay']) * 100)).toBe(totalCents);
    const types = body.map((l) => l['Item Type']);
    expect(types).toContain('TOUR - COMPLETED');
    expect(types).toContain('LOAD - COMPLETED');
    expect(types).toContain('ADJUSTMENT - DISPUTE');
    expect(types).toContain('Tour - Completed');
    expect(body.every((l) => (l['Item Type'].toUpperCase().startsWith('TOUR') ? l['Load ID'] === '' : true))).toBe(true);
    expect(body.some((l) => l.Comments.startsWith('Detention'))).toBe(true);
    expect(body.every((l) => /^-?\d+\.\d{2}$/.test(l['Gross Pay']))).toBe(true);
  });

  it('gives the trips of a week with the double-space stop headers; payments leave out the missing and cancelled ones', async () => {
    const sim = make();
    const res = await call(sim, 'GET', `/api/loadboard/exports/trips?week=${lastWeek}`);
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual(TRIPS_HEADER);
    expect(rows[0]).toContain('Stop 2  Actual Arrival Date/Time');
    const col = (name: string) => rows[0].indexOf(name);
    const trips = rows.slice(1);
    expect(trips.length).toBeGreaterThan(5);
    const statuses = new Set(trips.map((r) => r[col('Load Execution Status')]));
    expect(statuses).toContain('Completed');
    expect(statuses).toContain('Cancelled');
    const paid = new Set<string>();
    for (const week of [lastWeek, pacificWeekOf(Date.parse(NOW))]) {
      const p: string[][] = parse((await call(sim, 'GET', `/api/loadboard/exports/payments?week=${week}`)).body);
      for (const r of p.slice(1)) paid.add(r[2]);
    }
    const tripIds = new Set(trips.map((r) => r[col('Trip ID')]));
    const unpaid = [...tripIds].filter((id) => !paid.has(id));
    // The cancelled trip and the one missing from payments.
    expect(unpaid).toHaveLength(2);
  });

  it('gives XLSX with a "Payment Details" sheet', async () => {
    const sim = make();
    const res = await call(sim, 'GET', `/api/loadboard/exports/payments?week=${lastWeek}&format=xlsx`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as any);
    const sheet = wb.getWorksheet('Payment Details');
    if (!sheet) throw new Error('No "Payment Details" sheet');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(PAYMENT_HEADER);
    expect(sheet.rowCount).toBeGreaterThan(5);
  });

  it('includes what the carrier booked, completed once the clock passes its last stop', async () => {
    const sim = make();
    const wo = sim.addWorkOpportunity({ origin: 'DFW6', destination: 'HOU2', pickupAt: Date.parse(NOW) + 2 * HOUR });
    expect((await book(sim, wo)).status).toBe(200);
    sim.clock.setNow(Date.parse(wo.lastDeliveryTime) + HOUR);
    const week = pacificWeekOf(Date.parse(wo.firstPickupTime));
    const trips: string[][] = parse((await call(sim, 'GET', `/api/loadboard/exports/trips?week=${week}`)).body);
    const row = trips.find((r) => r[1] === sim.bookedLoads()[0].tripId);
    expect(row?.[trips[0].indexOf('Load Execution Status')]).toBe('Completed');
    expect(row?.[trips[0].indexOf('Load ID')]).toBe(wo.loads[0].versionedLoadId.id.slice(3));
    const payWeek = pacificWeekOf(Date.parse(wo.lastDeliveryTime));
    const pay: string[][] = parse((await call(sim, 'GET', `/api/loadboard/exports/payments?week=${payWeek}`)).body);
    const tour = pay.find((r) => r[2] === sim.bookedLoads()[0].tripId && r[10] === 'TOUR - COMPLETED');
    expect(Number(tour?.[21])).toBeCloseTo(Math.round(wo.payout.value * 100) / 100, 2);
  });

  it('refuses a bad week or format', async () => {
    const sim = make();
    expect((await call(sim, 'GET', '/api/loadboard/exports/trips?week=2026-02-31')).status).toBe(400);
    expect((await call(sim, 'GET', `/api/loadboard/exports/trips?week=${lastWeek}&format=pdf`)).status).toBe(400);
  });
});

describe('mountSim', () => {
  it('serves the board under a prefix inside another Fastify app', async () => {
    const { default: Fastify } = await import('fastify');
    const { mountSim } = await import('./sim');
    const host = Fastify();
    const control = await mountSim(host, { prefix: '/sim', now: NOW });
    const res = await host.inject({ method: 'POST', url: '/sim/api/loadboard/search', payload: { resultSize: 2 }, headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.json().workOpportunities).toHaveLength(2);
    expect((await host.inject({ method: 'POST', url: '/sim/api/loadboard/search', payload: {}, headers: { cookie: AUTH.cookie } })).statusCode).toBe(400);
    expect(control.requests().map((r) => r.status)).toEqual([200, 400]);
    await host.close();
  });
});
