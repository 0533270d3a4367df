import { SUCCESS, userRoutes } from '@haulboard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { userCompanies } from '../../db/schema';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { findCompanyUsers, updateUserInformation } from './service';

export async function usersModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, userRoutes.getUsers, async (req, reply) => {
    const actor = actorOf(req.ctx);
    const rows = await findCompanyUsers(db, actor, capLimit(userRoutes.getUsers));
    return capList(reply, userRoutes.getUsers, rows, () => countRows(db, userCompanies, eq(userCompanies.companyId, actor.companyId)));
  });
  route(app, userRoutes.updateUserInformation, async (req) => {
    await db.transaction((tx) => updateUserInformation(tx, actorOf(req.ctx), req.body));
    return SUCCESS.userUpdated;
  });
}
