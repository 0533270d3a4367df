import { z } from 'zod';
import { ZBrokerListQuery } from './brokers';
import { defineRoute, onObject, type TListBound, type TRouteAccess } from './route-def';
import { ZOptionalYearQuery } from './work-weeks';

export const ZLookupItem = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]),
});
export type TLookupItem = z.infer<typeof ZLookupItem>;
export const ZLookupList = z.array(ZLookupItem);

/** A company driver: label '101 - Sam Carter', value the user id, and the unit on its own. */
export const ZDriverLookupItem = ZLookupItem.extend({ unitNumber: z.string().nullable() });
export type TDriverLookupItem = z.infer<typeof ZDriverLookupItem>;

/** A work week: label 'Week 12 (03/16/2026 - 03/22/2026)', value the week id, and its parts. */
export const ZWeekLookupItem = ZLookupItem.extend({
  year: z.number(),
  number: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  /** Closed for settlements: nothing that falls in it may change (the forms open read-only). */
  isClosed: z.boolean().optional(),
});
export type TWeekLookupItem = z.infer<typeof ZWeekLookupItem>;

/** An expense type: label and id, and whether it adds to pay (a reimbursement) instead of deducting. */
export const ZExpenseTypeLookupItem = ZLookupItem.extend({ isReimbursement: z.boolean() });
export type TExpenseTypeLookupItem = z.infer<typeof ZExpenseTypeLookupItem>;

const member: TRouteAccess = { kind: 'member' };

const fixed: TListBound = { fixed: true };

/** A lookup route (spec §7 Lookups): GET /api/Lookup/{name}, answering a label/value list bounded by `list`. */
const lookup = <Q extends z.ZodType | undefined = undefined, R extends z.ZodType = typeof ZLookupList>(
  name: string,
  summary: string,
  list: TListBound,
  { access = member, query, response }: { access?: TRouteAccess; query?: Q; response?: R } = {},
) =>
  defineRoute({
    method: 'GET',
    path: `/api/Lookup/${name}`,
    summary,
    tag: 'Lookups',
    access,
    query: query as Q,
    response: (response ?? ZLookupList) as R,
    list,
  });

export const lookupRoutes = {
  getCompanyList: lookup('GetCompanyList', 'Companies a person can register with', { cap: 5000, noun: 'companies' }, { access: { kind: 'signedIn' } }),
  getCompanyListUserAdmin: lookup('GetCompanyListUserAdmin', 'Companies the administrator administers', { cap: 5000, noun: 'companies' }, {
    access: onObject('UserAdmin', 'Read'),
  }),
  getRoles: lookup('GetRoles', 'Roles', fixed),
  getUserStatuses: lookup('GetUserStatuses', 'User statuses (active, inactive)', fixed),
  getStates: lookup('GetStates', 'US states, DC and the Marshall Islands', fixed),
  getLoadStatusList: lookup('GetLoadStatusList', 'Load statuses', fixed),
  getBrokerList: lookup('GetBrokerList', 'Active brokers; includeId adds one inactive broker (editing an old load)', { cap: 5000, noun: 'brokers' }, {
    query: ZBrokerListQuery,
  }),
  getCompanyDrivers: lookup('GetCompanyDrivers', "Drivers of the active company, label '101 - Sam Carter', value userId, and unitNumber", { cap: 5000, noun: 'drivers' }, {
    response: z.array(ZDriverLookupItem),
  }),
  getWorkWeekList: lookup(
    'GetWorkWeekList',
    "Work weeks of a year (default this year), label 'Week 12 (03/16/2026 - 03/22/2026)', with year, number and dates",
    { period: true },
    { query: ZOptionalYearQuery, response: z.array(ZWeekLookupItem) },
  ),
  getExpenseTypeList: lookup('GetExpenseTypeList', 'Expense types, with isReimbursement for the types that add to pay', fixed, {
    response: z.array(ZExpenseTypeLookupItem),
  }),
  getFrequencyTypeList: lookup('GetFrequencyTypeList', 'Expense frequencies: one time, weekly, every two weeks, monthly', fixed),
} as const;
