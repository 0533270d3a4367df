import { SUCCESS, authRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findCompanyUsers, updateUserInformation } from './service';

export async function usersModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, authRoutes.getUsers, async (req) => findCompanyUsers(db, req.ctx));
  route(app, authRoutes.updateUserInformation, async (req) => {
    await updateUserInformation(db, req.ctx, req.body);
    return SUCCESS.userUpdated;
  });
}
