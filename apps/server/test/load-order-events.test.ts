import { ORDER_STREAM } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/**
 * GET /api/LoadOrder/Events: the dashboard's pushed changes (server-sent events). Driven over a
 * real socket, as a browser's EventSource reads it: access, tenancy (another company's alerts
 * never arrive), an alert row written by the engine (here: by the test) arriving within ~2 s,
 * resuming after Last-Event-ID, and the bound on streams per session.
 */

let t: TTestApp;
let base = '';
let driverId = 0;
const orderOf: Record<string, number> = {};
const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const DALLAS = { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 };
const URL_PATH = '/api/LoadOrder/Events';

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const drivers = (await t.call({ method: 'GET', url: '/api/LoadOrder/GetCompanyDrivers', as: EMAIL.dispatcher })).body;
  driverId = drivers[0].value;
  const secondDrivers = (await t.call({ method: 'GET', url: '/api/LoadOrder/GetCompanyDrivers', as: EMAIL.secondAdmin })).body;
  for (const [as, driver1] of [
    [EMAIL.dispatcher, driverId],
    [EMAIL.secondAdmin, secondDrivers[0].value],
  ] as const) {
    expect((await t.call({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', as, payload: { origin: DALLAS, driver1 } })).status).toBe(200);
    orderOf[as] = (await t.call({ method: 'GET', url: '/api/LoadOrder', as })).body[0].loadOrderId;
  }
});
afterAll(() => t.close());

type TEvent = { event: string; id?: string; data: any };
type TStreamHandle = { status: number; headers: Headers; events: TEvent[]; text: () => string; waitFor: (p: (e: TEvent) => boolean, ms?: number) => Promise<TEvent>; close: () => void };

/** Opens the stream like EventSource does and parses its frames as they come. */
async function openStream(as: string, headers: Record<string, string> = {}, query = ''): Promise<TStreamHandle> {
  const abort = new AbortController();
  const res = await fetch(`${base}${URL_PATH}${query}`, { headers: { cookie: await t.loginAs(as), accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: TEvent[] = [];
  let raw = '';
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const chunk = decoder.decode(value, { stream: true });
          raw += chunk;
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const e: Partial<TEvent> = {};
            for (const line of frame.split('\n')) {
              const [field, ...rest] = line.split(': ');
              if (field === 'event') e.event = rest.join(': ');
              if (field === 'id') e.id = rest.join(': ');
              if (field === 'data') e.data = JSON.parse(rest.join(': '));
            }
            if (e.event) events.push(e as TEvent);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        /* aborted */
      }
    })();
  } else {
    raw = await res.text();
  }
  const waitFor = async (p: (e: TEvent) => boolean, ms = 2500) => {
    const until = Date.now() + ms;
    for (;;) {
      const found = events.find(p);
      if (found) return found;
      if (Date.now() > until) throw new Error(`No such event within ${ms} ms; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { status: res.status, headers: res.headers, events, text: () => raw, waitFor, close: () => abort.abort() };
}

let workCount = 0;
/** An alert row as the engine writes it (one per order and work opportunity). */
async function insertAlert(companyOf: string, detail: Record<string, unknown>, text = 'Match: DALLAS, TX → HOUSTON, TX $1,250.00') {
  workCount += 1;
  const company = companyOf === EMAIL.secondAdmin ? t.ids.companies.second : t.ids.companies.demo;
  const [row] = rowsOf(
    await t.db.execute(
      sql`insert into order_events (company_id, order_id, kind, text, work_opportunity_id, detail)
        values (${company}, ${orderOf[companyOf]}, 'alert', ${text}, ${`wo-${workCount}`}, ${JSON.stringify(detail)}::jsonb) returning id`,
    ),
  );
  return Number(row.id);
}

const MATCH = { origin: 'DALLAS, TX', destination: 'HOUSTON, TX', pickupAt: '2026-03-11T14:00:00.000Z', payout: '1250.00', distance: 239.5, link: 'https://relay.example/loadboard/wo-1' };

describe('order events stream', () => {
  it('is for members who may read the dashboard; a request that does not ask for a stream gets 406', async () => {
    expect((await t.call({ method: 'GET', url: URL_PATH, headers: { accept: 'text/event-stream' } })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: URL_PATH, as: EMAIL.driver, headers: { accept: 'text/event-stream' } })).status).toBe(403);
    const plain = await t.call({ method: 'GET', url: URL_PATH, as: EMAIL.dispatcher });
    expect(plain.status).toBe(406);
    expect(plain.text).toMatch(/^ERROR /);
    expect((await t.call({ method: 'GET', url: `${URL_PATH}?lastEventId=abc`, as: EMAIL.dispatcher, headers: { accept: 'text/event-stream' } })).status).toBe(400);
  });

  it('streams unbuffered and uncompressed, starting with the retry time and a ready event', async () => {
    const s = await openStream(EMAIL.dispatcher, { 'accept-encoding': 'gzip, br' });
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(s.headers.get('x-accel-buffering')).toBe('no');
      expect(s.headers.get('content-encoding')).toBeNull();
      const ready = await s.waitFor((e) => e.event === 'ready');
      expect(s.text().startsWith(`retry: ${ORDER_STREAM.retryMs}\n\n`)).toBe(true);
      expect(Number(ready.id)).toBe(ready.data.cursor);
    } finally {
      s.close();
    }
  });

  it("pushes an alert row within two seconds, with the match's facts, to its own company only", async () => {
    const demo = await openStream(EMAIL.dispatcher);
    const second = await openStream(EMAIL.secondAdmin);
    try {
      await demo.waitFor((e) => e.event === 'ready');
      await second.waitFor((e) => e.event === 'ready');
      const startedAt = Date.now();
      const id = await insertAlert(EMAIL.dispatcher, MATCH);
      const alert = await demo.waitFor((e) => e.event === 'alert', 2000);
      expect(Date.now() - startedAt).toBeLessThan(2000);
      expect(alert.id).toBe(String(id));
      expect(alert.data).toMatchObject({ id, kind: 'alert', loadNumber: null, orderId: orderOf[EMAIL.dispatcher], text: 'Match: DALLAS, TX → HOUSTON, TX $1,250.00', ...MATCH });
      expect(alert.data.drivers).toBeTruthy();
      await demo.waitFor((e) => e.event === 'orders');

      const foreign = await insertAlert(EMAIL.secondAdmin, { ...MATCH, origin: 'CHICAGO, IL' }, 'Second Haul match');
      const theirs = await second.waitFor((e) => e.event === 'alert');
      expect(theirs.data.id).toBe(foreign);
      // Two more ticks of Demo Freight's watch: Second Haul's alert never reaches it.
      await new Promise((r) => setTimeout(r, ORDER_STREAM.pollMs * 2 + 200));
      expect(demo.events.filter((e) => e.event === 'alert').map((e) => e.data.id)).toEqual([id]);
      expect(second.events.filter((e) => e.event === 'alert').map((e) => e.data.id)).toEqual([foreign]);
    } finally {
      demo.close();
      second.close();
    }
  });

  it('pushes a booking (Book, Book & Assign) like an alert, naming the load and the driver', async () => {
    const s = await openStream(EMAIL.dispatcher);
    try {
      await s.waitFor((e) => e.event === 'ready');
      workCount += 1;
      // The row finishBooked (engine/book.ts) writes.
      const detail = { tripId: 'T-77', loadIds: ['L1'], loadId: 9, loadNumber: 'T-77', ...MATCH, link: '/app/loadboard/T-77' };
      const [row] = rowsOf(
        await t.db.execute(
          sql`insert into order_events (company_id, order_id, kind, text, work_opportunity_id, detail)
            values (${t.ids.companies.demo}, ${orderOf[EMAIL.dispatcher]}, 'booked', 'Booked DALLAS, TX → HOUSTON, TX, $1,250.00: trip T-77', ${`wo-${workCount}`}, ${JSON.stringify(detail)}::jsonb) returning id`,
        ),
      );
      const id = Number(row.id);
      const booked = await s.waitFor((e) => e.event === 'alert' && e.data.id === id, 2000);
      expect(booked.data).toMatchObject({ kind: 'booked', loadNumber: 'T-77', orderId: orderOf[EMAIL.dispatcher], origin: 'DALLAS, TX', payout: '1250.00', link: '/app/loadboard/T-77' });
      expect(booked.data.drivers).toBeTruthy();
      // The polling fallback serves it too.
      const polled = await t.call({ method: 'GET', url: `/api/LoadOrder/Alerts?after=${id - 1}`, as: EMAIL.dispatcher });
      expect(polled.body.alerts.map((a: any) => [a.id, a.kind])).toEqual([[id, 'booked']]);
    } finally {
      s.close();
    }
  });

  it('an alert committed on another connection arrives within a second, announced by the database (LISTEN/NOTIFY)', async () => {
    const s = await openStream(EMAIL.dispatcher);
    try {
      await s.waitFor((e) => e.event === 'ready');
      // While the announcements are heard the watch polls only every 5 s: three alerts in a row
      // each within a second can only come through the announcement.
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 300));
        const startedAt = Date.now();
        const id = await insertAlert(EMAIL.dispatcher, { ...MATCH, destination: `WACO ${i}, TX` }, `Announced ${i}`);
        await s.waitFor((e) => e.event === 'alert' && e.data.id === id, 1000);
        expect(Date.now() - startedAt).toBeLessThan(1000);
      }
    } finally {
      s.close();
    }
  });

  it('tells about a changed order (cancelled here) and never pushes an alert twice', async () => {
    const s = await openStream(EMAIL.dispatcher);
    try {
      await s.waitFor((e) => e.event === 'ready');
      const placed = await t.call({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', as: EMAIL.dispatcher, payload: { origin: DALLAS, driver1: driverId } });
      expect(placed.status).toBe(200);
      await s.waitFor((e) => e.event === 'orders');
      const newest = (await t.call({ method: 'GET', url: '/api/LoadOrder', as: EMAIL.dispatcher })).body[0].loadOrderId;
      const before = s.events.length;
      expect((await t.call({ method: 'DELETE', url: `/api/LoadOrder?id=${newest}`, as: EMAIL.dispatcher })).status).toBe(200);
      await s.waitFor((e) => e.event === 'orders' && s.events.indexOf(e) >= before);
      // The alerts of the earlier test are older than this stream: not pushed again.
      expect(s.events.filter((e) => e.event === 'alert')).toEqual([]);
    } finally {
      s.close();
    }
  });

  it('resumes after Last-Event-ID: the alerts missed while away arrive, the ones already had do not', async () => {
    const first = await openStream(EMAIL.dispatcher);
    const ready = await first.waitFor((e) => e.event === 'ready');
    first.close();
    const missed = await insertAlert(EMAIL.dispatcher, { ...MATCH, destination: 'AUSTIN, TX' }, 'Missed while away');
    const again = await openStream(EMAIL.dispatcher, { 'last-event-id': String(ready.id) });
    try {
      const alert = await again.waitFor((e) => e.event === 'alert');
      expect(alert.data).toMatchObject({ id: missed, destination: 'AUSTIN, TX' });
      await again.waitFor((e) => e.event === 'ready');
      expect(again.events.filter((e) => e.event === 'alert')).toHaveLength(1);
    } finally {
      again.close();
    }
    // The query parameter does the same for a new page; after the last alert nothing is replayed.
    const fresh = await openStream(EMAIL.dispatcher, {}, `?lastEventId=${missed}`);
    try {
      await fresh.waitFor((e) => e.event === 'ready');
      expect(fresh.events.filter((e) => e.event === 'alert')).toEqual([]);
    } finally {
      fresh.close();
    }
  });

  it('keeps links to web addresses only and reads odd details without failing', async () => {
    const s = await openStream(EMAIL.dispatcher);
    try {
      await s.waitFor((e) => e.event === 'ready');
      const id = await insertAlert(EMAIL.dispatcher, { link: 'javascript:alert(1)', payout: 'lots', distance: 'far', origin: { x: 1 } });
      const alert = await s.waitFor((e) => e.event === 'alert' && e.data.id === id);
      expect(alert.data).toMatchObject({ link: null, payout: null, distance: null, origin: null, destination: null });
      // The engine links to the app's Load Search; a path to another host is no path of the app.
      const toMatch = '/app/relay/loadsearch?origin=DALLAS%2C+TX&lat=32.78306&lng=-96.80667&year=2026&week=12&wo=8d0f0c4e-2b5a-4c1e-9f3a-1e2d3c4b5a69';
      const inApp = await insertAlert(EMAIL.dispatcher, { link: toMatch });
      const otherHost = await insertAlert(EMAIL.dispatcher, { link: '//evil.example/x' });
      expect((await s.waitFor((e) => e.event === 'alert' && e.data.id === inApp)).data.link).toBe(toMatch);
      expect((await s.waitFor((e) => e.event === 'alert' && e.data.id === otherHost)).data.link).toBeNull();
    } finally {
      s.close();
    }
  });

  it('serves the same alerts to a browser without the stream: GET /api/LoadOrder/Alerts from a cursor, own company only', async () => {
    const ALERTS = '/api/LoadOrder/Alerts';
    expect((await t.call({ method: 'GET', url: ALERTS })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: ALERTS, as: EMAIL.driver })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${ALERTS}?after=-1`, as: EMAIL.dispatcher })).status).toBe(400);
    const start = (await t.call({ method: 'GET', url: ALERTS, as: EMAIL.dispatcher })).body;
    expect(start.alerts).toEqual([]);
    const mine = await insertAlert(EMAIL.dispatcher, MATCH, 'Match: polled');
    const theirs = await insertAlert(EMAIL.secondAdmin, MATCH, 'Match: other company');
    const next = (await t.call({ method: 'GET', url: `${ALERTS}?after=${start.cursor}`, as: EMAIL.dispatcher })).body;
    expect(next.alerts.map((a: any) => a.id)).toEqual([mine]);
    expect(next.alerts[0]).toMatchObject({ text: 'Match: polled', origin: 'DALLAS, TX', payout: '1250.00' });
    expect(next.cursor).toBeGreaterThanOrEqual(mine);
    expect(next.alerts.some((a: any) => a.id === theirs)).toBe(false);
    expect((await t.call({ method: 'GET', url: `${ALERTS}?after=${next.cursor}`, as: EMAIL.dispatcher })).body.alerts).toEqual([]);
  });

  it(`allows ${ORDER_STREAM.maxPerSession} streams per session and refuses one more; a closed one makes room`, async () => {
    const open = [];
    for (let i = 0; i < ORDER_STREAM.maxPerSession; i++) open.push(await openStream(EMAIL.admin));
    try {
      for (const s of open) await s.waitFor((e) => e.event === 'ready');
      const refused = await openStream(EMAIL.admin);
      expect(refused.status).toBe(429);
      expect(refused.text()).toMatch(/^ERROR /);
      open.shift()?.close();
      const until = Date.now() + 2000;
      let status = 0;
      while (Date.now() < until) {
        const retry = await openStream(EMAIL.admin);
        status = retry.status;
        if (status === 200) {
          open.push(retry);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });
});
