import { permissionRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { findPermissionMatrix, resetPermissions, setPermission } from './service';

export async function permissionsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, permissionRoutes.getPermissions, async (req) => findPermissionMatrix(db, actorOf(req.ctx).companyId));
  route(app, permissionRoutes.setPermission, async (req) => db.transaction((tx) => setPermission(tx, actorOf(req.ctx), req.body)));
  route(app, permissionRoutes.resetPermissions, async (req) => db.transaction((tx) => resetPermissions(tx, actorOf(req.ctx))));
}
