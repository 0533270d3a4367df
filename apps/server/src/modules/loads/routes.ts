import { loadRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { companyOf } from '../../lib/rows';
import { findLoads, findLoadsPage } from './queries';
import { deleteLoad, upsertLoad, viewerOf } from './service';

export async function loadsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, loadRoutes.getFilteredLoads, async (req) => findLoads(db, companyOf(req.ctx), req.body, viewerOf(req.ctx)));

  route(app, loadRoutes.getFilteredLoadsPage, async (req) => {
    const { page, pageSize, sortBy, sortDir, ...filter } = req.body;
    return findLoadsPage(db, companyOf(req.ctx), filter, { page, pageSize, sortBy, sortDir }, viewerOf(req.ctx));
  });

  route(app, loadRoutes.getLoadHistory, async (req) => findLoads(db, companyOf(req.ctx), req.body, viewerOf(req.ctx)));

  route(app, loadRoutes.getLoadHistoryPage, async (req) => {
    const { page, pageSize, sortBy, sortDir, ...filter } = req.body;
    return findLoadsPage(db, companyOf(req.ctx), filter, { page, pageSize, sortBy, sortDir }, viewerOf(req.ctx));
  });

  route(app, loadRoutes.addUpdateLoad, async (req) => {
    await upsertLoad(db, req.ctx, req.body);
    return SUCCESS.loadUpdated;
  });

  route(app, loadRoutes.deleteLoad, async (req) => {
    await deleteLoad(db, req.ctx, req.query.id);
    return SUCCESS.loadDeleted;
  });
}
