import { type TLoad, type TLoadDriver, type TLoadSortColumn, type TLoadsPage, usStates } from '@haulboard/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { TDbLike } from '../../db/client';
import { LOAD_STATUSES } from '../../db/reference-data';
import { brokers, companies, loadDrivers, loadStatuses, loads, states, userCompanies, users, workWeeks } from '../../db/schema';
import { isoOf } from '../../lib/rows';

/**
 * The board's read queries. Every function takes the company explicitly: no query here can run
 * without a tenant. The rows are one statement (names joined, drivers aggregated in one lateral
 * lookup on the load_drivers primary key: no N+1); count and payout total are one more, answered
 * from the covering indexes of `loads`. State and status names are fixed reference data
 * (reference-data.ts), named in code rather than joined.
 */

/** What the board and the history may filter by; null or absent means "any". */
export type TLoadQueryFilter = {
  /** The start of the load number, ignoring case. */
  loadNumber?: string | null;
  /** The start of the load number, or part of the broker, a city or a driver's name, ignoring case. */
  search?: string | null;
  weekId?: number | null;
  driverId?: number | null;
  /** Calendar days 'YYYY-MM-DD', selecting by the load's start date (UTC), both ends included. */
  startDate?: string | null;
  endDate?: string | null;
  /** Origin state. */
  stateId?: number | null;
  /** Work year: loads in that year's work weeks. */
  year?: number | null;
};

/** Who reads: without DenyDelete on DriverDashboardPage a user sees only the loads they drive. */
export type TLoadViewer = { userId: number; seesAllDrivers: boolean };

export type TLoadPaging = { page: number; pageSize: number; sortBy: TLoadSortColumn; sortDir: 'asc' | 'desc' };

export type TLoadsPageResult = TLoadsPage;

const originState = alias(states, 'origin_state');
const destinationState = alias(states, 'destination_state');
const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

/** A person's display name in SQL, the same rule as fullNameOf(). */
const nameOf = (u: string) =>
  sql.raw(`coalesce(nullif(concat_ws(' ', nullif(${u}.first_name, ''), nullif(${u}.last_name, '')), ''), ${u}.display_name, ${u}.email)`);

const driverUser = alias(users, 'u');

/** Each load's drivers in one lateral lookup on the load_drivers primary key: id, name and the
 * unit they drive in the load's company, in position order. */
const driversOfLoad = new QueryBuilder()
  .select({
    list: sql<TLoadDriver[] | string | null>`json_agg(json_build_object('userId', ${loadDrivers.userId}, 'name', ${nameOf('u')},
      'unitNumber', ${userCompanies.unitNumber}) order by ${loadDrivers.position})`.as('list'),
  })
  .from(loadDrivers)
  .innerJoin(driverUser, eq(driverUser.id, loadDrivers.userId))
  .leftJoin(userCompanies, and(eq(userCompanies.userId, loadDrivers.userId), eq(userCompanies.companyId, loads.companyId)))
  .where(eq(loadDrivers.loadId, loads.id))
  .as('drivers');

const loadColumns = {
  loadId: loads.id,
  loadNumber: loads.loadNumber,
  brokerId: loads.brokerId,
  brokerName: brokers.name,
  loadStartDate: isoOf(loads.loadStartDate),
  loadEndDate: isoOf(loads.loadEndDate),
  weekId: loads.weekId,
  originStateId: loads.originStateId,
  originCity: loads.originCity,
  destinationStateId: loads.destinationStateId,
  destinationCity: loads.destinationCity,
  tripLength: loads.tripLength,
  numberOfStops: loads.numberOfStops,
  pricePerMile: loads.pricePerMile,
  payout: loads.payout,
  loadStatusId: loads.loadStatusId,
  drivers: driversOfLoad.list,
  isDispute: loads.isDispute,
  comments: loads.comments,
  createdBy: sql<string | null>`${nameOf('creator')}`,
  createdOn: isoOf(loads.createdOn),
  updatedBy: sql<string | null>`${nameOf('updater')}`,
  updatedOn: isoOf(loads.updatedOn),
};

const stateNameOf = (column: AnyPgColumn) => sql`(select ${states.name} from ${states} where ${states.id} = ${column})`;

/**
 * Sort keys. `join` names the lookup the id query joins for a sort by name; `outer` is the same
 * key for the page's own rows (a scalar lookup: the page has at most 1,000 of them).
 */
const SORT_KEYS: Record<TLoadSortColumn, { key: AnyPgColumn | SQL; join?: 'broker' | 'origin' | 'destination' | 'status'; outer?: SQL }> = {
  loadNumber: { key: loads.loadNumber },
  brokerName: { key: brokers.name, join: 'broker' },
  loadStartDate: { key: loads.loadStartDate },
  loadEndDate: { key: loads.loadEndDate },
  weekId: { key: loads.weekId },
  originCity: { key: loads.originCity },
  originStateName: { key: originState.name, join: 'origin', outer: stateNameOf(loads.originStateId) },
  destinationCity: { key: loads.destinationCity },
  destinationStateName: { key: destinationState.name, join: 'destination', outer: stateNameOf(loads.destinationStateId) },
  tripLength: { key: loads.tripLength },
  numberOfStops: { key: loads.numberOfStops },
  pricePerMile: { key: loads.pricePerMile },
  payout: { key: loads.payout },
  loadStatusName: {
    key: loadStatuses.name,
    join: 'status',
    outer: sql`(select ${loadStatuses.name} from ${loadStatuses} where ${loadStatuses.id} = ${loads.loadStatusId})`,
  },
  isDispute: { key: loads.isDispute },
  createdOn: { key: loads.createdOn },
  updatedOn: { key: loads.updatedOn },
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A driver's loads as an array looked up first (load_drivers_user_idx, then the loads primary
 * key), rather than a semi-join the planner might place after the name joins. */
const drives = (userId: number) =>
  sql`${loads.id} = any(array(select ${loadDrivers.loadId} from ${loadDrivers} where ${loadDrivers.userId} = ${userId}))`;

/** The WHERE of every board read: the company first, then the filter, then what the viewer may see. */
export function loadsWhere(companyId: number, filter: TLoadQueryFilter, viewer: TLoadViewer): SQL {
  const conditions: SQL[] = [eq(loads.companyId, companyId)];
  if (filter.loadNumber) {
    // Matches loads_company_number_prefix_idx (company_id, lower(load_number) text_pattern_ops).
    conditions.push(sql`lower(${loads.loadNumber}) like ${`${escapeLike(filter.loadNumber.toLowerCase())}%`}`);
  }
  if (filter.search) {
    const text = escapeLike(filter.search.toLowerCase());
    const part = `%${text}%`;
    conditions.push(sql`(lower(${loads.loadNumber}) like ${`${text}%`}
      or lower(${loads.originCity}) like ${part} or lower(${loads.destinationCity}) like ${part}
      or exists (select 1 from ${brokers} where ${brokers.companyId} = ${companyId} and ${brokers.id} = ${loads.brokerId} and lower(${brokers.name}) like ${part})
      or exists (select 1 from ${loadDrivers} join ${users} on ${users.id} = ${loadDrivers.userId}
        where ${loadDrivers.loadId} = ${loads.id} and lower(${nameOf('users')}) like ${part}))`);
  }
  if (filter.weekId) conditions.push(eq(loads.weekId, filter.weekId));
  if (filter.year) {
    conditions.push(
      sql`${loads.weekId} in (select ${workWeeks.id} from ${workWeeks} where ${workWeeks.companyId} = ${companyId} and ${workWeeks.year} = ${filter.year})`,
    );
  }
  if (filter.stateId) conditions.push(eq(loads.originStateId, filter.stateId));
  if (filter.startDate) conditions.push(sql`${loads.loadStartDate} >= (${filter.startDate}::date)::timestamp at time zone 'UTC'`);
  if (filter.endDate) conditions.push(sql`${loads.loadStartDate} < (${filter.endDate}::date + 1)::timestamp at time zone 'UTC'`);
  if (!viewer.seesAllDrivers) conditions.push(drives(viewer.userId));
  else if (filter.driverId) conditions.push(drives(filter.driverId));
  return and(...conditions)!;
}

type TRawLoad = { [K in keyof typeof loadColumns]: unknown };

function toLoad(r: TRawLoad, companyName: string): TLoad {
  const raw = r.drivers;
  const drivers = ((typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []) as TLoadDriver[];
  return {
    ...(r as Omit<TLoad, 'originStateName' | 'destinationStateName' | 'loadStatusName' | 'companyName' | 'loadDrivers' | 'loadDriverNames'>),
    originStateName: usStates[Number(r.originStateId) - 1]?.name ?? '',
    destinationStateName: usStates[Number(r.destinationStateId) - 1]?.name ?? '',
    loadStatusName: LOAD_STATUSES[Number(r.loadStatusId) - 1] ?? '',
    tripLength: Number(r.tripLength),
    pricePerMile: Number(r.pricePerMile),
    payout: Number(r.payout),
    drivers,
    loadDrivers: drivers.map((d) => Number(d.userId)),
    loadDriverNames: drivers.map((d) => d.name).join(', '),
    companyName,
  };
}

/** The company's name, once per statement (an InitPlan), rather than joined to every row. */
const companyNameSql = (companyId: number) => sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${companyId})`;

/** The names every row carries, joined after the loads (the written order is the order kept). */
function withNames<T>(q: T): T {
  return (q as any)
    .innerJoin(brokers, eq(brokers.id, loads.brokerId))
    .leftJoin(creator, eq(creator.id, loads.createdBy))
    .leftJoin(updater, eq(updater.id, loads.updatedBy))
    .leftJoinLateral(driversOfLoad, sql`true`);
}

function orderOf(sortBy: TLoadSortColumn, sortDir: 'asc' | 'desc', outer = false): SQL[] {
  const dir = sortDir === 'asc' ? asc : desc;
  const sort = SORT_KEYS[sortBy];
  return [dir(outer ? (sort.outer ?? sort.key) : sort.key), dir(loads.id)];
}

/**
 * The ids of one page, from `loads` alone (plus the one lookup table a sort by name needs): the
 * filter, sort and limit run on the indexes of `loads`, a sort on another column as a top-N sort.
 */
function pageIds(db: TDbLike, where: SQL, paging: TLoadPaging) {
  const order = orderOf(paging.sortBy, paging.sortDir);
  let q = db.select({ id: loads.id }).from(loads).$dynamic();
  const join = SORT_KEYS[paging.sortBy].join;
  if (join === 'broker') q = q.innerJoin(brokers, eq(brokers.id, loads.brokerId));
  if (join === 'origin') q = q.innerJoin(originState, eq(originState.id, loads.originStateId));
  if (join === 'destination') q = q.innerJoin(destinationState, eq(destinationState.id, loads.destinationStateId));
  if (join === 'status') q = q.innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId));
  return q
    .where(where)
    .orderBy(...order)
    .limit(paging.pageSize)
    .offset(paging.page * paging.pageSize)
    .as('page');
}

/** The loads the filter selects, newest start first, at most `limit` of them (GetFilteredLoads, GetLoadHistory). */
export async function findLoads(
  db: TDbLike,
  companyId: number,
  filter: TLoadQueryFilter,
  viewer: TLoadViewer,
  limit: number,
): Promise<TLoad[]> {
  const rows = await withNames(db.select({ ...loadColumns, companyName: companyNameSql(companyId) }).from(loads))
    .where(loadsWhere(companyId, filter, viewer))
    .orderBy(...orderOf('loadStartDate', 'desc'))
    .limit(limit);
  return rows.map((r) => toLoad(r, String(r.companyName ?? '')));
}

/** Count and exact payout total of every load the filter selects. */
export async function sumLoads(db: TDbLike, companyId: number, filter: TLoadQueryFilter, viewer: TLoadViewer) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      totalPayout: sql<string>`coalesce(sum(${loads.payout}), 0)::numeric(16, 2)::text`,
      totalMiles: sql<string>`coalesce(sum(${loads.tripLength}), 0)::numeric(14, 1)::text`,
      averageRatePerMile: sql<string | null>`(sum(${loads.payout}) / nullif(sum(${loads.tripLength}), 0))::numeric(12, 2)::text`,
      companyName: companyNameSql(companyId),
    })
    .from(loads)
    .where(loadsWhere(companyId, filter, viewer));
  return {
    total: Number(row.total),
    totalPayout: String(row.totalPayout),
    totalMiles: String(row.totalMiles),
    averageRatePerMile: row.averageRatePerMile === null ? null : String(row.averageRatePerMile),
    companyName: String(row.companyName ?? ''),
  };
}

/**
 * One sorted page of the loads the filter selects, with the count and the exact payout total over
 * all of them (GetFilteredLoadsPage, GetLoadHistoryPage; the benchmark calls it directly). Two
 * statements run side by side: the page (ids by filter, sort and limit, then names for those
 * rows only) and the count with the sum.
 */
export async function findLoadsPage(
  db: TDbLike,
  companyId: number,
  filter: TLoadQueryFilter,
  paging: TLoadPaging,
  viewer: TLoadViewer,
): Promise<TLoadsPageResult> {
  const where = loadsWhere(companyId, filter, viewer);
  const page = pageIds(db, where, paging);
  const [rows, totals] = await Promise.all([
    // The page comes first in FROM: PostgreSQL then walks its few ids into the loads primary key.
    withNames(db.select(loadColumns).from(page).innerJoin(loads, eq(loads.id, page.id))).orderBy(
      ...orderOf(paging.sortBy, paging.sortDir, true),
    ),
    sumLoads(db, companyId, filter, viewer),
  ]);
  return {
    rows: rows.map((r) => toLoad(r, totals.companyName)),
    total: totals.total,
    totalPayout: totals.totalPayout,
    totalMiles: totals.totalMiles,
    averageRatePerMile: totals.averageRatePerMile,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
