import { lookupRoutes, ROLE_NAMES } from '@haulboard/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { brokers, companies } from '../../db/schema';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import {
  brokerOptionsWhere,
  findBrokerOptions,
  findCompanyOptions,
  findDriverOptions,
  findExpenseTypeOptions,
  findFrequencyTypeOptions,
  findLoadStatusOptions,
  findStateOptions,
  findWeekOptions,
} from './queries';

export async function lookupsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, lookupRoutes.getCompanyList, async (_req, reply) => {
    const rows = await findCompanyOptions(db, undefined, capLimit(lookupRoutes.getCompanyList));
    return capList(reply, lookupRoutes.getCompanyList, rows, () => countRows(db, companies, undefined));
  });
  route(app, lookupRoutes.getCompanyListUserAdmin, async (req, reply) => {
    const ids = actorOf(req.ctx).administeredCompanyIds;
    const rows = await findCompanyOptions(db, ids, capLimit(lookupRoutes.getCompanyListUserAdmin));
    return capList(reply, lookupRoutes.getCompanyListUserAdmin, rows, () => countRows(db, companies, inArray(companies.id, ids)));
  });
  route(app, lookupRoutes.getRoles, async () => Object.entries(ROLE_NAMES).map(([value, label]) => ({ label, value: Number(value) })));
  route(app, lookupRoutes.getUserStatuses, async () => [
    { label: 'Active', value: true },
    { label: 'Inactive', value: false },
  ]);
  route(app, lookupRoutes.getStates, async () => findStateOptions(db));
  route(app, lookupRoutes.getLoadStatusList, async () => findLoadStatusOptions(db));
  route(app, lookupRoutes.getBrokerList, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const rows = await findBrokerOptions(db, companyId, req.query.includeId, capLimit(lookupRoutes.getBrokerList));
    return capList(reply, lookupRoutes.getBrokerList, rows, () => countRows(db, brokers, brokerOptionsWhere(companyId, req.query.includeId)));
  });
  // The driver lists are sorted by unit in memory and stay whole in the query; route() caps the answer.
  route(app, lookupRoutes.getCompanyDrivers, async (req) => findDriverOptions(db, actorOf(req.ctx).companyId));
  route(app, lookupRoutes.getWorkWeekList, async (req) =>
    findWeekOptions(db, actorOf(req.ctx).companyId, req.query.year ?? new Date().getUTCFullYear()),
  );
  route(app, lookupRoutes.getExpenseTypeList, async () => findExpenseTypeOptions(db));
  route(app, lookupRoutes.getFrequencyTypeList, async () => findFrequencyTypeOptions(db));
}
