import { loadSearchRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import type { TVault } from '../../loadboard/vault';
import { searchLoads } from './service';

export async function loadSearchModule(app: FastifyInstance, { db, vault }: { db: TDb; vault: TVault }) {
  route(app, loadSearchRoutes.search, async (req, reply) => {
    const result = await searchLoads(db, vault, actorOf(req.ctx).companyId, req.body);
    if (typeof result === 'string') reply.type('text/plain; charset=utf-8');
    return result;
  });
}
