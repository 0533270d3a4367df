import { randomBytes } from 'node:crypto';
import { ROLE } from '@haulboard/contract';
import { createSim, DEMO_CREDENTIALS, type TSim } from '@haulboard/loadboard-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../src/db/client';
import { brokers, loadDrivers, loadOrders, loads, orderBookings, orderEvents, userCompanies, userRoles, users, workWeeks } from '../src/db/schema';
import type { TDemoStep } from '../src/db/seed/demo';
import { createBoardClient } from '../src/loadboard/client';
import { createVault } from '../src/loadboard/vault';
import { pruneOrderEvents, startOrderEngine, type TEngineOptions, type TOrderEngine } from '../src/modules/load-orders';
import { findAlerts } from '../src/modules/load-orders/alerts';
import { insertWeeks } from '../src/modules/work-weeks';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * The load-order engine (issue 12) against the simulated board: alerts, booking once, Book &
 * Assign, races, the session circuit, pacing under a 429 storm, recovery after a crash.
 * Each test uses its own payout band so that one test's work never matches another's orders.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const vault = createVault(randomBytes(32));
let t: TTestApp;
let sim: TSim;
let simUrl: string;
let drivers: number[];
let engine: TOrderEngine | null = null;
/** Every call the engine sends to the board, with its (real) time. */
const calls: { at: number; path: string; status?: number; answeredAt?: number }[] = [];
/** The next booking calls answer this instead of reaching the board (scripted board answers). */
const bookAnswers: (() => Response | Promise<Response>)[] = [];
const countingFetch: typeof fetch = async (input, init) => {
  const path = new URL(String(input)).pathname;
  const call: (typeof calls)[number] = { at: Date.now(), path };
  calls.push(call);
  const scripted = path.includes('/option/') ? bookAnswers.shift() : undefined;
  const res = scripted ? await scripted() : await fetch(input, init);
  Object.assign(call, { status: res.status, answeredAt: Date.now() });
  return res;
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const RPS = 4;
const engineOptions = (extra: TEngineOptions = {}): TEngineOptions => ({
  now: () => sim.clock.now(),
  requestsPerSecond: RPS,
  pollMs: 50,
  resumeCheckMs: 300,
  board: { fetch: countingFetch },
  ...extra,
});
const startEngine = (extra: TEngineOptions = {}) => {
  engine = startOrderEngine(t.db, vault, engineOptions(extra));
  return engine;
};
const stopEngine = async () => {
  await engine?.stop();
  engine = null;
};

const DALLAS = { label: 'DALLAS, TX', latitude: 32.78306, longitude: -96.80667 };
const PICKUP = '2026-03-10T19:00:00Z';

/** A second driver in the demo company, for a team. */
const secondDriver: TDemoStep = async (db, ids) => {
  const [u] = await db.insert(users).values({ email: 'team@demo.haulboard.test', firstName: 'Tina', lastName: 'Team', displayName: 'Tina Team' }).returning({ id: users.id });
  await db.insert(userCompanies).values({ userId: u.id, companyId: ids.companies.demo });
  await db.insert(userRoles).values({ userId: u.id, companyId: ids.companies.demo, roleId: ROLE.Driver });
};

beforeAll(async () => {
  t = await createTestApp({ vault, steps: [secondDriver] });
  sim = createSim({ now: '2026-03-10T15:00:00Z', seed: 'order-engine-test', initialCount: 60 });
  simUrl = await sim.listen({ port: 0 });
  await t.call({ method: 'POST', url: `/api/General/setServiceUrl?url=${encodeURIComponent(simUrl)}`, as: EMAIL.admin });
  // The simulated board lives in 2026: its weeks are seeded directly (the route offers only this and next year).
  await insertWeeks(t.db, t.ids.companies.demo, '2026-01-05');
  await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { ...DEMO_CREDENTIALS, cookieSource: 'Chrome' } });
  drivers = ((await t.call({ method: 'GET', url: '/api/LoadOrder/GetCompanyDrivers', as: EMAIL.admin })).body as any[]).map((d) => d.value);
  startEngine();
});
afterAll(async () => {
  await stopEngine();
  await t.close();
  await sim.close();
});

/** Places an order (Alert by default) for work paying at least `payout`; answers its id. */
async function placeOrder(payout: number, extra: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/LoadOrder/PlaceOrder',
    as: EMAIL.dispatcher,
    payload: {
      origin: DALLAS,
      originRadius: 25,
      excludedStates: [],
      numberOfStops: 0,
      ppm: 0,
      payout,
      pickupTimeWithin: 24,
      driver1: drivers[0],
      orderActionType: 1,
      refreshRate: 0.5,
      ...extra,
    },
  });
  expect(res.text).toMatch(/successfully/);
  const [row] = await t.db
    .select({ id: loadOrders.id })
    .from(loadOrders)
    .where(eq(loadOrders.companyId, t.ids.companies.demo))
    .orderBy(sql`${loadOrders.id} desc`)
    .limit(1);
  return row.id;
}
const orderOf = async (id: number) => (await t.db.select().from(loadOrders).where(eq(loadOrders.id, id)))[0];
const eventsOf = (id: number, kind?: string) =>
  t.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), kind ? eq(orderEvents.kind, kind) : undefined));
const cancel = (id: number) => t.call({ method: 'DELETE', url: `/api/LoadOrder?id=${id}`, as: EMAIL.dispatcher });
const bookedAtBoard = (woId: string) => sim.bookedLoads().filter((b) => b.workOpportunityId === woId);
const addWork = (payout: number, extra: Record<string, unknown> = {}) => sim.addWorkOpportunity({ origin: 'Dallas, TX', pickupAt: PICKUP, payout, ...extra });

describe(`the order engine on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('alerts a new matching load within one refresh interval plus a second, once', async () => {
    const id = await placeOrder(50_000);
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    const wo = addWork(51_234);
    const appeared = Date.now();
    await vi.waitFor(async () => expect(await eventsOf(id, 'alert')).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(Date.now() - appeared).toBeLessThanOrEqual(500 + 1000);
    const [alert] = await eventsOf(id, 'alert');
    expect(alert.workOpportunityId).toBe(wo.id);
    expect(alert.detail).toEqual({
      origin: expect.stringMatching(/^DALLAS, TX$/),
      destination: expect.stringMatching(/^[A-Z .]+, [A-Z]{2}$/),
      pickupAt: new Date(PICKUP).toISOString(),
      payout: '51234.00',
      distance: expect.any(Number),
      link: expect.stringMatching(/^\/app\/relay\/loadsearch\?/),
    });
    // The link opens Load Search on the match: its origin, the work week of its pickup, the work itself.
    const link = new URL(String((alert.detail as any).link), 'http://x');
    const [week] = await t.db.select().from(workWeeks).where(eq(workWeeks.id, Number(link.searchParams.get('week'))));
    expect(week.startDate <= '2026-03-10' && week.endDate >= '2026-03-10').toBe(true);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      origin: 'DALLAS, TX',
      lat: expect.stringMatching(/^32\.\d+$/),
      lng: expect.stringMatching(/^-96\.\d+$/),
      year: String(week.year),
      week: String(week.id),
      wo: wo.id,
    });
    // The pushed alert carries it as it is.
    const pushed = await t.call({ method: 'GET', url: '/api/LoadOrder/Alerts?after=0', as: EMAIL.dispatcher });
    expect(pushed.body.alerts.find((a: any) => a.orderId === id)?.link).toBe((alert.detail as any).link);
    expect(alert.text).toMatch(/^Match: DALLAS, TX → [A-Z .]+, [A-Z]{2}, \$51,234\.00$/);
    const order = await orderOf(id);
    expect(order).toMatchObject({ status: 1, state: 'alerted', matchesSeen: 1 });
    expect(order.lastSearchOn).not.toBeNull();
    // The load stays on the board and the order keeps searching: it never alerts twice.
    const searches = order.searches;
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(searches + 3), { timeout: 5000 });
    expect(await eventsOf(id, 'alert')).toHaveLength(1);
    expect((await eventsOf(id, 'search')).length).toBeGreaterThan(0);
    // A timeline the dashboard can read.
    const timeline = await t.call({ method: 'GET', url: `/api/LoadOrder/Timeline?id=${id}`, as: EMAIL.dispatcher });
    expect(timeline.body.map((e: any) => e.kind)).toEqual(expect.arrayContaining(['placed', 'search', 'alert']));
    // What each recorded search found, as figures the dialog shows.
    const searched = timeline.body.filter((e: any) => e.kind === 'search');
    expect(searched[searched.length - 1].search).toEqual({ outcome: 'ok', httpStatus: null, results: 0, total: 0, pages: 1, matches: 0, latencyMs: expect.any(Number), coalesced: false });
    expect(searched[0].search).toMatchObject({ outcome: 'ok', results: 1, matches: 1 });
    expect(timeline.body.find((e: any) => e.kind === 'alert').search).toBeNull();
    await cancel(id);
  });

  it('leaves out what the board cannot filter: excluded states, pickups too soon, low rate per mile', async () => {
    const id = await placeOrder(52_000, { excludedStates: ['TX'], minPickupTime: 10 });
    const inTexas = addWork(52_500);
    const soon = await placeOrder(53_000, { minPickupTime: 300 });
    addWork(53_500);
    await vi.waitFor(async () => expect((await orderOf(soon)).searches).toBeGreaterThan(2), { timeout: 5000 });
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(2), { timeout: 5000 });
    expect(await eventsOf(id, 'alert')).toHaveLength(0);
    expect(await eventsOf(soon, 'alert')).toHaveLength(0);
    expect(inTexas.id).toBeTruthy();
    await cancel(id);
    await cancel(soon);
  });

  it('Book books the first match once and the order moves to history', async () => {
    const id = await placeOrder(60_000, { orderActionType: 2 });
    const wo = addWork(61_000);
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 8000 });
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
    const order = await orderOf(id);
    expect(order.bookedLoadNumber).toBeTruthy();
    expect(order.bookedLoadId).toBeNull();
    const [booking] = await t.db.select().from(orderBookings).where(eq(orderBookings.orderId, id));
    expect(booking).toMatchObject({ state: 'booked', workOpportunityId: wo.id });
    await new Promise((r) => setTimeout(r, 1000));
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(expect.arrayContaining(['match', 'book', 'booked']));
  });

  it('a lost booking (409) is recorded and the order keeps searching, then books the next', async () => {
    const id = await placeOrder(65_000, { orderActionType: 2 });
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    // The first booking call hears 409 (the version changed under us), the next one goes through.
    bookAnswers.push(() => json(409, { errorCode: 'WORK_OPPORTUNITY_VERSION_MISMATCH', message: 'Version changed' }));
    const wo = addWork(65_500);
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 8000 });
    const kinds = (await eventsOf(id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'lost')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'book')).toHaveLength(2);
    expect((await eventsOf(id, 'lost'))[0].text).toMatch(/WORK_OPPORTUNITY_VERSION_MISMATCH/);
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
  });

  it('Book & Assign creates exactly one load with both drivers, the right week, broker, route, miles and payout', async () => {
    const id = await placeOrder(70_000, { orderActionType: 3, driver2: drivers[1] });
    const wo = addWork(70_123.456);
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 8000 });
    const order = await orderOf(id);
    expect(order.bookedLoadId).not.toBeNull();
    const made = await t.db.select().from(loads).where(eq(loads.loadNumber, order.bookedLoadNumber!));
    expect(made).toHaveLength(1);
    const [load] = made;
    expect(load.id).toBe(order.bookedLoadId);
    expect(Number(load.payout)).toBe(70123.46);
    expect(Number(load.tripLength)).toBe(Math.round(wo.totalDistance.value * 10) / 10);
    expect(load.originCity).toBe('DALLAS');
    expect(load.numberOfStops).toBe(wo.stopCount);
    const [week] = await t.db.select().from(workWeeks).where(eq(workWeeks.id, load.weekId));
    expect(week.startDate <= '2026-03-10' && week.endDate >= '2026-03-10').toBe(true);
    const assigned = await t.db.select().from(loadDrivers).where(eq(loadDrivers.loadId, load.id));
    expect(assigned.map((d) => d.userId).sort()).toEqual([drivers[0], drivers[1]].sort());
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
    // The board's broker, created once.
    const [broker] = await t.db.select().from(brokers).where(eq(brokers.id, load.brokerId));
    expect(broker.name).toBe('Amazon Relay');
    // Every dispatcher hears of it like an alert: the load, its driver, the route and the payout.
    const alerts = await findAlerts(t.db, order.companyId, { after: 0, limit: 100 });
    const booked = alerts.find((a) => a.orderId === id && a.kind === 'booked');
    expect(booked).toMatchObject({ loadNumber: order.bookedLoadNumber, origin: expect.stringMatching(/^DALLAS/), payout: '70123.46', link: `/app/loadboard/${order.bookedLoadNumber}` });
    expect(booked?.drivers).toContain('&');
  });

  it('two orders racing for one work opportunity book it once', async () => {
    const a = await placeOrder(80_000, { orderActionType: 2 });
    const b = await placeOrder(80_000, { orderActionType: 2 });
    const wo = addWork(80_500);
    await vi.waitFor(async () => expect([(await orderOf(a)).status, (await orderOf(b)).status].sort()).toEqual([0, 1]), { timeout: 8000 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
    const still = (await orderOf(a)).status === 1 ? a : b;
    expect((await orderOf(still)).state).not.toBe('booked');
    await cancel(still);
  });

  it('an expired session pauses the account’s orders, the cookie page says so, and a new session resumes them', async () => {
    const id = await placeOrder(90_000);
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    sim.expireSession();
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 1, state: 'paused', stateReason: 'session expired' }), { timeout: 5000 });
    const cookies = (await t.call({ method: 'GET', url: '/api/CookieAdmin', as: EMAIL.admin })).body as any[];
    expect(cookies[0]).toMatchObject({ status: 'expired', isInUse: false });
    const paused = calls.length;
    await new Promise((r) => setTimeout(r, 800));
    // Paused: no calls to the board.
    expect(calls.length).toBe(paused);
    const fresh = { cookie: `${DEMO_CREDENTIALS.cookie}; x-new=1`, csrfToken: 'fresh-csrf-token-0123456789' };
    sim.setCredentials(fresh);
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { ...fresh, cookieSource: 'Chrome' } });
    await vi.waitFor(async () => expect((await orderOf(id)).state).toBe('searching'), { timeout: 5000 });
    const wo = addWork(90_500);
    await vi.waitFor(async () => expect((await eventsOf(id, 'alert')).map((e) => e.workOpportunityId)).toEqual([wo.id]), { timeout: 5000 });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(expect.arrayContaining(['paused', 'resumed']));
    await cancel(id);
  });

  it('a 429 storm keeps traffic within the limiter’s rate and honours Retry-After', async () => {
    const ids = [];
    // Different wishes, so that no search is shared.
    for (let i = 0; i < 6; i++) ids.push(await placeOrder(95_000 + i * 10));
    const from = calls.length;
    const started = Date.now();
    sim.setFault({ status: 429, times: 12, retryAfter: 1 });
    await new Promise((r) => setTimeout(r, 5000));
    const storm = calls.slice(from);
    const mine = storm.map((c) => c.at);
    const seconds = (Date.now() - started) / 1000;
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.length).toBeLessThanOrEqual(Math.ceil(seconds * RPS) + 1);
    // In any one second, at most the limiter's rate (one more for timer and clock noise).
    for (const at of mine) expect(mine.filter((x) => x >= at && x < at + 1000).length).toBeLessThanOrEqual(RPS + 1);
    // Retry-After 1: after each 429, no call for a second (a call already on its way may cross it).
    const limitedAt = storm.filter((c) => c.status === 429).map((c) => c.answeredAt!);
    expect(limitedAt.length).toBeGreaterThan(1);
    for (const at of limitedAt) expect(mine.filter((x) => x > at + 100 && x < at + 950)).toEqual([]);
    // The dashboard says why.
    expect((await orderOf(ids[0])).stateReason).toBe('rate limited');
    sim.clearFaults();
    for (const id of ids) await cancel(id);
  });

  it('a 503 backs off for its Retry-After, then the orders search again and alert', async () => {
    const id = await placeOrder(96_000);
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    const from = calls.length;
    sim.setFault({ status: 503, times: 2, retryAfter: 1 });
    await vi.waitFor(() => expect(calls.slice(from).filter((c) => c.status === 503)).toHaveLength(2), { timeout: 8000 });
    expect((await orderOf(id)).stateReason).toBe('rate limited');
    const timeline = (await t.call({ method: 'GET', url: `/api/LoadOrder/Timeline?id=${id}`, as: EMAIL.dispatcher })).body as any[];
    expect(timeline.find((e) => e.kind === 'search')?.search).toMatchObject({ outcome: 'unavailable', httpStatus: 503, results: null, matches: null });
    const wo = addWork(96_500);
    await vi.waitFor(async () => expect((await eventsOf(id, 'alert')).map((e) => e.workOpportunityId)).toEqual([wo.id]), { timeout: 8000 });
    const mine = calls.slice(from);
    // After each 503, no call for the second it asked for (a call already on its way may cross it).
    for (const at of mine.filter((c) => c.status === 503).map((c) => c.answeredAt!)) {
      expect(mine.filter((c) => c.at > at + 100 && c.at < at + 950)).toEqual([]);
    }
    expect((await orderOf(id)).stateReason).not.toBe('rate limited');
    await cancel(id);
  });

  it('503s without Retry-After back off longer each time in a row', async () => {
    const id = await placeOrder(96_100);
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    const from = calls.length;
    sim.setFault({ status: 503, times: 3 });
    await vi.waitFor(() => expect(calls.slice(from).filter((c) => c.status === 503)).toHaveLength(3), { timeout: 10_000 });
    await vi.waitFor(() => expect(calls.slice(from).filter((c) => c.status === 200).length).toBeGreaterThan(0), { timeout: 10_000 });
    const mine = calls.slice(from);
    // The wait after each failure before the next call: 400 ms, 800 ms, 1600 ms (plus jitter), where
    // the limiter alone would allow one every 250 ms.
    const gaps = mine
      .map((c, i) => ({ c, next: mine[i + 1] }))
      .filter(({ c, next }) => c.status === 503 && next)
      .map(({ c, next }) => next.at - c.answeredAt!);
    expect(gaps).toHaveLength(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(350);
    expect(gaps[1]).toBeGreaterThanOrEqual(750);
    expect(gaps[2]).toBeGreaterThanOrEqual(1550);
    await cancel(id);
  });

  it('401 answers twice in a row pause the account’s orders; a new session resumes them', async () => {
    const id = await placeOrder(97_000);
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    sim.expireSession('401');
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 1, state: 'paused', stateReason: 'session expired' }), { timeout: 5000 });
    expect(calls.filter((c) => c.status === 401).length).toBeGreaterThanOrEqual(2);
    // One refusal does not end the session; the repeated ones do, and the cookie page says so.
    const cookies = (await t.call({ method: 'GET', url: '/api/CookieAdmin', as: EMAIL.admin })).body as any[];
    expect(cookies[0]).toMatchObject({ status: 'expired', isInUse: false });
    const paused = calls.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(calls.length).toBe(paused);
    const fresh = { cookie: `${DEMO_CREDENTIALS.cookie}; x-new=401`, csrfToken: 'fresh-csrf-token-401-0123456789' };
    sim.setCredentials(fresh);
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { ...fresh, cookieSource: 'Chrome' } });
    await vi.waitFor(async () => expect((await orderOf(id)).state).toBe('searching'), { timeout: 5000 });
    const wo = addWork(97_500);
    await vi.waitFor(async () => expect((await eventsOf(id, 'alert')).map((e) => e.workOpportunityId)).toEqual([wo.id]), { timeout: 5000 });
    await cancel(id);
  });

  it('one 403 does not pause; 403 twice in a row opens the circuit until a new session is stored', async () => {
    const id = await placeOrder(98_000);
    await vi.waitFor(async () => expect((await orderOf(id)).searches).toBeGreaterThan(0), { timeout: 5000 });
    sim.setFault({ status: 403 });
    const from = calls.length;
    await vi.waitFor(() => expect(calls.slice(from).filter((c) => c.status === 200).length).toBeGreaterThan(1), { timeout: 5000 });
    expect(calls.slice(from).filter((c) => c.status === 403)).toHaveLength(1);
    expect((await orderOf(id)).state).toBe('searching');
    sim.setFault({ status: 403, times: 2 });
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 1, state: 'paused', stateReason: 'session expired' }), { timeout: 5000 });
    const cookies = (await t.call({ method: 'GET', url: '/api/CookieAdmin', as: EMAIL.admin })).body as any[];
    expect(cookies[0]).toMatchObject({ status: 'expired', isInUse: false });
    const fresh = { cookie: `${DEMO_CREDENTIALS.cookie}; x-new=403`, csrfToken: 'fresh-csrf-token-403-0123456789' };
    sim.setCredentials(fresh);
    await t.call({ method: 'POST', url: '/api/CookieAdmin', as: EMAIL.admin, payload: { ...fresh, cookieSource: 'Chrome' } });
    await vi.waitFor(async () => expect((await orderOf(id)).state).toBe('searching'), { timeout: 5000 });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(expect.arrayContaining(['paused', 'resumed']));
    await cancel(id);
  });

  it('identical searches of different orders at the same moment are made once', async () => {
    const before = engine!.stats.coalesced;
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await placeOrder(99_000));
    await new Promise((r) => setTimeout(r, 2500));
    expect(engine!.stats.coalesced).toBeGreaterThan(before);
    for (const id of ids) await cancel(id);
  });
});

describe('more results than one page', () => {
  it('reads the next pages (paced) when the board has more than 50, and finds a match on page 2', async () => {
    // 55 results that come first (earlier pickups) but go to California, which the order excludes,
    // then the one that fits: the 56th, on the second page.
    const decoys = [];
    for (let i = 0; i < 55; i++) decoys.push(addWork(115_100, { destination: 'Los Angeles, CA', pickupAt: '2026-03-10T17:00:00Z' }));
    const wo = addWork(115_200, { destination: 'Chicago, IL', stops: 2, type: 'ONE_WAY' });
    try {
      const from = calls.length;
      const id = await placeOrder(115_000, { excludedStates: ['CA'] });
      await vi.waitFor(async () => expect((await eventsOf(id, 'alert')).map((e) => e.workOpportunityId)).toEqual([wo.id]), { timeout: 8000 });
      const [search] = await eventsOf(id, 'search');
      expect(search.detail).toMatchObject({ status: 'ok', results: 56, total: 56, pages: 2, matches: 1 });
      expect(search.text).toMatch(/^Searched: 56 found \(56 read in 2 pages\), 1 matching/);
      // Each page is a request of its own, within the limiter's rate.
      const searches = calls.slice(from).filter((c) => c.path.endsWith('/search'));
      expect(searches.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < searches.length; i++) expect(searches[i].at - searches[i - 1].at).toBeGreaterThanOrEqual(1000 / RPS - 5);
      await cancel(id);
    } finally {
      for (const w of [...decoys, wo]) sim.takeWorkOpportunity(w.id);
    }
  });
});

describe('a crash during a booking never books twice', () => {
  it('a pending booking the board did make is confirmed from its trips, not booked again', async () => {
    await stopEngine();
    const id = await placeOrder(100_000, { orderActionType: 3 });
    const wo = addWork(100_500);
    // The server that died had written its pending row and sent the booking.
    const client = createBoardClient({ serviceUrl: simUrl, session: sim.credentials() });
    const found = (await client.searchAll({ minPayout: 100_000 })).works.find((w) => w.id === wo.id)!;
    await client.book(found);
    await t.db.insert(orderBookings).values({ orderId: id, companyId: t.ids.companies.demo, workOpportunityId: wo.id, state: 'pending', detail: JSON.stringify({ work: found }) });
    await t.db.execute(sql`update order_bookings set created_on = now() - interval '5 minutes' where order_id = ${id} and company_id = ${t.ids.companies.demo}`);
    await t.db.update(loadOrders).set({ state: 'booking' }).where(and(eq(loadOrders.id, id), eq(loadOrders.companyId, t.ids.companies.demo)));
    startEngine();
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 8000 });
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
    expect((await orderOf(id)).bookedLoadId).not.toBeNull();
  });

  it('a server that dies after the board booked, before it recorded the answer: the next one confirms it, never books again', async () => {
    await stopEngine();
    const id = await placeOrder(102_000, { orderActionType: 3 });
    const wo = addWork(102_500);
    // The dying server's board: the booking reaches the board, its answer never comes back.
    let booked = false;
    const dying = startOrderEngine(t.db, vault, {
      ...engineOptions(),
      stopWaitMs: 100,
      board: {
        fetch: async (input, init) => {
          if (!new URL(String(input)).pathname.includes('/option/')) return fetch(input, init);
          await fetch(input, { ...init, signal: undefined });
          booked = true;
          return new Promise<Response>(() => {});
        },
      },
    });
    await vi.waitFor(() => expect(booked).toBe(true), { timeout: 8000 });
    await dying.stop();
    const [pending] = await t.db.select().from(orderBookings).where(eq(orderBookings.orderId, id));
    expect(pending).toMatchObject({ state: 'pending', workOpportunityId: wo.id });
    // The restarted server waits until the dead one's answer cannot come any more, then reads the board's trips.
    startEngine({ pendingRecoverAfterMs: 1500 });
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 10_000 });
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
    expect((await eventsOf(id, 'book')).length).toBe(1);
    expect((await orderOf(id)).bookedLoadId).not.toBeNull();
  });

  it('an order cancelled while its booking had no answer still ends with the board’s answer', async () => {
    await stopEngine();
    const id = await placeOrder(105_000, { orderActionType: 2 });
    const wo = addWork(105_500);
    const client = createBoardClient({ serviceUrl: simUrl, session: sim.credentials() });
    const found = (await client.searchAll({ minPayout: 105_000 })).works.find((w) => w.id === wo.id)!;
    await client.book(found);
    await t.db.insert(orderBookings).values({ orderId: id, companyId: t.ids.companies.demo, workOpportunityId: wo.id, state: 'pending', detail: JSON.stringify({ work: found }) });
    await t.db.execute(sql`update order_bookings set created_on = now() - interval '5 minutes' where order_id = ${id} and company_id = ${t.ids.companies.demo}`);
    expect((await cancel(id)).status).toBe(200);
    startEngine();
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 8000 });
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
  });

  it('a pending booking the board never got is cleared and the work booked once', async () => {
    await stopEngine();
    const id = await placeOrder(110_000, { orderActionType: 2 });
    const wo = addWork(110_500);
    const client = createBoardClient({ serviceUrl: simUrl, session: sim.credentials() });
    const found = (await client.searchAll({ minPayout: 110_000 })).works.find((w) => w.id === wo.id)!;
    await t.db.insert(orderBookings).values({ orderId: id, companyId: t.ids.companies.demo, workOpportunityId: wo.id, state: 'pending', detail: JSON.stringify({ work: found }) });
    await t.db.execute(sql`update order_bookings set created_on = now() - interval '5 minutes' where order_id = ${id} and company_id = ${t.ids.companies.demo}`);
    await t.db.update(loadOrders).set({ state: 'booking' }).where(and(eq(loadOrders.id, id), eq(loadOrders.companyId, t.ids.companies.demo)));
    startEngine();
    await vi.waitFor(async () => expect(await orderOf(id)).toMatchObject({ status: 0, state: 'booked' }), { timeout: 10_000 });
    expect(bookedAtBoard(wo.id)).toHaveLength(1);
  });

  it('a booking without an answer (a timeout) is neither repeated nor given up while it is fresh', async () => {
    const id = await placeOrder(120_000, { orderActionType: 2 });
    // The board booked it, but its answer never arrived.
    bookAnswers.push(async () => {
      throw new DOMException('The operation timed out', 'TimeoutError');
    });
    const wo = addWork(120_500);
    await vi.waitFor(async () => expect((await eventsOf(id, 'error')).length).toBe(1), { timeout: 8000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await orderOf(id)).toMatchObject({ status: 1, state: 'booking' });
    expect((await eventsOf(id, 'book')).length).toBe(1);
    expect(bookedAtBoard(wo.id)).toHaveLength(0);
    await cancel(id);
  });
});

describe('history', () => {
  it('prunes timeline entries older than 90 days', async () => {
    const id = await placeOrder(130_000);
    await cancel(id);
    await t.db.insert(orderEvents).values({ companyId: t.ids.companies.demo, orderId: id, kind: 'search', text: 'old', at: new Date(Date.now() - 91 * 86_400_000).toISOString() });
    const removed = await pruneOrderEvents(t.db, new Date());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(id)).some((e) => e.text === 'old')).toBe(false);
  });
});

describe.skipIf(!onPostgres)('two engines (servers) on one PostgreSQL', () => {
  it('book a work opportunity two orders race for once, and each tick runs on one of them', async () => {
    await stopEngine();
    const second = openPostgres(t.database.url!, { max: 4 });
    const a = await placeOrder(140_000, { orderActionType: 2 });
    const b = await placeOrder(140_000, { orderActionType: 2 });
    const one = startOrderEngine(t.db, vault, engineOptions());
    const two = startOrderEngine(second.db, vault, engineOptions());
    try {
      const wo = addWork(140_500);
      await vi.waitFor(async () => expect([(await orderOf(a)).status, (await orderOf(b)).status].sort()).toEqual([0, 1]), { timeout: 10_000 });
      await new Promise((r) => setTimeout(r, 1000));
      expect(bookedAtBoard(wo.id)).toHaveLength(1);
      await cancel((await orderOf(a)).status === 1 ? a : b);
      // One order, two servers for 3 s: it searches every refresh interval, not twice as often.
      const single = await placeOrder(141_000);
      const [ticks, searchesBefore] = [one.stats.ticks + two.stats.ticks, (await orderOf(single)).searches];
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 3000));
      const searches = (await orderOf(single)).searches - searchesBefore;
      const seconds = (Date.now() - started) / 1000;
      expect(searches).toBeGreaterThan(seconds / 0.5 / 2);
      expect(searches).toBeLessThanOrEqual(Math.ceil(seconds / 0.5) + 1);
      expect(one.stats.ticks + two.stats.ticks).toBeGreaterThan(ticks);
      await cancel(single);
    } finally {
      await one.stop();
      await two.stop();
      await second.close();
    }
  });
});
