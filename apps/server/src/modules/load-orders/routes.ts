import type { EventEmitter } from 'node:events';
import { CITY_SEARCH_LIMIT, loadOrderRoutes, ORDER_TEXT, SUCCESS, type TCity } from '@haulboard/contract';
import { cityLabel, MIN_SEARCH_LETTERS, searchCities } from '@haulboard/geo';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { findDriverOptions } from '../lookups';
import { alertsSince, mountOrderEvents } from './events';
import { findOrderEvents, findOrders } from './queries';
import { cancelOrder, placeOrder } from './service';

/** Load orders (spec §2 relay/search-dashboard): what a dispatcher wants the engine to find. */
export async function loadOrdersModule(app: FastifyInstance, { db, changes }: { db: TDb; changes?: EventEmitter }) {
  route(app, loadOrderRoutes.getOrders, async (req) => findOrders(db, actorOf(req.ctx).companyId));
  route(app, loadOrderRoutes.placeOrder, async (req) => (await db.transaction((tx) => placeOrder(tx, actorOf(req.ctx), req.body))).text);
  route(app, loadOrderRoutes.cancelOrder, async (req) => {
    await db.transaction((tx) => cancelOrder(tx, actorOf(req.ctx), req.query.id));
    return SUCCESS.orderCancelled;
  });
  route(app, loadOrderRoutes.getOrderTimeline, async (req) => {
    const { companyId } = actorOf(req.ctx);
    if (!(await findOrders(db, companyId, req.query.id)).length) throw notFound('The order');
    return findOrderEvents(db, companyId, req.query.id);
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
  mountOrderEvents(app, { db, changes });
}
