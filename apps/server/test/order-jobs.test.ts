import { and, eq, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadOrders, orderEvents } from '../src/db/schema';
import { asOwner } from '../src/db/scope';
import { startJobs } from '../src/jobs';
import { ORDER_JOBS } from '../src/modules/load-orders';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** The order engine's upkeep on pg-boss: order timelines keep 90 days, pruned by a daily job. */

let t: TTestApp;
// The jobs' clock starts at the real time, so rows written with the database's now() line up with it.
const clock = new TestClock(Date.now());
const PRUNE = ORDER_JOBS.pruneEvents;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_ENGINE: 'off' }, jobs: (database) => startJobs({ database, clock, pollingIntervalSeconds: 10 }) });
});
afterAll(async () => t?.close());

const rows = async (query: ReturnType<typeof sql>) => {
  const result = await t.db.execute(query);
  return (Array.isArray(result) ? result : (result as any).rows) as any[];
};

describe('order timeline pruning', () => {
  test('prune-order-events is scheduled daily at 03:17 UTC and removes entries older than 90 days, no newer ones', async () => {
    // pg-boss's tables are the database's bookkeeping, read as the connecting role (decision 018).
    expect(await asOwner(() => rows(sql`select name, cron, timezone from pgboss.schedule where name = ${PRUNE.name}`))).toEqual([{ name: 'prune-order-events', cron: '17 3 * * *', timezone: 'UTC' }]);

    const drivers = (await t.call({ method: 'GET', url: '/api/LoadOrder/GetCompanyDrivers', as: EMAIL.dispatcher })).body as { value: number }[];
    const placed = await t.call({
      method: 'POST',
      url: '/api/LoadOrder/PlaceOrder',
      as: EMAIL.dispatcher,
      payload: { origin: { label: 'DALLAS, TX', latitude: 32.78306, longitude: -96.80667 }, originRadius: 25, excludedStates: [], driver1: drivers[0].value, orderActionType: 1 },
    });
    expect(placed.status).toBe(200);
    const companyId = t.ids.companies.demo;
    const [order] = await t.db.select({ id: loadOrders.id }).from(loadOrders).where(eq(loadOrders.companyId, companyId)).orderBy(sql`${loadOrders.id} desc`).limit(1);
    const day = 86_400_000;
    await t.db.insert(orderEvents).values([
      { companyId, orderId: order.id, kind: 'search', text: 'old search', at: new Date(Date.now() - 95 * day).toISOString() },
      { companyId, orderId: order.id, kind: 'search', text: 'recent search', at: new Date(Date.now() - 80 * day).toISOString() },
    ]);
    const texts = async () =>
      (await t.db.select({ text: orderEvents.text }).from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.companyId, companyId)))).map((e) => e.text).sort();
    expect(await texts()).toEqual(['Order placed', 'old search', 'recent search'].sort());

    // Move the jobs' clock to just before the next 03:17 UTC, then past it.
    const due = new Date(clock.now());
    due.setUTCHours(3, 17, 0, 0);
    if (due.getTime() - 30_000 <= clock.now()) due.setUTCDate(due.getUTCDate() + 1);
    await clock.setTime(due.getTime() - 30_000);
    for (let i = 0; i < 4; i++) await clock.tick(30_000);
    await vi.waitFor(async () => expect(await texts()).not.toContain('old search'), { timeout: 15_000 });
    expect(await texts()).toEqual(['Order placed', 'recent search'].sort());
  }, 60_000);
});
