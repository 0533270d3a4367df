import { z } from 'zod';
import { ZBroker, ZBrokerForm, ZBrokerIdQuery, ZBrokerListQuery } from './brokers';
import { ZDriverLookupItem, ZIdQuery, ZLookupList, ZTextReply, ZWeekLookupItem } from './common';
import {
  ZGenerateWeeksQuery,
  ZOptionalYearQuery,
  ZPermissionRow,
  ZServiceUrlQuery,
  ZSetPermission,
  ZWorkWeek,
  ZYearQuery,
} from './general';
import {
  ZLoad,
  ZLoadFilter,
  ZLoadForm,
  ZLoadHistoryFilter,
  ZLoadHistoryPageRequest,
  ZLoadsPage,
  ZLoadsPageRequest,
} from './loads';
import type { TRouteAccess, TRouteDef } from './routes';

/** The board's routes: brokers, loads, load history, work weeks, settings, the permission matrix. */

const def = <T extends TRouteDef>(d: T) => d;
const member: TRouteAccess = { kind: 'member' };
const lookup = <Q extends z.ZodType | undefined = undefined>(name: string, summary: string, query?: Q) =>
  def({ method: 'GET', path: `/api/Lookup/${name}`, summary, tag: 'Lookups', access: member, query: query as Q, response: ZLookupList });

export const brokerRoutes = {
  getBrokers: def({
    method: 'GET',
    path: '/api/Broker',
    summary: 'Brokers of the active company, active and inactive, by name',
    tag: 'Brokers',
    access: { kind: 'object', object: 'BrokerAdmin', level: 'Read' },
    response: z.array(ZBroker),
  }),
  addUpdateBroker: def({
    method: 'POST',
    path: '/api/Broker/AddUpdateBroker',
    summary: 'Add (brokerId 0) or edit a broker; changing isActive needs Write',
    tag: 'Brokers',
    access: { kind: 'object', object: 'BrokerAdmin', level: 'DenyDelete' },
    body: ZBrokerForm,
    response: ZTextReply,
  }),
  deleteBroker: def({
    method: 'DELETE',
    path: '/api/Broker/DeleteBroker',
    summary: 'Delete a broker no load refers to',
    tag: 'Brokers',
    access: { kind: 'object', object: 'BrokerAdmin', level: 'Write' },
    query: ZBrokerIdQuery,
    response: ZTextReply,
  }),
} as const;

export const loadRoutes = {
  getFilteredLoads: def({
    method: 'POST',
    path: '/api/Load/GetFilteredLoads',
    summary: 'Every load the filter selects, newest start first',
    tag: 'Loads',
    access: { kind: 'object', object: 'LoadBoardPage', level: 'Read' },
    body: ZLoadFilter,
    response: z.array(ZLoad),
  }),
  getFilteredLoadsPage: def({
    method: 'POST',
    path: '/api/Load/GetFilteredLoadsPage',
    summary: 'One sorted page of the loads the filter selects, with their count and payout total',
    tag: 'Loads',
    access: { kind: 'object', object: 'LoadBoardPage', level: 'Read' },
    body: ZLoadsPageRequest,
    response: ZLoadsPage,
  }),
  getLoadHistory: def({
    method: 'POST',
    path: '/api/Load/GetLoadHistory',
    summary: 'Loads by number, work year or week, date range and origin state',
    tag: 'Loads',
    access: { kind: 'object', object: 'LoadHistoryPage', level: 'Read' },
    body: ZLoadHistoryFilter,
    response: z.array(ZLoad),
  }),
  getLoadHistoryPage: def({
    method: 'POST',
    path: '/api/Load/GetLoadHistoryPage',
    summary: 'One sorted page of load history, with its count and payout total',
    tag: 'Loads',
    access: { kind: 'object', object: 'LoadHistoryPage', level: 'Read' },
    body: ZLoadHistoryPageRequest,
    response: ZLoadsPage,
  }),
  addUpdateLoad: def({
    method: 'POST',
    path: '/api/Load/AddUpdateLoad',
    summary: 'Add (loadId 0) or edit a load',
    tag: 'Loads',
    access: { kind: 'object', object: 'LoadBoardPage', level: 'DenyDelete' },
    body: ZLoadForm,
    response: ZTextReply,
  }),
  deleteLoad: def({
    method: 'DELETE',
    path: '/api/Load',
    summary: 'Delete a load',
    tag: 'Loads',
    access: { kind: 'object', object: 'LoadBoardPage', level: 'Write' },
    query: ZIdQuery,
    response: ZTextReply,
  }),
} as const;

const systemAdmin = (level: 'Read' | 'Write'): TRouteAccess => ({ kind: 'object', object: 'SystemAdminPage', level });

export const generalRoutes = {
  getWorkWeeks: def({
    method: 'GET',
    path: '/api/General/GetWorkWeeks',
    summary: 'Work weeks of the active company (of one year when given)',
    tag: 'General',
    access: systemAdmin('Read'),
    query: ZOptionalYearQuery,
    response: z.array(ZWorkWeek),
  }),
  generateWorkWeeks: def({
    method: 'POST',
    path: '/api/General/GenerateWorkWeeks',
    summary: "Create the date's year of consecutive 7-day weeks starting on the date",
    tag: 'General',
    access: systemAdmin('Write'),
    query: ZGenerateWeeksQuery,
    response: ZTextReply,
  }),
  deleteWorkWeeks: def({
    method: 'DELETE',
    path: '/api/General/DeleteWorkWeeks',
    summary: "Delete a year's work weeks while no load uses them",
    tag: 'General',
    access: systemAdmin('Write'),
    query: ZYearQuery,
    response: ZTextReply,
  }),
  getServiceUrl: def({
    method: 'GET',
    path: '/api/General/GetServiceUrl',
    summary: "The company's service URL as text ('' when not set)",
    tag: 'General',
    access: systemAdmin('Read'),
    response: ZTextReply,
  }),
  setServiceUrl: def({
    method: 'POST',
    path: '/api/General/setServiceUrl',
    summary: "Save the company's service URL",
    tag: 'General',
    access: systemAdmin('Write'),
    query: ZServiceUrlQuery,
    response: ZTextReply,
  }),
  getPermissions: def({
    method: 'GET',
    path: '/api/General/GetPermissions',
    summary: 'The role × object permission matrix of the active company',
    tag: 'General',
    access: systemAdmin('Read'),
    response: z.array(ZPermissionRow),
  }),
  setPermission: def({
    method: 'POST',
    path: '/api/General/SetPermission',
    summary: "Change one cell of the matrix (the company's administrators only); applies from the next request",
    tag: 'General',
    access: systemAdmin('Write'),
    body: ZSetPermission,
    response: ZTextReply,
  }),
  resetPermissions: def({
    method: 'POST',
    path: '/api/General/ResetPermissions',
    summary: 'Return the matrix to the defaults (administrators only)',
    tag: 'General',
    access: systemAdmin('Write'),
    response: ZTextReply,
  }),
} as const;

export const boardLookupRoutes = {
  getLoadStatusList: lookup('GetLoadStatusList', 'Load statuses'),
  getBrokerList: lookup('GetBrokerList', 'Active brokers; includeId adds one inactive broker (editing an old load)', ZBrokerListQuery),
  getCompanyDrivers: {
    ...lookup('GetCompanyDrivers', "Drivers of the active company, label '101 - Sam Carter', value userId, and unitNumber"),
    response: z.array(ZDriverLookupItem),
  },
  getWorkWeekList: {
    ...lookup('GetWorkWeekList', "Work weeks of a year (default this year), label 'Week 12 (03/16/2026 - 03/22/2026)', with year, number and dates", ZOptionalYearQuery),
    response: z.array(ZWeekLookupItem),
  },
} as const;

export const boardRoutes = { ...brokerRoutes, ...loadRoutes, ...generalRoutes, ...boardLookupRoutes } as const;
