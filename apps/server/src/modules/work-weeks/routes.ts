import { workWeekRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findWorkWeeks } from './queries';
import { deleteWorkWeeks, findWorkYears, generateWorkWeeks, planWorkWeeks } from './service';

export async function workWeeksModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, workWeekRoutes.getWorkWeeks, async (req) => findWorkWeeks(db, actorOf(req.ctx).companyId, req.query.year));
  route(app, workWeekRoutes.generateWorkWeeks, async (req) => db.transaction((tx) => generateWorkWeeks(tx, actorOf(req.ctx), req.query.date)));
  route(app, workWeekRoutes.planWorkWeeks, async (req) => planWorkWeeks(db, actorOf(req.ctx).companyId, req.query.date));
  route(app, workWeekRoutes.getWorkYears, async (req) => findWorkYears(db, actorOf(req.ctx).companyId));
  route(app, workWeekRoutes.deleteWorkWeeks, async (req) => db.transaction((tx) => deleteWorkWeeks(tx, actorOf(req.ctx), req.query.year)));
}
