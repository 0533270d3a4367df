import { brokerRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findBrokers } from './queries';
import { deleteBroker, upsertBroker } from './service';

export async function brokersModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, brokerRoutes.getBrokers, async (req) => findBrokers(db, actorOf(req.ctx).companyId));
  route(app, brokerRoutes.addUpdateBroker, async (req) => {
    await db.transaction((tx) => upsertBroker(tx, actorOf(req.ctx), req.body));
    return SUCCESS.brokerUpdated;
  });
  route(app, brokerRoutes.deleteBroker, async (req) => {
    await db.transaction((tx) => deleteBroker(tx, actorOf(req.ctx), req.query.brokerId));
    return SUCCESS.brokerDeleted;
  });
}
