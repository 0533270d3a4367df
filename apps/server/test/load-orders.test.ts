import { LOAD_ORDER_DEFAULTS } from '@haulboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

/** Load orders (spec §2 relay/search-dashboard, §3 Load order, §4 statuses, §5, §8, §9 defaults). */

let t: TTestApp;
let driverId: number;
let driver2Id: number;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
  const drivers = (await t.call({ method: 'GET', url: '/api/LoadOrder/GetCompanyDrivers', as: EMAIL.dispatcher })).body;
  driverId = drivers[0].value;
  driver2Id = drivers[1].value;
});
afterAll(() => t.close());

const DALLAS = { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 };
const place = (payload: unknown, as: string = EMAIL.dispatcher) => t.call({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', payload, as });
const orders = async (as: string = EMAIL.dispatcher) => (await t.call({ method: 'GET', url: '/api/LoadOrder', as })).body as any[];

describe('load orders', () => {
  it('places an order with the spec’s defaults and lists it as active', async () => {
    const res = await place({ origin: DALLAS, driver1: driverId });
    expect(res.status).toBe(200);
    expect(res.text).toBe('Order placed successfully');
    const [order] = await orders();
    expect(order).toMatchObject({
      loadOrderStatusId: 1,
      state: 'searching',
      origin: DALLAS,
      workType: 'Any',
      originRadius: 25,
      numberOfStops: 3,
      minPickupTime: 10,
      pickupTimeWithin: 2,
      minDistance: 0,
      maxDistance: 0,
      loadingType: 'Any',
      ppm: 2,
      payout: 0,
      timeZone: 'EST',
      orderActionType: 1,
      excludedStates: ['NY'],
      refreshRate: LOAD_ORDER_DEFAULTS.refreshRate,
      driver1: driverId,
      driver2: null,
    });
    expect(order.driver1Name).toBeTruthy();
    const timeline = (await t.call({ method: 'GET', url: `/api/LoadOrder/Timeline?id=${order.loadOrderId}`, as: EMAIL.dispatcher })).body;
    expect(timeline.map((e: any) => e.kind)).toEqual(['placed']);
  });

  it('asks for driver 1 with the spec’s message and refuses options the spec does not offer', async () => {
    const res = await place({ origin: DALLAS });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.driver1).toEqual(['First name is required']);
    expect((await place({ origin: DALLAS, driver1: driverId, originRadius: 33 })).status).toBe(400);
    expect((await place({ origin: DALLAS, driver1: driverId, numberOfStops: 5 })).status).toBe(400);
    expect((await place({ origin: DALLAS, driver1: driverId, orderActionType: 4 })).status).toBe(400);
    expect((await place({ origin: DALLAS, driver1: driverId, excludedStates: ['ZZ'] })).status).toBe(400);
    expect((await place({ origin: DALLAS, driver1: driverId, driver2: driverId })).body.fieldErrors.driver2).toEqual(['Choose two different drivers']);
    expect((await place({ origin: DALLAS, driver1: driverId, minDistance: 500, maxDistance: 100 })).status).toBe(400);
  });

  it('edits an active order, places a team order, and refuses another company’s driver', async () => {
    const [order] = await orders();
    const edited = await place({ ...order, loadOrderId: order.loadOrderId, orderActionType: 2, refreshRate: 5, updatedOn: order.updatedOn });
    expect(edited.text).toBe('Order updated successfully');
    const stored = (await orders()).find((o) => o.loadOrderId === order.loadOrderId);
    expect(stored.orderActionType).toBe(2);
    expect(stored.refreshRate).toBe(0.5);
    expect((await place({ origin: DALLAS, driver1: driverId, driver2: driver2Id, orderActionType: 3 })).status).toBe(200);
    const secondDriver = (await t.call({ method: 'GET', url: '/api/LoadOrder/GetCompanyDrivers', as: EMAIL.secondAdmin })).body[0].value;
    expect((await place({ origin: DALLAS, driver1: secondDriver })).status).toBe(404);
  });

  it('cancels an order into history with the spec’s message', async () => {
    const [order] = (await orders()).filter((o) => o.loadOrderStatusId === 1);
    const res = await t.call({ method: 'DELETE', url: `/api/LoadOrder?id=${order.loadOrderId}`, as: EMAIL.dispatcher });
    expect(res.text).toBe('Order cancelled successfully');
    const after = (await orders()).find((o) => o.loadOrderId === order.loadOrderId);
    expect(after).toMatchObject({ loadOrderStatusId: 0, state: 'cancelled' });
    const edit = await place({ ...after, loadOrderId: order.loadOrderId, updatedOn: after.updatedOn });
    expect(edit.status).toBe(409);
    expect(edit.text).toMatch(/^ERROR This order is in history/);
  });

  it('keeps orders to their company and the dashboard’s permissions', async () => {
    expect(await orders(EMAIL.secondAdmin)).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/LoadOrder', as: EMAIL.driver })).status).toBe(403);
    const [order] = await orders();
    expect((await t.call({ method: 'DELETE', url: `/api/LoadOrder?id=${order.loadOrderId}`, as: EMAIL.secondAdmin })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/LoadOrder/Timeline?id=${order.loadOrderId}`, as: EMAIL.secondAdmin })).status).toBe(404);
  });
});
