import { lookupRoutes, ROLE_NAMES } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import {
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
  route(app, lookupRoutes.getCompanyList, async () => findCompanyOptions(db));
  route(app, lookupRoutes.getCompanyListUserAdmin, async (req) => findCompanyOptions(db, actorOf(req.ctx).administeredCompanyIds));
  route(app, lookupRoutes.getRoles, async () => Object.entries(ROLE_NAMES).map(([value, label]) => ({ label, value: Number(value) })));
  route(app, lookupRoutes.getUserStatuses, async () => [
    { label: 'Active', value: true },
    { label: 'Inactive', value: false },
  ]);
  route(app, lookupRoutes.getStates, async () => findStateOptions(db));
  route(app, lookupRoutes.getLoadStatusList, async () => findLoadStatusOptions(db));
  route(app, lookupRoutes.getBrokerList, async (req) => findBrokerOptions(db, actorOf(req.ctx).companyId, req.query.includeId));
  route(app, lookupRoutes.getCompanyDrivers, async (req) => findDriverOptions(db, actorOf(req.ctx).companyId));
  route(app, lookupRoutes.getWorkWeekList, async (req) =>
    findWeekOptions(db, actorOf(req.ctx).companyId, req.query.year ?? new Date().getUTCFullYear()),
  );
  route(app, lookupRoutes.getExpenseTypeList, async () => findExpenseTypeOptions(db));
  route(app, lookupRoutes.getFrequencyTypeList, async () => findFrequencyTypeOptions(db));
}
