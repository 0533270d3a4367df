import { loadRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { capLimit, capList } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { findLoads, findLoadsPage, sumLoads } from './queries';
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

  /** An unpaged list answers at most its declared cap of loads, newest first; when the filter
   * selects more, the headers give the count and an INFO text naming the route's paged twin. */
  const list = async (
    def: typeof loadRoutes.getFilteredLoads | typeof loadRoutes.getLoadHistory,
    filter: Parameters<typeof findLoads>[2],
    ctx: Parameters<typeof actorOf>[0],
    reply: FastifyReply,
  ) => {
    const actor = actorOf(ctx);
    const viewer = viewerOf(actor);
    const rows = await findLoads(db, actor.companyId, filter, viewer, capLimit(def));
    return capList(reply, def, rows, async () => (await sumLoads(db, actor.companyId, filter, viewer)).total);
  };
  const page = ({ page, pageSize, sortBy, sortDir, ...filter }: Parameters<typeof findLoads>[2] & Parameters<typeof findLoadsPage>[3], ctx: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(ctx);
    return findLoadsPage(db, actor.companyId, filter, { page, pageSize, sortBy, sortDir }, viewerOf(actor));
  };

  route(app, loadRoutes.getFilteredLoads, async (req, reply) => list(loadRoutes.getFilteredLoads, req.body, req.ctx, reply));
  route(app, loadRoutes.getFilteredLoadsPage, async (req) => page(req.body, req.ctx));
  route(app, loadRoutes.getLoadHistory, async (req, reply) => list(loadRoutes.getLoadHistory, req.body, req.ctx, reply));
  route(app, loadRoutes.getLoadHistoryPage, async (req) => page(req.body, req.ctx));

  route(app, loadRoutes.addUpdateLoad, async (req) => {
    await db.transaction((tx) => upsertLoad(tx, actorOf(req.ctx), req.body));
    return SUCCESS.loadUpdated;
  });

  route(app, loadRoutes.deleteLoad, async (req) => {
    await db.transaction((tx) => deleteLoad(tx, actorOf(req.ctx), req.query.id));
    return SUCCESS.loadDeleted;
  });
}
