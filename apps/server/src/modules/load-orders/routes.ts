import type { EventEmitter } from 'node:events';
import { CITY_SEARCH_LIMIT, loadOrderRoutes, ORDER_TEXT, SUCCESS, type TCity } from '@haulboard/contract';
import { cityLabel, MIN_SEARCH_LETTERS, searchCities } from '@haulboard/geo';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDatabase, TDb } from '../../db/client';
import { loadOrders, orderEvents } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { findDriverOptions } from '../lookups';
import { alertsSince } from './alerts';
import { mountOrderEvents } from './events';
import { findOrderEvents, findOrders } from './queries';
import { cancelOrder, placeOrder } from './service';

/** Load orders (spec §2 relay/search-dashboard): what a dispatcher wants the engine to find. */
export async function loadOrdersModule(app: FastifyInstance, { db, changes, listen }: { db: TDb; changes?: EventEmitter; listen?: TDatabase['listen'] }) {
  route(app, loadOrderRoutes.getOrders, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const rows = await findOrders(db, companyId, undefined, capLimit(loadOrderRoutes.getOrders));
    return capList(reply, loadOrderRoutes.getOrders, rows, () => countRows(db, loadOrders, eq(loadOrders.companyId, companyId)));
  });
  route(app, loadOrderRoutes.placeOrder, async (req) => (await db.transaction((tx) => placeOrder(tx, actorOf(req.ctx), req.body))).text);
  route(app, loadOrderRoutes.cancelOrder, async (req) => {
    await db.transaction((tx) => cancelOrder(tx, actorOf(req.ctx), req.query.id));
    return SUCCESS.orderCancelled;
  });
  route(app, loadOrderRoutes.getOrderTimeline, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const orderId = req.query.id;
    if (!(await findOrders(db, companyId, orderId, 1)).length) throw notFound('The order');
    const rows = await findOrderEvents(db, companyId, orderId, capLimit(loadOrderRoutes.getOrderTimeline));
    return capList(reply, loadOrderRoutes.getOrderTimeline, rows, () =>
      countRows(db, orderEvents, and(eq(orderEvents.companyId, companyId), eq(orderEvents.orderId, orderId))),
    );
  });
  route(app, loadOrderRoutes.getAlerts, async (req) => alertsSince(db, actorOf(req.ctx).companyId, req.query.after));
  route(app, loadOrderRoutes.getCities, async (req, reply) => {
    const text = req.query.value.trim();
    if (text.replace(/[^\p{L}]/gu, '').length < MIN_SEARCH_LETTERS) {
      reply.type('text/plain; charset=utf-8');
      return ORDER_TEXT.cityTextTooShort;
    }
    return searchCities(text, CITY_SEARCH_LIMIT).map((c): TCity => {
      const label = cityLabel(c);
      return { label, value: label, name: c.name.toUpperCase(), stateCode: c.stateCode, latitude: c.latitude, longitude: c.longitude };
    });
  });
  route(app, loadOrderRoutes.getCompanyDrivers, async (req) =>
    (await findDriverOptions(db, actorOf(req.ctx).companyId)).map(({ label, value }) => ({ label, value })),
  );
  mountOrderEvents(app, { db, changes, listen });
}
