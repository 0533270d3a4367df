import { brokerRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { companyOf } from '../../lib/rows';
import { deleteBroker, findBrokers, upsertBroker } from './service';

export async function brokersModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, brokerRoutes.getBrokers, async (req) => findBrokers(db, companyOf(req.ctx)));
  route(app, brokerRoutes.addUpdateBroker, async (req) => {
    await upsertBroker(db, req.ctx, req.body);
    return SUCCESS.brokerUpdated;
  });
  route(app, brokerRoutes.deleteBroker, async (req) => {
    await deleteBroker(db, req.ctx, req.query.brokerId);
    return SUCCESS.brokerDeleted;
  });
}
