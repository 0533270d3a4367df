import { boardLookupRoutes, ROLE } from '@haulboard/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { brokers, loadStatuses, userCompanies, userRoles, users } from '../../db/schema';
import { route } from '../../lib/route';
import { companyOf } from '../../lib/rows';
import { fullNameOf } from '../auth/service';
import { findWorkWeeks, weekLabel } from '../work-weeks/service';

/** The board's select lists (spec §3 Lookups): label/value pairs of the active company. */
export async function boardLookupsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, boardLookupRoutes.getLoadStatusList, async () => {
    const rows = await db.select().from(loadStatuses).orderBy(asc(loadStatuses.sortOrder));
    return rows.map((s) => ({ label: s.name, value: s.id }));
  });

  route(app, boardLookupRoutes.getBrokerList, async (req) => {
    const includeId = req.query.includeId;
    const rows = await db
      .select({ id: brokers.id, name: brokers.name, isActive: brokers.isActive })
      .from(brokers)
      .where(
        and(eq(brokers.companyId, companyOf(req.ctx)), includeId ? or(eq(brokers.isActive, true), eq(brokers.id, includeId)) : eq(brokers.isActive, true)),
      )
      .orderBy(asc(sql`lower(${brokers.name})`), asc(brokers.id));
    return rows.map((b) => ({ label: b.isActive ? b.name : `${b.name} (inactive)`, value: b.id }));
  });

  route(app, boardLookupRoutes.getCompanyDrivers, async (req) => {
    const companyId = companyOf(req.ctx);
    const rows = await db
      .select({ user: users, unitNumber: userCompanies.unitNumber })
      .from(userCompanies)
      .innerJoin(users, eq(users.id, userCompanies.userId))
      .innerJoin(
        userRoles,
        and(eq(userRoles.userId, userCompanies.userId), eq(userRoles.companyId, userCompanies.companyId), eq(userRoles.roleId, ROLE.Driver)),
      )
      .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.isActive, true)));
    return rows
      .map((r) => ({ unit: r.unitNumber ?? '', name: fullNameOf(r.user), value: r.user.id }))
      .sort((a, b) => (a.unit || '\uffff').localeCompare(b.unit || '\uffff', 'en', { numeric: true }) || a.name.localeCompare(b.name))
      .map((d) => ({ label: d.unit ? `${d.unit} - ${d.name}` : d.name, value: d.value, unitNumber: d.unit || null }));
  });

  route(app, boardLookupRoutes.getWorkWeekList, async (req) => {
    const year = req.query.year ?? new Date().getUTCFullYear();
    const weeks = await findWorkWeeks(db, companyOf(req.ctx), year);
    return weeks.map((w) => ({ label: weekLabel(w), value: w.weekId, year: w.year, number: w.number, startDate: w.startDate, endDate: w.endDate }));
  });
}
