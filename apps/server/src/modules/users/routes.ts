import { SUCCESS, userRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findCompanyUsers, updateUserInformation } from './service';

export async function usersModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, userRoutes.getUsers, async (req) => findCompanyUsers(db, actorOf(req.ctx)));
  route(app, userRoutes.updateUserInformation, async (req) => {
    await db.transaction((tx) => updateUserInformation(tx, actorOf(req.ctx), req.body));
    return SUCCESS.userUpdated;
  });
}
