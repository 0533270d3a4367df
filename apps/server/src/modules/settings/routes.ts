import { SUCCESS, settingsRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findServiceUrl, setServiceUrl } from './service';

/** Per-company settings of the System Admin page's Service tab. */
export async function settingsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, settingsRoutes.getServiceUrl, async (req) => findServiceUrl(db, actorOf(req.ctx).companyId));
  route(app, settingsRoutes.setServiceUrl, async (req) => {
    await db.transaction((tx) => setServiceUrl(tx, actorOf(req.ctx), req.query.url));
    return SUCCESS.serviceUrlSaved;
  });
}
