import { expenseRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findExpenses } from './queries';
import { deleteExpense, upsertExpense } from './service';

export async function expensesModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, expenseRoutes.getExpenses, async (req) =>
    findExpenses(db, actorOf(req.ctx).companyId, req.query.today ?? new Date().toISOString().slice(0, 10)),
  );
  route(app, expenseRoutes.addUpdateExpense, async (req) => {
    await db.transaction((tx) => upsertExpense(tx, actorOf(req.ctx), req.body));
    return SUCCESS.expenseUpdated;
  });
  route(app, expenseRoutes.deleteExpense, async (req) => {
    await db.transaction((tx) => deleteExpense(tx, actorOf(req.ctx), req.query.id));
    return SUCCESS.expenseDeleted;
  });
}
