import { ROLE_NAMES, lookupRoutes } from '@haulboard/contract';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { companies, states } from '../../db/schema';
import { route } from '../../lib/route';
import { administeredCompanyIds } from '../users/service';

export async function lookupsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, lookupRoutes.getCompanyList, async () => {
    const rows = await db.select().from(companies).orderBy(asc(companies.name));
    return rows.map((c) => ({ label: c.name, value: c.id }));
  });
  route(app, lookupRoutes.getCompanyListUserAdmin, async (req) => {
    const ids = administeredCompanyIds(req.ctx);
    if (!ids.length) return [];
    const rows = await db.select().from(companies).where(inArray(companies.id, ids)).orderBy(asc(companies.name));
    return rows.map((c) => ({ label: c.name, value: c.id }));
  });
  route(app, lookupRoutes.getRoles, async () => Object.entries(ROLE_NAMES).map(([value, label]) => ({ label, value: Number(value) })));
  route(app, lookupRoutes.getUserStatuses, async () => [
    { label: 'Active', value: true },
    { label: 'Inactive', value: false },
  ]);
  route(app, lookupRoutes.getStates, async () => {
    const rows = await db.select().from(states).orderBy(asc(states.id));
    return rows.map((s) => ({ label: s.name, value: s.id }));
  });
}
