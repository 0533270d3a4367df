import { generalRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import { companyOf } from '../../lib/rows';
import { findPermissionMatrix, resetPermissions, setPermission } from './service';

/** The Roles & Permissions tab: the guard reads role_permissions on every request, so changes apply at once. */
export async function permissionsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, generalRoutes.getPermissions, async (req) => findPermissionMatrix(db, companyOf(req.ctx)));
  route(app, generalRoutes.setPermission, async (req) => setPermission(db, req.ctx, req.body));
  route(app, generalRoutes.resetPermissions, async (req) => resetPermissions(db, req.ctx));
}
