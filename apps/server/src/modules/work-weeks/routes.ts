import { generalRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { companyOf } from '../../lib/rows';
import { deleteWorkWeeks, findWorkWeeks, generateWorkWeeks } from './service';

export async function workWeeksModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, generalRoutes.getWorkWeeks, async (req) => findWorkWeeks(db, companyOf(req.ctx), req.query.year));
  route(app, generalRoutes.generateWorkWeeks, async (req) => generateWorkWeeks(db, req.ctx, req.query.date));
  route(app, generalRoutes.deleteWorkWeeks, async (req) => deleteWorkWeeks(db, req.ctx, req.query.year));
}
