import { expenseRoutes, SUCCESS } from '@haulboard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { expenses } from '../../db/schema';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { findExpenses } from './queries';
import { deleteExpense, upsertExpense } from './service';

export async function expensesModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, expenseRoutes.getExpenses, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const today = req.query.today ?? new Date().toISOString().slice(0, 10);
    const rows = await findExpenses(db, companyId, today, capLimit(expenseRoutes.getExpenses));
    return capList(reply, expenseRoutes.getExpenses, rows, () => countRows(db, expenses, eq(expenses.companyId, companyId)));
  });
  route(app, expenseRoutes.addUpdateExpense, async (req) => {
    await db.transaction((tx) => upsertExpense(tx, actorOf(req.ctx), req.body));
    return SUCCESS.expenseUpdated;
  });
  route(app, expenseRoutes.deleteExpense, async (req) => {
    await db.transaction((tx) => deleteExpense(tx, actorOf(req.ctx), req.query.id));
    return SUCCESS.expenseDeleted;
  });
}
