import { loadRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { companyOf } from '../../lib/rows';
import { findLoads, findLoadsPage } from './queries';
import { deleteLoad, upsertLoad, viewerOf } from './service';

/** The load lists can hold thousands of rows built by the queries in this module: their replies
 * skip the per-field zod check and go straight to JSON.stringify (the schema still documents them). */
const LIST_ROUTES = new Set<string>(
  [loadRoutes.getFilteredLoads, loadRoutes.getFilteredLoadsPage, loadRoutes.getLoadHistory, loadRoutes.getLoadHistoryPage].map((r) => r.path),
);

export async function loadsModule(app: FastifyInstance, { db }: { db: TDb }) {
  app.addHook('onRoute', (options) => {
    if (LIST_ROUTES.has(options.url)) options.serializerCompiler = () => (data) => JSON.stringify(data);
  });

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
