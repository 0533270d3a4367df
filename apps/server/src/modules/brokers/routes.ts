import { brokerRoutes, SUCCESS } from '@haulboard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { brokers } from '../../db/schema';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { findBrokers } from './queries';
import { deleteBroker, upsertBroker } from './service';

export async function brokersModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, brokerRoutes.getBrokers, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const rows = await findBrokers(db, companyId, capLimit(brokerRoutes.getBrokers));
    return capList(reply, brokerRoutes.getBrokers, rows, () => countRows(db, brokers, eq(brokers.companyId, companyId)));
  });
  route(app, brokerRoutes.addUpdateBroker, async (req) => {
    await db.transaction((tx) => upsertBroker(tx, actorOf(req.ctx), req.body));
    return SUCCESS.brokerUpdated;
  });
  route(app, brokerRoutes.deleteBroker, async (req) => {
    await db.transaction((tx) => deleteBroker(tx, actorOf(req.ctx), req.query.brokerId));
    return SUCCESS.brokerDeleted;
  });
}
